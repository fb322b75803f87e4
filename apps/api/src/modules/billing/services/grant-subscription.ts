import type { AppContext } from '../../../context.ts';
import type { RecordChange } from '../../../db/database.ts';
import type { SubscriptionRow, User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { findPlanBySlug, insertSubscription, listSubscriptionsOfUser, updateSubscription } from '../repositories/subscriptions.ts';
import { entitlingSubscription } from './entitling-subscription.ts';

/** The plan a complimentary subscription is given on (seeded by `seed`). */
export const COMPLIMENTARY_PLAN_SLUG = 'annual';
export const DEFAULT_GRANT_DAYS = 365;
const MAX_GRANT_DAYS = 3650;
const DAY_MS = 86_400_000;

export interface GrantSubscriptionResult {
  user: Pick<User, 'id' | 'email' | 'name'>;
  subscription: SubscriptionRow;
  /**
   * created: a new subscription; extended: the running complimentary one now ends later, and a
   * new period (a fresh download count) starts now; unchanged: it already ran longer.
   */
  outcome: 'created' | 'extended' | 'unchanged';
}

/**
 * Gives a user (found by the caller, accounts' `requireUserByEmail`) a complimentary subscription (support, demos) on the annual plan, active from now
 * for `days` days. A running complimentary subscription is extended instead of doubled; its new
 * period starts now, so the downloads are counted afresh. `record` runs in the transaction of
 * a change (not when nothing changed).
 */
export async function grantSubscription(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { user: Pick<User, 'id' | 'email' | 'name'>; days?: number | undefined },
  record?: RecordChange<GrantSubscriptionResult & { before: SubscriptionRow | null }>,
): Promise<GrantSubscriptionResult> {
  const days = input.days ?? DEFAULT_GRANT_DAYS;
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_GRANT_DAYS) {
    throw new AppError('VALIDATION_FAILED', `The number of days must be a whole number from 1 to ${MAX_GRANT_DAYS}.`);
  }
  const { user } = input;
  const plan = await findPlanBySlug(ctx.db, COMPLIMENTARY_PLAN_SLUG);
  if (!plan) throw new AppError('NOT_FOUND', `The plan "${COMPLIMENTARY_PLAN_SLUG}" does not exist; run the seed command first.`);
  const now = ctx.clock.now();
  const end = new Date(now.getTime() + days * DAY_MS);
  const person = { id: user.id, email: user.email, name: user.name };

  return ctx.db.transaction().execute(async (trx) => {
    const complimentary = (await listSubscriptionsOfUser(trx, user.id, { forUpdate: true })).filter((s) => s.source === 'complimentary');
    const running = entitlingSubscription(complimentary, now);
    if (running) {
      if (running.period_end >= end && running.status === 'active') return { user: person, subscription: running, outcome: 'unchanged' as const };
      const changes = {
        status: 'active' as const,
        canceled_at: null,
        period_end: end > running.period_end ? end : running.period_end,
        current_period_start: now,
      };
      await updateSubscription(trx, running.id, changes, now);
      const extended = { user: person, subscription: { ...running, ...changes, updated_at: now }, outcome: 'extended' as const };
      await record?.(trx, { ...extended, before: running });
      return extended;
    }
    const subscription = await insertSubscription(trx, {
      user_id: user.id,
      plan_id: plan.id,
      status: 'active',
      period_start: now,
      period_end: end,
      auto_renew: false,
      source: 'complimentary',
      created_at: now,
      updated_at: now,
    });
    const created = { user: person, subscription, outcome: 'created' as const };
    await record?.(trx, { ...created, before: null });
    return created;
  });
}
