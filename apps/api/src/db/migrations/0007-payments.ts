import { sql, type Kysely } from 'kysely';

/**
 * Payments through Stripe (docs/decisions/0012):
 * - subscriptions may be `past_due` (a renewal payment failed and Stripe retries the card; the
 *   user keeps access meanwhile); a one-time purchase is keyed by its Checkout Session;
 * - payments: every payment Stripe took (the first one, each renewal, a one-time purchase), one
 *   row per invoice or payment intent, with its period and any refund: receipts, the refund
 *   rule and support read it;
 * - billing_notices: each billing email (receipt, renewal reminder, failed renewal,
 *   cancellation, refund) is sent once per thing it is about, however often Stripe tells us;
 * - funnel_events: the steps of the buying path, counted for the operator;
 * - processed_provider_events keeps the event's customer, so the queue can tell what it was about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
    ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
      CHECK (status IN ('active', 'canceled', 'past_due', 'expired'));
    ALTER TABLE subscriptions ADD COLUMN stripe_checkout_session_id text UNIQUE;

    CREATE TABLE payments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('first', 'renewal', 'one_time')),
      stripe_invoice_id text UNIQUE,
      stripe_payment_intent_id text UNIQUE,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      currency text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      paid_at timestamptz NOT NULL,
      receipt_url text,
      refunded_at timestamptz,
      stripe_refund_id text UNIQUE,
      created_at timestamptz NOT NULL,
      CHECK (stripe_invoice_id IS NOT NULL OR stripe_payment_intent_id IS NOT NULL),
      CHECK (period_end > period_start)
    );
    CREATE INDEX payments_subscription_idx ON payments (subscription_id, paid_at DESC);
    CREATE INDEX payments_user_idx ON payments (user_id, paid_at DESC);

    CREATE TABLE billing_notices (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      subject_key text NOT NULL,
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      UNIQUE (kind, subject_key)
    );

    CREATE TABLE funnel_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event text NOT NULL CHECK (event IN ('subscriptions_page_opened', 'checkout_started', 'payment_succeeded')),
      user_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX funnel_events_time_idx ON funnel_events (created_at, event);
  `.execute(db);
}
