import { parseArgs } from 'node:util';
import type { Config } from '../../../config/env.ts';
import type { AppContext } from '../../../context.ts';
import type { DatabaseHandle } from '../../../db/database.ts';

/**
 * What the operator commands need: the database, the clock, the upload store, whether this is
 * production and DATA_DIR (where `migrate` looks for uploads an earlier version kept on disk).
 */
export type AdminContext = Pick<AppContext, 'db' | 'clock' | 'uploads'> & {
  config: Pick<Config, 'env' | 'dataDir'>;
  /** The open database, for `backup` (the CLI and the server's operator route pass it). */
  database?: Pick<DatabaseHandle, 'kind' | 'dumpEmbedded'>;
};

export interface AdminCommandResult {
  /** 0 done, 1 refused or failed, 2 not understood (usage). */
  exitCode: number;
  output: string;
}

/** One command: its arguments after the command's name, and the bytes of the files they name. */
export type AdminCommand = (ctx: AdminContext, args: string[], files: ReadonlyMap<string, Uint8Array>) => Promise<AdminCommandResult>;

/** Arguments a command does not understand: the usage is printed with the message. */
export class UsageError extends Error {}

/** The command's options and positionals, or a UsageError naming what is wrong. */
export function parseCommandArgs(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>, positionals: { min: number; max: number }) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length < positionals.min) throw new UsageError('Missing arguments.');
  if (parsed.positionals.length > positionals.max) throw new UsageError(`Unexpected argument "${parsed.positionals[positionals.max]}".`);
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
}

/** A command that succeeded, printing `text` (one final newline). */
export function done(text: string): AdminCommandResult {
  return { exitCode: 0, output: text.endsWith('\n') ? text : `${text}\n` };
}
