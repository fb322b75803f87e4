import { OPERATOR_PAGE_SIZE, type OperatorUserDetail, type UserListItem } from '@tradelist/contract/operator-users';
import { softwareNameOf } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { refundRuleRefusal, subscriptionOverview } from '../../billing/index.ts';
import { entitlingPlansOf, readUserForOperator, searchUsers } from '../repositories/operator-users.ts';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** Users found by email or name (any part, any case), newest first, one page of the console. */
export async function findUsers(ctx: Pick<AppContext, 'db' | 'clock'>, input: { q: string; page: number }): Promise<{ users: UserListItem[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await searchUsers(ctx.db, input.q, { limit: OPERATOR_PAGE_SIZE, offset: (input.page - 1) * OPERATOR_PAGE_SIZE });
  const plans = await entitlingPlansOf(ctx.db, rows.map((row) => row.id), ctx.clock.now());
  const planOf = new Map<number, string>();
  for (const plan of plans) if (!planOf.has(plan.user_id)) planOf.set(plan.user_id, plan.plan_name);
  return {
    users: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      is_verified: row.is_verified,
      is_disabled: !row.is_active,
      created_at: row.created_at.toISOString(),
      last_login_at: iso(row.last_login_at),
      plan_name: planOf.get(row.id) ?? null,
    })),
    total,
    page: input.page,
    page_size: OPERATOR_PAGE_SIZE,
  };
}

/** One user as support sees them (product §10.13): never a password hash, token or provider secret. */
export async function describeUser(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<OperatorUserDetail> {
  const data = await readUserForOperator(ctx.db, userId);
  const { account } = data;
  if (!account) throw new AppError('NOT_FOUND', 'There is no such user.');
  const [overview, refusal] = await Promise.all([subscriptionOverview(ctx, userId), refundRuleRefusal(ctx, userId)]);
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      google_email: account.google_email,
      role: account.role,
      is_verified: account.is_verified,
      is_disabled: !account.is_active,
      is_onboarded: account.is_onboarded,
      update1: account.wants_edition_emails,
      update2: account.wants_product_news,
      has_password: Boolean(account.has_password),
      created_at: account.created_at.toISOString(),
      last_login_at: iso(account.last_login_at),
    },
    onboarding: data.onboarding ? { ...data.onboarding, answered_at: data.onboarding.answered_at.toISOString() } : null,
    subscription: overview.subscription,
    refund_rule_refusal: refusal,
    subscriptions: data.subscriptions.map((s) => ({
      ...s,
      period_start: s.period_start.toISOString(),
      current_period_start: s.current_period_start.toISOString(),
      period_end: s.period_end.toISOString(),
      canceled_at: iso(s.canceled_at),
    })),
    payments: data.payments.map(({ stripe_payment_intent_id, ...p }) => ({
      ...p,
      paid_at: p.paid_at.toISOString(),
      period_start: p.period_start.toISOString(),
      period_end: p.period_end.toISOString(),
      refunded_at: iso(p.refunded_at),
      refundable: p.refunded_at === null && stripe_payment_intent_id !== null,
    })),
    syncs: data.syncs.map((s) => ({ ...s, provider: softwareNameOf(s.provider), queued_at: s.queued_at.toISOString(), finished_at: iso(s.finished_at) })),
    connections: data.connections.map((c) => ({ ...c, provider: softwareNameOf(c.provider), connected_at: c.connected_at.toISOString() })),
  };
}
