import { sql, type Kysely } from 'kysely';

/**
 * What payments need, and downloads counted per subscription period:
 * - plans: the Stripe product, the length of one paid period in months (one renewal of the
 *   recurring price, or what a one-time payment buys), instead of a number of days;
 * - users: their Stripe customer;
 * - subscriptions: where they came from (a complimentary grant, a Stripe subscription, a one-time
 *   payment) and when their current period began; the never-resetting `downloads_used` counter
 *   goes: a period's downloads are the download log rows of that period;
 * - download_log: each row is a reservation until the file has been sent completely, so a
 *   failed or aborted download is not counted;
 * - processed_provider_events: the webhook events already handled (each is handled once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE plans ADD COLUMN stripe_product_id text;
    ALTER TABLE plans ADD COLUMN period_months integer CHECK (period_months BETWEEN 1 AND 120);
    UPDATE plans SET period_months = CASE
      WHEN billing_interval = 'none' THEN NULL
      WHEN billing_interval = 'month' THEN 1
      ELSE 12
    END;
    ALTER TABLE plans DROP COLUMN period_days;
    -- A free plan has no period; a paid one renews every 'year' (12 months) or 'month' (1).
    ALTER TABLE plans ADD CONSTRAINT plans_interval_period_check CHECK (
      (billing_interval = 'none' AND period_months IS NULL)
      OR (billing_interval = 'year' AND period_months = 12)
      OR (billing_interval = 'month' AND period_months = 1)
    );
    CREATE UNIQUE INDEX plans_stripe_product_key ON plans (stripe_product_id);
    CREATE UNIQUE INDEX plans_stripe_price_recurring_key ON plans (stripe_price_id_recurring);
    CREATE UNIQUE INDEX plans_stripe_price_one_time_key ON plans (stripe_price_id_one_time);
    CREATE INDEX plans_active_position_idx ON plans (position, id) WHERE is_active;

    ALTER TABLE users ADD COLUMN stripe_customer_id text UNIQUE;

    ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_source_check;
    UPDATE subscriptions SET source = 'stripe_subscription' WHERE source = 'stripe';
    ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_source_check
      CHECK (source IN ('complimentary', 'stripe_subscription', 'one_time_payment'));
    ALTER TABLE subscriptions ADD COLUMN stripe_subscription_id text UNIQUE;
    -- The current period runs from current_period_start to period_end; period_start stays the
    -- day the subscription began (editions current since then count as bought).
    ALTER TABLE subscriptions ADD COLUMN current_period_start timestamptz;
    UPDATE subscriptions SET current_period_start = period_start;
    ALTER TABLE subscriptions ALTER COLUMN current_period_start SET NOT NULL;
    ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_current_period_check
      CHECK (current_period_start >= period_start AND current_period_start <= period_end);

    ALTER TABLE download_log ADD COLUMN period_start timestamptz;
    ALTER TABLE download_log ADD COLUMN status text NOT NULL DEFAULT 'completed'
      CHECK (status IN ('reserved', 'completed', 'aborted'));
    ALTER TABLE download_log ADD COLUMN reserved_until timestamptz;
    ALTER TABLE download_log ADD COLUMN finished_at timestamptz;
    -- Every download served so far counted against its subscription's only period.
    UPDATE download_log SET period_start = s.period_start, finished_at = download_log.created_at
      FROM subscriptions s WHERE s.id = download_log.subscription_id;
    UPDATE download_log SET finished_at = created_at WHERE finished_at IS NULL;
    ALTER TABLE download_log ADD CONSTRAINT download_log_period_check
      CHECK (subscription_id IS NULL OR period_start IS NOT NULL);
    ALTER TABLE download_log ADD CONSTRAINT download_log_reservation_check
      CHECK (status <> 'reserved' OR reserved_until IS NOT NULL);
    CREATE INDEX download_log_period_idx ON download_log (subscription_id, period_start) WHERE subscription_id IS NOT NULL;
    ALTER TABLE subscriptions DROP COLUMN downloads_used;

    CREATE TABLE processed_provider_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      received_at timestamptz NOT NULL,
      processed_at timestamptz,
      UNIQUE (provider, event_id)
    );
  `.execute(db);
}
