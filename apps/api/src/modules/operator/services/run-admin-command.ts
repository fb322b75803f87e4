import { parseArgs } from 'node:util';
import { BackupError } from '../../../db/embedded-backup.ts';
import { AppError } from '../../../errors.ts';
import { DEFAULT_GRANT_DAYS } from '../../billing/index.ts';
import { accessCommands } from './admin-access-commands.ts';
import { catalogCommands } from './admin-catalog-commands.ts';
import { UsageError, type AdminCommand, type AdminCommandResult, type AdminContext } from './admin-command.ts';
import { contentCommands } from './admin-content-commands.ts';
import { databaseCommands } from './admin-database-commands.ts';

export const adminUsage = `Usage: npm run admin -- <command>   (the same as: node apps/api/dist/cli.js <command>)

Commands:
  migrate                                     bring the database schema up to date
  seed                                        migrate, then load the sample data that is missing
  import-edition <category> <file> [--name "<edition name>"] [--rundate YYYY-MM-DD] [--dry-run]
                                              a new edition of a category (name, slug or id) from a
                                              supplier CSV or .xlsx file with the columns
                                              sku, name, description, unit, group, cost; a later
                                              run date publishes it on that day
  list-editions [<category>]                  the editions, newest first
  grant-subscription <email> [--days N]       a complimentary annual subscription (default ${DEFAULT_GRANT_DAYS} days)
  revoke-subscription <email>                 end a user's complimentary subscription now
  grant-operator <email>                      let an activated user open the operator console (/operator)
  revoke-operator <email>                     take the console away again (never from the last operator)
  backup <file>                               the embedded database (uploaded pictures included) as a
                                              gzipped tar, whether or not the server runs; never
                                              overwrites a file (PostgreSQL: pg_dump, see docs/backups.md)
  restore <file>                              put a backup in place of the embedded database, with the
                                              server stopped; the replaced one is kept beside it
  publish-post <file.json>                    publish a blog post (custom_url, title, category, intro,
                                              author, author_image, thumbnail, paragraphs: [{ text, image }]
                                              with markdown text); a post with the same custom_url is replaced
`;

/** Every command by name, one file per group. */
const commands: Record<string, AdminCommand> = { ...databaseCommands, ...catalogCommands, ...accessCommands, ...contentCommands };

/**
 * The arguments of `argv` that name files to read (import-edition's <file>): the CLI reads them
 * and hands their bytes over, so the command runs the same in the CLI and in the server.
 */
export function fileArguments(argv: readonly string[]): string[] {
  if (argv[0] === 'publish-post') return argv[1] === undefined ? [] : [argv[1]];
  if (argv[0] !== 'import-edition') return [];
  try {
    const { positionals } = parseArgs({ args: argv.slice(1), options: { name: { type: 'string' }, rundate: { type: 'string' } }, allowPositionals: true, strict: false });
    return positionals[1] === undefined ? [] : [positionals[1]];
  } catch {
    return [];
  }
}

/**
 * Runs one operator command (issue 3 §1) and returns its printed output and exit code. The CLI
 * calls it directly, and the running server calls it for the CLI (routes/admin-cli.ts), so both
 * paths behave the same. `files` holds the bytes of the files named in `argv`.
 */
export async function runAdminCommand(ctx: AdminContext, argv: readonly string[], files: ReadonlyMap<string, Uint8Array>): Promise<AdminCommandResult> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help') return { exitCode: command === undefined ? 2 : 0, output: adminUsage };
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) return { exitCode: 2, output: `Unknown command "${command}".\n\n${adminUsage}` };
  try {
    return await run(ctx, args, files);
  } catch (error) {
    if (error instanceof UsageError) return { exitCode: 2, output: `${error.message}\n\n${adminUsage}` };
    if (error instanceof AppError || error instanceof BackupError) return { exitCode: 1, output: `${error.message}\n` };
    throw error;
  }
}
