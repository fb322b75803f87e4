import type { Db } from '../../../db/database.ts';
import type { FunnelEvent } from '@tradelist/contract/billing';

/**
 * Claims a billing email about one thing (`kind`, `subjectKey`): true the first time only, so a
 * receipt, reminder or notice goes out once however often the event that causes it arrives.
 * Call it in the transaction that queues the email.
 */
export async function claimBillingNotice(db: Db, notice: { kind: string; subjectKey: string; userId: number; now: Date }): Promise<boolean> {
  const row = await db
    .insertInto('billing_notices')
    .values({ kind: notice.kind, subject_key: notice.subjectKey, user_id: notice.userId, created_at: notice.now })
    .onConflict((oc) => oc.columns(['kind', 'subject_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a step of the buying path. */
export async function recordFunnelEvent(db: Db, event: FunnelEvent, userId: number, now: Date): Promise<void> {
  await db.insertInto('funnel_events').values({ event, user_id: userId, created_at: now }).execute();
}

/** A Stripe event as received: new (insert it now) or already received (processed or not). */
export async function recordProviderEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string; now: Date },
): Promise<{ isNew: boolean; processed: boolean }> {
  const inserted = await db
    .insertInto('processed_provider_events')
    .values({ provider: event.provider, event_id: event.eventId, type: event.type, received_at: event.now, processed_at: null })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { isNew: true, processed: false };
  const known = await db
    .selectFrom('processed_provider_events')
    .select('processed_at')
    .where('provider', '=', event.provider)
    .where('event_id', '=', event.eventId)
    .executeTakeFirst();
  return { isNew: false, processed: known?.processed_at != null };
}

/** Marks a received event processed (in the transaction that applied it). */
export async function markProviderEventProcessed(db: Db, provider: string, eventId: string, now: Date): Promise<void> {
  await db
    .updateTable('processed_provider_events')
    .set({ processed_at: now })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();
}
