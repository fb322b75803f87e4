import { appRoutes, buildPath } from '@tradelist/contract/app-routes';
import { syncProviderNames } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { AutomaticSyncRow, SyncRunRow } from '../../../db/schema.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { automaticSyncDoneMail, automaticSyncFailedMail } from '../../../mail/sync-templates.ts';
import { findCollectionById } from '../../catalog/index.ts';
import { findRecipient, findSyncingOfRun, moveAutomaticSync } from '../repositories/automatic-syncs.ts';
import { findRun } from '../repositories/sync-runs.ts';
import { accessRefused, notConnectedAnymore } from './run-sync.ts';

/**
 * Where the emails of automatic syncs link to (the web app's pages): the service's sync record
 * opened on the sync, the catalog on the edition's list (where Sync up previews what was held
 * back), and Settings on its Connections tab.
 */
function links(ctx: AppContext, run: Pick<AutomaticSyncRow, 'provider'> & { syncId?: number | null; categoryId: number }) {
  const app = ctx.config.appUrl;
  return {
    record: `${app}${buildPath(appRoutes.dashboardSyncHistory, { provider: run.provider })}${run.syncId ? `#sync-${run.syncId}` : ''}`,
    preview: `${app}${appRoutes.dashboardCatalog}?category=${run.categoryId}`,
    reconnect: `${app}${appRoutes.dashboardSettings}?tab=connections`,
    catalog: `${app}${appRoutes.dashboardCatalog}?category=${run.categoryId}`,
  };
}

/**
 * Why an automatic sync gave up: another sync of the same user to the service (from the catalog,
 * or a previous edition's) was still queued or running through every retry of its job, about an
 * hour and a half.
 */
export function connectionStayedBusy(provider: AutomaticSyncRow['provider']): string {
  return `Another sync to ${syncProviderNames[provider]} was still running after we had waited over an hour for it to finish.`;
}

/**
 * Ends an automatic sync as failed with `reason` and emails the user once, with the way to fix it
 * (connect again; sync later from the catalog, or once the other sync has finished): the state moves and the email is queued in one
 * transaction, so a second attempt finds it failed and sends nothing. Nothing retries it; the
 * next edition tries again.
 */
export async function failAutomaticSync(ctx: AppContext, row: AutomaticSyncRow, reason: string, db?: Db): Promise<void> {
  const work = async (trx: Db) => {
    const failed = await moveAutomaticSync(trx, row.id, ['pending', 'syncing'], { state: 'failed', reason, finished_at: ctx.clock.now() });
    if (!failed) return;
    const [recipient, edition] = await Promise.all([findRecipient(trx, row.user_id), findCollectionById(trx, row.collection_id)]);
    if (!recipient?.is_active || !edition) return;
    const reconnect = reason === notConnectedAnymore(row.provider) || reason === accessRefused(row.provider);
    const to = links(ctx, { ...row, categoryId: edition.category_id });
    const wait = reason === connectionStayedBusy(row.provider);
    const fix = reconnect ? { kind: 'reconnect' as const, url: to.reconnect } : { kind: wait ? ('wait' as const) : ('retry' as const), url: to.catalog };
    await queueEmail(
      ctx,
      trx,
      recipient.email,
      automaticSyncFailedMail(recipient.name, {
        providerName: syncProviderNames[row.provider],
        editionName: edition.name,
        categoryName: edition.category_name,
        reason,
        fix,
      }),
    );
  };
  if (db) await work(db);
  else await runUnitOfWork(ctx, work);
}

/**
 * Called in the transaction that ends sync run `syncRunId`: when the run was an automatic sync's,
 * that sync ends too, and its summary (or its failure) is emailed once.
 */
export async function reportAutomaticSyncEnd(ctx: AppContext, trx: Db, syncRunId: number): Promise<void> {
  const row = await findSyncingOfRun(trx, syncRunId);
  if (!row) return;
  const run = await findRun(trx, syncRunId);
  if (!run || (run.status !== 'succeeded' && run.status !== 'failed')) return;
  if (run.status === 'failed') {
    await failAutomaticSync(ctx, row, run.error ?? 'the sync failed.', trx);
    return;
  }
  const done = await moveAutomaticSync(trx, row.id, ['syncing'], { state: 'succeeded', finished_at: ctx.clock.now() });
  if (!done) return;
  await emailSummary(ctx, trx, row, run);
}

async function emailSummary(ctx: AppContext, trx: Db, row: AutomaticSyncRow, run: SyncRunRow): Promise<void> {
  const [recipient, edition] = await Promise.all([findRecipient(trx, row.user_id), findCollectionById(trx, row.collection_id)]);
  if (!recipient?.is_active || !edition) return;
  const to = links(ctx, { ...row, syncId: run.id, categoryId: edition.category_id });
  await queueEmail(
    ctx,
    trx,
    recipient.email,
    automaticSyncDoneMail(recipient.name, {
      providerName: syncProviderNames[row.provider],
      editionName: edition.name,
      categoryName: edition.category_name,
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      heldBack: run.left_alone,
      heldBackItems: run.held_back,
      failed: run.failed,
      recordUrl: to.record,
      previewUrl: to.preview,
    }),
  );
}
