import { DEFAULT_STRIPE_SECRET_KEY, DEFAULT_STRIPE_WEBHOOK_SECRET, startStripeSimulator, type StripeSimulator } from '@tradelist/simulators/stripe';
import Stripe from 'stripe';
import { afterAll, expect } from 'vitest';
import { linkPlansToStripePrices } from '../../src/modules/billing/services/link-plan-prices.ts';
import { createCatalogFixture, clientFor, FIXTURE_PASSWORD, type CatalogFixture } from './catalog.ts';
import { freePort } from './ports.ts';
import { setUpApiTest } from './api-test.ts';
import type { TestApp, TestClient } from './test-app.ts';

/** The simulator's annual plan prices (the fixture's plan is linked to them by lookup key). */
export const RECURRING_PRICE = 'price_TradelistAnnualYearly';
export const ONE_TIME_PRICE = 'price_TradelistAnnualOnce';
export const YEAR_SECONDS = 365 * 24 * 3600;
export const DAY_SECONDS = 24 * 3600;

export interface PaymentsTest {
  t: TestApp;
  sim: StripeSimulator;
  /** The test's own Stripe client (for test clocks and checking what the app did at Stripe). */
  stripe: Stripe;
  fixture: CatalogFixture;
}

/**
 * The app listening on a real port, with the Stripe simulator delivering its signed webhooks to
 * it, and the catalog fixture whose annual plan is linked to the simulator's prices. Jobs run
 * when a test says so (`settle`).
 */
export function setUpPaymentsTest(ready: (setup: PaymentsTest) => void): void {
  let port: number | undefined;
  let sim: StripeSimulator | undefined;
  // Registered first, so it runs after the app is closed (hooks after the tests run in reverse order).
  afterAll(async () => sim?.close());
  const env = async () => {
    port = await freePort();
    sim = await startStripeSimulator({ webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook/`, webhookRetryDelaysMs: [200, 500, 1000] });
    return { STRIPE_API_URL: sim.url, STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET };
  };
  setUpApiTest({ env }, async ({ t }) => {
    await t.app.listen({ port, host: '127.0.0.1' });
    const fixture = await createCatalogFixture(t, { downloadMax: 5 });
    expect(await linkPlansToStripePrices(t.ctx)).toEqual(['annual']);
    const stripe = new Stripe(DEFAULT_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: sim!.port, protocol: 'http' });
    ready({ t, sim: sim!, stripe, fixture });
  });
}

/** Stripe settings that point at a port nothing listens on: every Stripe request fails to connect. */
export async function unreachableStripeEnv(): Promise<Record<string, string>> {
  return { STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`, STRIPE_SECRET_KEY: DEFAULT_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET };
}

export const unix = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Sends a test control to the simulator. */
export async function simControl(sim: StripeSimulator, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Waits until every webhook delivery was answered, then runs the jobs they queued (and the mail they queued). */
export async function settle(p: PaymentsTest): Promise<void> {
  await p.sim.settled();
  await p.t.ctx.queue.runDueJobs();
}

export interface Buyer {
  client: TestClient;
  userId: number;
  email: string;
  customerId: string;
  clockId: string;
}

/**
 * A signed-in free user whose Stripe customer lives on its own test clock, frozen at the app's
 * time: advancing both together makes renewals and period ends happen.
 */
export async function buyer(p: PaymentsTest, label: string): Promise<Buyer> {
  const { client, userId } = await clientFor(p.t, p.fixture, 'free', label);
  const clock = await p.stripe.testHelpers.testClocks.create({ frozen_time: unix(p.t.clock.now()) });
  const customer = await p.stripe.customers.create({ email: `${label}@example.com`, test_clock: clock.id });
  const user = await p.t.database.db.updateTable('users').set({ stripe_customer_id: customer.id }).where('id', '=', userId!).returning('email').executeTakeFirstOrThrow();
  return { client, userId: userId!, email: user.email, customerId: customer.id, clockId: clock.id };
}

/** Starts a checkout through the app and returns the session id. */
export async function startCheckout(b: Buyer, recurring = true): Promise<string> {
  const response = await b.client.post('/api/create-checkout-session/', { price_id: recurring ? RECURRING_PRICE : ONE_TIME_PRICE, is_recurring: recurring });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().url as string).pathname.split('/').pop()!;
}

/** Pays a checkout with a test card, as the hosted page does. */
export function pay(p: PaymentsTest, sessionId: string, card = '4242424242424242') {
  return simControl(p.sim, `/__sim/checkout/sessions/${sessionId}/pay`, { card });
}

/** Checkout, payment with 4242 and the webhooks applied. */
export async function subscribe(p: PaymentsTest, b: Buyer, recurring = true): Promise<string> {
  const sessionId = await startCheckout(b, recurring);
  expect((await pay(p, sessionId)).status).toBe(200);
  await settle(p);
  return sessionId;
}

/**
 * Moves the app's clock and the buyer's Stripe test clock forward together, applies what Stripe
 * sent, and signs the buyer in again (a session does not outlive months of idle time).
 */
export async function advance(p: PaymentsTest, b: Buyer, seconds: number): Promise<void> {
  p.t.clock.advance(seconds);
  await p.stripe.testHelpers.testClocks.advance(b.clockId, { frozen_time: unix(p.t.clock.now()) });
  await settle(p);
  const login = await b.client.post('/api/login_page/', { email: b.email, password: FIXTURE_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
}

/** Advances both clocks to `seconds` after the end of the buyer's current period. */
export async function advancePastPeriodEnd(p: PaymentsTest, b: Buyer, seconds: number): Promise<void> {
  const row = await p.t.database.db.selectFrom('subscriptions').select('period_end').where('user_id', '=', b.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  await advance(p, b, (row.period_end.getTime() - p.t.clock.now().getTime()) / 1000 + seconds);
}

/** Downloads the current paid edition as CSV. */
export function downloadPaid(p: PaymentsTest, b: Buyer) {
  return b.client.post('/api/download-products/', { collection_id: p.fixture.paidEditions.mar, catelog_id: 'none', format: 'csv', layout: 'price-list' });
}

/** The billing emails queued for a user, by kind. */
export async function billingMails(p: PaymentsTest, b: Buyer): Promise<string[]> {
  const user = await p.t.database.db.selectFrom('users').select('email').where('id', '=', b.userId).executeTakeFirstOrThrow();
  const rows = await p.t.database.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', user.email).orderBy('id').execute();
  return rows.map((row) => row.kind);
}
