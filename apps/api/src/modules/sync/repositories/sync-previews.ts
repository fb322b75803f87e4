import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PreviewItemKind, SyncPreviewRow, SyncPreviewsTable } from '../../../db/schema.ts';
import type { PlannedItem } from '../services/sync-plan.ts';

export function insertPreview(db: Db, preview: Insertable<SyncPreviewsTable>): Promise<SyncPreviewRow> {
  return db.insertInto('sync_previews').values(preview).returningAll().executeTakeFirstOrThrow();
}

export function findPreview(db: Db, id: number): Promise<SyncPreviewRow | undefined> {
  return db.selectFrom('sync_previews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the user's previews; another user's is as unknown as a missing one. */
export function findPreviewOfUser(db: Db, userId: number, id: number): Promise<SyncPreviewRow | undefined> {
  return db.selectFrom('sync_previews').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces a running preview's items and makes it ready, in the caller's transaction; false when it is not running any more. */
export async function completePreview(db: Db, id: number, items: Array<PlannedItem & { magnitude: number }>, counts: Record<PreviewItemKind, number>, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('sync_previews')
    .set({ status: 'ready', counts: JSON.stringify(counts), ready_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('sync_preview_items').where('preview_id', '=', id).execute();
  for (let start = 0; start < items.length; start += 1000) {
    await db
      .insertInto('sync_preview_items')
      .values(
        items.slice(start, start + 1000).map((i) => ({
          preview_id: id,
          sku: i.sku,
          name: i.name,
          kind: i.kind,
          old_cents: i.oldCents,
          new_cents: i.newCents,
          magnitude_cents: i.magnitude,
          remote_id: i.remoteId,
        })),
      )
      .onConflict((oc) => oc.columns(['preview_id', 'sku']).doNothing())
      .execute();
  }
  return true;
}

/** Ends a running preview as failed, with the reason. */
export async function failPreview(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('sync_previews').set({ status: 'failed', error }).where('id', '=', id).where('status', '=', 'running').execute();
}

/** Every item of a preview, by SKU (what an approved sync may write). */
export async function previewItemsBySku(db: Db, id: number): Promise<Map<string, PlannedItem>> {
  const rows = await db.selectFrom('sync_preview_items').select(['sku', 'name', 'kind', 'old_cents', 'new_cents', 'remote_id']).where('preview_id', '=', id).execute();
  return new Map(rows.map((r) => [r.sku, { sku: r.sku, name: r.name, kind: r.kind, oldCents: r.old_cents, newCents: r.new_cents, remoteId: r.remote_id }]));
}

/** One page of a preview's items, largest change first, of one kind and matching a search (SKU or name, any case). */
export async function pageOfPreviewItems(db: Db, id: number, filter: { kind?: PreviewItemKind | undefined; search: string; offset: number; limit: number }): Promise<{ total: number; items: PlannedItem[] }> {
  let query = db.selectFrom('sync_preview_items').where('preview_id', '=', id);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('sku', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    query
      .select(['sku', 'name', 'kind', 'old_cents', 'new_cents', 'remote_id'])
      .orderBy('magnitude_cents', 'desc')
      .orderBy('sku')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
  ]);
  return { total: Number(total), items: rows.map((r) => ({ sku: r.sku, name: r.name, kind: r.kind, oldCents: r.old_cents, newCents: r.new_cents, remoteId: r.remote_id })) };
}

/**
 * Records the approval, once: the row is updated only while unapproved, so of two approvals at
 * once the second finds it approved (it waits for the first's row lock) and changes nothing.
 */
export async function approvePreviewOnce(db: Db, id: number, approval: { by: string; at: Date; approval: string }): Promise<boolean> {
  const updated = await db
    .updateTable('sync_previews')
    .set({ approved_at: approval.at, approved_by: approval.by, approval: approval.approval })
    .where('id', '=', id)
    .where('approved_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function linkPreviewToRun(db: Db, id: number, syncRunId: number): Promise<void> {
  await db.updateTable('sync_previews').set({ sync_run_id: syncRunId }).where('id', '=', id).execute();
}

/** Whether a newer edition of the edition's category came out after `since` (a preview of it then expires). */
export async function newerEditionSince(db: Db, collectionId: number, since: Date, today: string): Promise<boolean> {
  const row = await db
    .selectFrom('collections as newer')
    .innerJoin('collections as edition', 'edition.category_id', 'newer.category_id')
    .select('newer.id')
    .where('edition.id', '=', collectionId)
    .where('newer.rundate', '<=', today)
    .where((eb) =>
      eb.and([
        eb.or([eb('newer.rundate', '>', eb.ref('edition.rundate')), eb.and([eb('newer.rundate', '=', eb.ref('edition.rundate')), eb('newer.id', '>', eb.ref('edition.id'))])]),
        // Current from its run date, or from its publication when published later that day.
        eb.or([eb('newer.rundate', '>', since.toISOString().slice(0, 10)), eb('newer.created_at', '>', since)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a sync to this target ran at or after `since` (it may have changed the target). */
export async function syncToTargetSince(db: Db, target: { user_id: number; provider: SyncPreviewRow['provider']; account_id: string }, since: Date, except: number | null): Promise<boolean> {
  let query = db
    .selectFrom('sync_runs')
    .select('id')
    .where('user_id', '=', target.user_id)
    .where('provider', '=', target.provider)
    .where('account_id', '=', target.account_id)
    // Still to finish when the preview was made, or finished since.
    .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', since)]));
  if (except !== null) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Up to `limit` previews done with, oldest expiry first: expired before `before` and never
 * approved, or approved and the sync it started has ended while it still has items. Uses the
 * expiry index.
 */
export async function previewsDoneWith(db: Db, before: Date, limit: number): Promise<Array<{ id: number; approved: boolean }>> {
  const rows = await db
    .selectFrom('sync_previews as p')
    .select(['p.id', 'p.approved_at'])
    .where('p.expires_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('p.approved_at', 'is', null),
        eb.and([
          eb.exists(eb.selectFrom('sync_runs as r').select('r.id').whereRef('r.id', '=', 'p.sync_run_id').where('r.status', 'in', ['succeeded', 'failed'])),
          eb.exists(eb.selectFrom('sync_preview_items as i').select('i.preview_id').whereRef('i.preview_id', '=', 'p.id')),
        ]),
      ]),
    )
    .orderBy('p.expires_at')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, approved: r.approved_at !== null }));
}

/** Deletes up to `limit` items of these previews; answers how many it deleted. */
export async function deleteSomePreviewItems(db: Db, previewIds: number[], limit: number): Promise<number> {
  if (previewIds.length === 0) return 0;
  const result = await db
    .deleteFrom('sync_preview_items')
    .where((eb) => eb(eb.refTuple('preview_id', 'sku'), 'in', eb.selectFrom('sync_preview_items').select(['preview_id', 'sku']).where('preview_id', 'in', previewIds).limit(limit).$asTuple('preview_id', 'sku')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes these previews unless approved in the meantime (an approval is part of the sync record). */
export async function deleteUnapprovedPreviews(db: Db, previewIds: number[]): Promise<void> {
  if (previewIds.length === 0) return;
  await db.deleteFrom('sync_previews').where('id', 'in', previewIds).where('approved_at', 'is', null).execute();
}
