import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Users whose email or name contains `text` (any case), newest first, one page, and how many match. */
export async function searchUsers(db: Db, text: string, page: { limit: number; offset: number }) {
  let query = db.selectFrom('users');
  if (text !== '') {
    const pattern = containing(text);
    query = query.where((eb) => eb.or([eb(sql`lower(email)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern)]));
  }
  const [rows, total] = await Promise.all([
    query
      .select(['id', 'name', 'email', 'role', 'is_verified', 'is_active', 'created_at', 'last_login_at'])
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The subscriptions of these users that entitle now, with their plan's name. */
export function entitlingPlansOf(db: Db, userIds: number[], now: Date) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['subscriptions.user_id', 'plans.name as plan_name', 'subscriptions.period_end'])
    .where('subscriptions.user_id', 'in', userIds)
    .where('subscriptions.status', 'in', ['active', 'canceled', 'past_due'])
    .where('subscriptions.period_start', '<=', now)
    .where('subscriptions.period_end', '>', now)
    .orderBy('subscriptions.period_end', 'desc')
    .execute();
}

/** What support sees of one user: the account, onboarding, subscriptions, payments, recent syncs, connections; never a secret. */
export async function readUserForOperator(db: Db, userId: number) {
  const [account, onboarding, subscriptions, payments, syncs, connections] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'google_email', 'role', 'is_verified', 'is_active', 'is_onboarded', 'wants_edition_emails', 'wants_product_news', 'created_at', 'last_login_at'])
      .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
      .where('id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('onboarding_answers').select(['software', 'team_size', 'referral_source', 'phone_number', 'can_contact', 'answered_at']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select([
        'subscriptions.id',
        'plans.name as plan_name',
        'subscriptions.status',
        'subscriptions.source',
        'subscriptions.auto_renew',
        'subscriptions.period_start',
        'subscriptions.current_period_start',
        'subscriptions.period_end',
        'subscriptions.canceled_at',
      ])
      .where('subscriptions.user_id', '=', userId)
      .orderBy('subscriptions.period_start', 'desc')
      .orderBy('subscriptions.id', 'desc')
      .execute(),
    db
      .selectFrom('payments')
      .select(['id', 'kind', 'amount_cents', 'currency', 'paid_at', 'period_start', 'period_end', 'refunded_at', 'stripe_payment_intent_id'])
      .where('user_id', '=', userId)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('sync_runs')
      .innerJoin('collections', 'collections.id', 'sync_runs.collection_id')
      .select(['sync_runs.id', 'sync_runs.provider', 'collections.name as edition', 'sync_runs.status', 'sync_runs.total', 'sync_runs.created', 'sync_runs.updated', 'sync_runs.failed', 'sync_runs.queued_at', 'sync_runs.finished_at'])
      .where('sync_runs.user_id', '=', userId)
      .orderBy('sync_runs.id', 'desc')
      .limit(20)
      .execute(),
    db.selectFrom('provider_connections').select(['provider', 'status', 'account_name', 'connected_at', 'disconnected_reason']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return { account, onboarding, subscriptions, payments, syncs, connections };
}
