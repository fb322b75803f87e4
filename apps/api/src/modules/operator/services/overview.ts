import type { OperatorOverview } from '@tradelist/contract/operator-users';
import type { AppContext } from '../../../context.ts';
import { countDownloads, countFunnel, countSignups, countSyncs, countUsers, entitlingSubscriptionsNow } from '../repositories/overview.ts';

/** A plan's price over a year: a yearly plan's price, twelve times a monthly one's. */
export function yearlyCents(plan: { price_cents: number; billing_interval: 'none' | 'month' | 'year' }): number {
  if (plan.billing_interval === 'year') return plan.price_cents;
  if (plan.billing_interval === 'month') return plan.price_cents * 12;
  return 0;
}

/**
 * The console's overview (product §10.13). Subscribers are people with a subscription that
 * entitles them now; the revenue per year adds up, for each paid one (Stripe subscription or
 * one-time purchase), its plan's yearly price. Downloads, syncs and the buying path count the
 * current calendar month (UTC); the buying path counts people, not clicks.
 */
export async function operatorOverview(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<OperatorOverview> {
  const now = ctx.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [users, running, downloads, syncs, funnel, signups] = await Promise.all([
    countUsers(ctx.db),
    entitlingSubscriptionsNow(ctx.db, now),
    countDownloads(ctx.db, monthStart, nextMonth),
    countSyncs(ctx.db, monthStart, nextMonth),
    countFunnel(ctx.db, monthStart, nextMonth),
    countSignups(ctx.db),
  ]);
  const paid = running.filter((s) => s.source !== 'complimentary' && !s.is_free);
  const distinct = (rows: typeof running) => new Set(rows.map((row) => row.user_id)).size;
  return {
    month_start: monthStart.toISOString().slice(0, 10),
    users,
    subscribers: {
      total: distinct(running),
      paid: distinct(paid),
      complimentary: distinct(running.filter((s) => s.source === 'complimentary')),
    },
    revenue_per_year_cents: paid.reduce((sum, s) => sum + yearlyCents(s), 0),
    downloads_this_month: downloads,
    syncs_this_month: syncs,
    funnel: { subscriptions_page_opened: funnel.subscriptions_page_opened, checkout_started: funnel.checkout_started, paid: funnel.payment_succeeded },
    signups: { newsletter: signups.newsletter, draw: signups.draw, setup_calls: signups.setupCalls },
  };
}
