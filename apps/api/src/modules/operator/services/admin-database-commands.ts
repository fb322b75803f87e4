import path from 'node:path';
import { migrateToLatest } from '../../../db/database.ts';
import { writeBackupFile } from '../../../db/embedded-backup.ts';
import { seedSampleData } from '../../../db/seed.ts';
import { moveDiskUploads } from '../../../storage/move-disk-uploads.ts';
import { done, parseCommandArgs, type AdminCommand, type AdminCommandResult, type AdminContext } from './admin-command.ts';

/** `backup` and `restore` on PostgreSQL: its own tools do it (decision 0035). */
export const postgresBackupMessage = 'With DATABASE_URL, back up PostgreSQL with pg_dump and restore it with pg_restore: see docs/backups.md.';
/** `restore` while a server has the embedded database open. */
export const restoreWhileRunningMessage = 'The server is running on this database: stop it, then run restore again (restore replaces the database it has open).';

/** The commands that look after the database itself: migrate, seed, backup and restore. */
export const databaseCommands: Record<string, AdminCommand> = {
  async migrate(ctx, args) {
    parseCommandArgs(args, {}, { min: 0, max: 0 });
    const applied = await migrateToLatest(ctx.db);
    const moved = await moveDiskUploads(ctx.uploads, ctx.config.dataDir);
    const lines = [applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.'];
    if (moved > 0) lines.push(`Moved ${moved} uploaded file${moved === 1 ? '' : 's'} from ${ctx.config.dataDir} into the database.`);
    return done(lines.join('\n'));
  },
  async seed(ctx, args) {
    parseCommandArgs(args, {}, { min: 0, max: 0 });
    return await seed(ctx);
  },
  async backup(ctx, args) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
    return await backup(ctx, positionals[0]!);
  },
  async restore(ctx, args) {
    parseCommandArgs(args, {}, { min: 1, max: 1 });
    // The CLI restores the embedded database itself, with no server running (cli.ts); here it is open.
    return { exitCode: 1, output: `${ctx.database?.kind === 'postgres' ? postgresBackupMessage : restoreWhileRunningMessage}\n` };
  },
};

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
