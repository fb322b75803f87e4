import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatCents } from '@tradelist/pricing/money';
import type { Config } from '../../../config/env.ts';
import type { AppContext } from '../../../context.ts';
import { migrateToLatest, type DatabaseHandle } from '../../../db/database.ts';
import { BackupError, writeBackupFile } from '../../../db/embedded-backup.ts';
import { utcDay } from '../../../lib/clock.ts';
import { seedSampleData } from '../../../db/seed.ts';
import { moveDiskUploads } from '../../../storage/move-disk-uploads.ts';
import { AppError } from '../../../errors.ts';
import { DEFAULT_GRANT_DAYS, grantSubscription } from '../../billing/services/grant-subscription.ts';
import { importEdition } from '../../catalog/services/import-edition.ts';
import type { EditionComparison, PriceChange } from '../../catalog/services/edition-diff.ts';
import { listEditions } from '../../catalog/services/list-editions.ts';
import { revokeSubscription } from '../../billing/services/revoke-subscription.ts';
import { commandLineActor, recordComplimentaryGrant, recordComplimentaryRevoke } from './audit-log.ts';
import { grantOperator, revokeOperator } from './operator-role.ts';
import { parsePostFile, publishPostAsOperator } from '../../content/services/publish-post.ts';

/**
 * What the operator commands need: the database, the clock, the upload store, whether this is
 * production and DATA_DIR (where `migrate` looks for uploads an earlier version kept on disk).
 */
export type AdminContext = Pick<AppContext, 'db' | 'clock' | 'uploads'> & {
  config: Pick<Config, 'env' | 'dataDir'>;
  /** The open database, for `backup` (the CLI and the server's operator route pass it). */
  database?: Pick<DatabaseHandle, 'kind' | 'dumpEmbedded'>;
};

/** `backup` and `restore` on PostgreSQL: its own tools do it (decision 0035). */
export const postgresBackupMessage = 'With DATABASE_URL, back up PostgreSQL with pg_dump and restore it with pg_restore: see docs/backups.md.';
/** `restore` while a server has the embedded database open. */
export const restoreWhileRunningMessage = 'The server is running on this database: stop it, then run restore again (restore replaces the database it has open).';

export interface AdminCommandResult {
  /** 0 done, 1 refused or failed, 2 not understood (usage). */
  exitCode: number;
  output: string;
}

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

/** At most this many problem lines are printed for a rejected file (the count is always given). */
const MAX_PROBLEM_LINES = 1000;

class UsageError extends Error {}

function parse(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>, positionals: { min: number; max: number }) {
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
  try {
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
        return { exitCode: command === undefined ? 2 : 0, output: adminUsage };
      case 'migrate': {
        parse(args, {}, { min: 0, max: 0 });
        const applied = await migrateToLatest(ctx.db);
        const moved = await moveDiskUploads(ctx.uploads, ctx.config.dataDir);
        const lines = [applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.'];
        if (moved > 0) lines.push(`Moved ${moved} uploaded file${moved === 1 ? '' : 's'} from ${ctx.config.dataDir} into the database.`);
        return done(lines.join('\n'));
      }
      case 'seed':
        parse(args, {}, { min: 0, max: 0 });
        return await seed(ctx);
      case 'import-edition':
        return await runImportEdition(ctx, args, files);
      case 'list-editions': {
        const { positionals } = parse(args, {}, { min: 0, max: 1 });
        return done(formatEditions(await listEditions(ctx, positionals[0])));
      }
      case 'grant-subscription': {
        const { values, positionals } = parse(args, { days: { type: 'string' } }, { min: 1, max: 1 });
        const days = values.days === undefined ? undefined : /^\d+$/.test(String(values.days)) ? Number(values.days) : Number.NaN;
        const result = await grantSubscription(ctx, { email: positionals[0]!, days }, recordComplimentaryGrant(ctx.clock.now(), commandLineActor));
        const until = result.subscription.period_end.toISOString().slice(0, 10);
        const lines = {
          created: `Granted ${result.user.email} a complimentary annual subscription until ${until}.`,
          extended: `Extended ${result.user.email}'s complimentary subscription until ${until}.`,
          unchanged: `${result.user.email} already has a complimentary subscription until ${until}; nothing changed.`,
        };
        return done(lines[result.outcome]);
      }
      case 'publish-post': {
        const { positionals } = parse(args, {}, { min: 1, max: 1 });
        const content = files.get(positionals[0]!);
        if (!content) return { exitCode: 1, output: `Cannot read the file ${positionals[0]}.\n` };
        const parsed = parsePostFile(content);
        if ('problems' in parsed) return { exitCode: 1, output: `${positionals[0]} was not published:\n  ${parsed.problems.join('\n  ')}\n` };
        const post = await publishPostAsOperator(ctx.db, commandLineActor, parsed.draft, ctx.clock.now());
        return done(`Published "${post.title}" at /blog/${post.custom_url} (id ${post.id}).`);
      }
      case 'backup': {
        const { positionals } = parse(args, {}, { min: 1, max: 1 });
        return await backup(ctx, positionals[0]!);
      }
      case 'restore':
        parse(args, {}, { min: 1, max: 1 });
        // The CLI restores the embedded database itself, with no server running (cli.ts); here it is open.
        return { exitCode: 1, output: `${ctx.database?.kind === 'postgres' ? postgresBackupMessage : restoreWhileRunningMessage}\n` };
      case 'revoke-subscription': {
        const { positionals } = parse(args, {}, { min: 1, max: 1 });
        const result = await revokeSubscription(ctx, { email: positionals[0]! }, recordComplimentaryRevoke(ctx.clock.now(), commandLineActor));
        const paid = result.stillEntitledBy
          ? ` They still have a paid subscription until ${result.stillEntitledBy.period_end.toISOString().slice(0, 10)} (managed through payments).`
          : '';
        return done(`Ended ${result.email}'s complimentary subscription${result.revoked > 1 ? 's' : ''} now.${paid}`);
      }
      case 'grant-operator': {
        const { positionals } = parse(args, {}, { min: 1, max: 1 });
        return done(await grantOperator(ctx, commandLineActor, positionals[0]!));
      }
      case 'revoke-operator': {
        const { positionals } = parse(args, {}, { min: 1, max: 1 });
        return done(await revokeOperator(ctx, commandLineActor, positionals[0]!));
      }
      default:
        return { exitCode: 2, output: `Unknown command "${command}".\n\n${adminUsage}` };
    }
  } catch (error) {
    if (error instanceof UsageError) return { exitCode: 2, output: `${error.message}\n\n${adminUsage}` };
    if (error instanceof AppError || error instanceof BackupError) return { exitCode: 1, output: `${error.message}\n` };
    throw error;
  }
}

function done(text: string): AdminCommandResult {
  return { exitCode: 0, output: text.endsWith('\n') ? text : `${text}\n` };
}

/**
 * Writes a backup of the embedded database to `file` (the CLI makes it absolute, from the folder
 * the operator typed the command in). The server's operator route runs this too, so a backup is
 * taken from the database the running server holds, between two of its queries.
 */
async function backup(ctx: AdminContext, file: string): Promise<AdminCommandResult> {
  if (ctx.database?.kind === 'postgres') return { exitCode: 1, output: `${postgresBackupMessage}\n` };
  if (!ctx.database?.dumpEmbedded) return { exitCode: 1, output: 'This process cannot back up its database.\n' };
  const target = path.resolve(file);
  const bytes = await ctx.database.dumpEmbedded();
  await writeBackupFile(target, bytes);
  const megabytes = (bytes.length / 1024 / 1024).toFixed(1);
  return done(`Backed up the embedded database to ${target} (${megabytes} MB).\nRestore it, with the server stopped: npm run admin -- restore ${target}`);
}

async function seed(ctx: AdminContext): Promise<AdminCommandResult> {
  await migrateToLatest(ctx.db);
  if (ctx.config.env === 'production') return { exitCode: 1, output: 'Refusing to load sample data with NODE_ENV=production.\n' };
  const result = await seedSampleData(ctx.db, ctx.clock.now());
  const lines = [
    result.plans.length ? `Plans added: ${result.plans.join(', ')}` : null,
    result.editions.length ? `Sample catalog loaded: ${result.editions.join(', ')}` : null,
    result.created.length ? `Created demo accounts: ${result.created.join(', ')}` : null,
    result.guide.length ? `User guide added: ${result.guide.join(', ')}` : null,
    result.posts.length ? `Sample blog posts published: ${result.posts.length}` : null,
  ].filter((line) => line !== null);
  return done(lines.length ? lines.join('\n') : 'Sample data already loaded.');
}

async function runImportEdition(ctx: AdminContext, args: string[], files: ReadonlyMap<string, Uint8Array>): Promise<AdminCommandResult> {
  const { values, positionals } = parse(args, { name: { type: 'string' }, rundate: { type: 'string' }, 'dry-run': { type: 'boolean' } }, { min: 2, max: 2 });
  const [category, fileName] = positionals as [string, string];
  const content = files.get(fileName);
  if (!content) return { exitCode: 1, output: `Cannot read the file ${fileName}.\n` };
  const result = await importEdition(ctx, {
    category,
    fileName,
    content,
    name: values.name as string | undefined,
    rundate: values.rundate as string | undefined,
    dryRun: values['dry-run'] === true,
  });
  if (result.status === 'rejected') {
    const count = result.problems.length;
    const lines = result.problems.slice(0, MAX_PROBLEM_LINES).map((problem) => `  ${problem.row === null ? 'File' : `Row ${problem.row}`}: ${problem.message}`);
    if (count > MAX_PROBLEM_LINES) lines.push(`  ... and ${count - MAX_PROBLEM_LINES} more.`);
    return { exitCode: 1, output: `${fileName} was not imported (${count} problem${count === 1 ? '' : 's'}); nothing was stored.\n${lines.join('\n')}\n` };
  }
  const { edition, category: target, comparison } = result;
  const verb = result.status === 'imported' ? 'Imported' : 'Checked (dry run, nothing stored)';
  const lines = [
    `${verb}: "${edition.name}" as ${edition.code}, run date ${edition.rundate}, ${edition.isFree ? 'free' : 'paid'}, ${count(edition.itemCount)} items.`,
  ];
  if (result.status === 'imported' && target.wasAnnounced) lines.push(`${target.name} is no longer only announced.`);
  if (result.status === 'imported') {
    // The announcement was scheduled with the edition; the workers' scheduled look starts it (docs/decisions/0019).
    lines.push(
      edition.rundate > utcDay(ctx.clock.now())
        ? `Users see it from ${edition.rundate}; those with new-edition emails on are emailed then.`
        : 'Users with new-edition emails on who have access to it are emailed within minutes.',
    );
  }
  lines.push(...formatComparison(comparison));
  return done(lines.join('\n'));
}

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => `$${formatCents(cents)}`;

function change(c: PriceChange): string {
  let percent = 'was free';
  if (c.oldCents > 0) {
    const tenths = Math.round(((c.newCents - c.oldCents) * 1000) / c.oldCents);
    percent = `${tenths > 0 ? '+' : ''}${(tenths / 10).toFixed(1)}%`;
  }
  return `    ${c.sku}  ${c.name}: ${dollars(c.oldCents)} -> ${dollars(c.newCents)} (${percent})`;
}

function formatComparison(comparison: EditionComparison): string[] {
  if (!comparison.previous) return ['No previous edition of this category to compare with.'];
  const p = comparison.previous;
  const lines = [
    `Compared with ${p.code} "${p.name}" (${p.rundate}):`,
    `  new ${count(comparison.added)}, removed ${count(comparison.removed)}, price up ${count(comparison.priceUp)}, price down ${count(comparison.priceDown)}, unchanged ${count(comparison.unchanged)}`,
  ];
  const { examples } = comparison;
  if (examples.added.length) lines.push('  New, e.g.:', ...examples.added.map((item) => `    ${item.sku}  ${item.name} (${dollars(item.costCents)})`));
  if (examples.removed.length) lines.push('  Removed, e.g.:', ...examples.removed.map((item) => `    ${item.sku}  ${item.name} (was ${dollars(item.costCents)})`));
  if (examples.priceUp.length) lines.push('  Largest price rises:', ...examples.priceUp.map(change));
  if (examples.priceDown.length) lines.push('  Largest price drops:', ...examples.priceDown.map(change));
  return lines;
}

function formatEditions(editions: Awaited<ReturnType<typeof listEditions>>): string {
  if (editions.length === 0) return 'No editions yet.';
  const rows = [
    ['Run date', 'Code', 'Name', 'Items', 'Access'],
    ...editions.map((e) => [e.rundate, e.collection_id, e.name, count(e.item_count), e.is_free ? 'free' : 'paid']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
