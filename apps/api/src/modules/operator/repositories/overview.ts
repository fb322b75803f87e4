import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

const count = (n: string | number | bigint | null | undefined): number => Number(n ?? 0);

/** Accounts: all, activated, disabled. */
export async function countUsers(db: Db): Promise<{ total: number; activated: number; disabled: number }> {
  const row = await db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE is_verified)`.as('activated'),
      sql<string>`count(*) FILTER (WHERE NOT is_active)`.as('disabled'),
    ])
    .executeTakeFirstOrThrow();
  return { total: count(row.total), activated: count(row.activated), disabled: count(row.disabled) };
}

/**
 * The subscriptions that entitle now (the rule of billing's `isEntitling`, as SQL), one per user
 * and source, with their plan's price and interval.
 */
export function entitlingSubscriptionsNow(db: Db, now: Date) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['subscriptions.user_id', 'subscriptions.source', 'plans.price_cents', 'plans.billing_interval', 'plans.is_free'])
    .where('subscriptions.status', 'in', ['active', 'canceled', 'past_due'])
    .where('subscriptions.period_start', '<=', now)
    .where('subscriptions.period_end', '>', now)
    .execute();
}

/** Downloads finished in [from, to) (completed files only, as the quota counts them). */
export async function countDownloads(db: Db, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('download_log')
    .select(sql<string>`count(*)`.as('n'))
    .where('status', '=', 'completed')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/** Syncs started in [from, to). */
export async function countSyncs(db: Db, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('sync_runs')
    .select(sql<string>`count(*)`.as('n'))
    .where('queued_at', '>=', from)
    .where('queued_at', '<', to)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/** People at each step of the buying path in [from, to). */
export async function countFunnel(db: Db, from: Date, to: Date): Promise<Record<'subscriptions_page_opened' | 'checkout_started' | 'payment_succeeded', number>> {
  const rows = await db
    .selectFrom('funnel_events')
    .select(['event', sql<string>`count(DISTINCT user_id)`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('event')
    .execute();
  const by = new Map(rows.map((row) => [row.event, count(row.n)]));
  return {
    subscriptions_page_opened: by.get('subscriptions_page_opened') ?? 0,
    checkout_started: by.get('checkout_started') ?? 0,
    payment_succeeded: by.get('payment_succeeded') ?? 0,
  };
}

/** Newsletter addresses still subscribed, draw entries, setup-call requests. */
export async function countSignups(db: Db): Promise<{ newsletter: number; draw: number; setupCalls: number }> {
  const [newsletter, draw, setupCalls] = await Promise.all([
    db.selectFrom('newsletter_subscribers').select(sql<string>`count(*)`.as('n')).where('unsubscribed_at', 'is', null).executeTakeFirstOrThrow(),
    db.selectFrom('marketing_signups').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('setup_call_requests').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { newsletter: count(newsletter.n), draw: count(draw.n), setupCalls: count(setupCalls.n) };
}
