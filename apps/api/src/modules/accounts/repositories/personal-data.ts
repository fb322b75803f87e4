import type { Db } from '../../../db/database.ts';

/**
 * Every row the product keeps about one user, for the data export (the privacy policy's access
 * right, product §1.5). Secrets stay out: no password hash, session, link token or provider id.
 */
export async function readPersonalData(db: Db, userId: number) {
  const [account, onboarding, markups, profiles, subscriptions, payments, downloads, syncs, connections] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'google_email', 'is_verified', 'is_onboarded', 'wants_edition_emails', 'wants_product_news', 'role', 'created_at', 'updated_at', 'last_login_at', 'password_changed_at'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('onboarding_answers').select(['software', 'team_size', 'referral_source', 'phone_number', 'can_contact', 'answered_at']).where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_factors').select(['inventory_option', 'income_type', 'updated_at']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('pricing_profiles')
      .select(['name', 'is_default', 'rules', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select(['plans.name as plan', 'subscriptions.status', 'subscriptions.source', 'subscriptions.auto_renew', 'subscriptions.period_start', 'subscriptions.current_period_start', 'subscriptions.period_end', 'subscriptions.canceled_at', 'subscriptions.created_at'])
      .where('subscriptions.user_id', '=', userId)
      .orderBy('subscriptions.id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['kind', 'amount_cents', 'currency', 'period_start', 'period_end', 'paid_at', 'receipt_url', 'refunded_at'])
      .where('user_id', '=', userId)
      .orderBy('paid_at')
      .execute(),
    db
      .selectFrom('download_log')
      .innerJoin('collections', 'collections.id', 'download_log.collection_id')
      .select(['collections.name as edition', 'download_log.format', 'download_log.layout', 'download_log.status', 'download_log.created_at', 'download_log.finished_at'])
      .where('download_log.user_id', '=', userId)
      .orderBy('download_log.id')
      .execute(),
    db
      .selectFrom('sync_runs')
      .innerJoin('collections', 'collections.id', 'sync_runs.collection_id')
      .select(['collections.name as edition', 'sync_runs.provider', 'sync_runs.status', 'sync_runs.total', 'sync_runs.created', 'sync_runs.updated', 'sync_runs.unchanged', 'sync_runs.failed', 'sync_runs.queued_at', 'sync_runs.finished_at'])
      .where('sync_runs.user_id', '=', userId)
      .orderBy('sync_runs.id')
      .execute(),
    // The connections without their tokens: which service, which company, since when.
    db
      .selectFrom('provider_connections')
      .select(['provider', 'status', 'account_name', 'connected_at', 'disconnected_reason'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { account, onboarding, markups, profiles, subscriptions, payments, downloads, syncs, connections };
}
