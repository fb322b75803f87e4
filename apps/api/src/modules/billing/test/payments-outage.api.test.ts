import { DEFAULT_STRIPE_WEBHOOK_SECRET, signWebhookPayload } from '@tradelist/simulators/stripe';
import { describe, expect, test } from 'vitest';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { unreachableStripeEnv } from '../../../../test/support/stripe.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

const price = { price_id: 'price_TradelistAnnualYearly', is_recurring: true };

/** The catalog fixture, its plan linked to Stripe prices. */
async function linkedFixture(t: TestApp): Promise<CatalogFixture> {
  const fixture = await createCatalogFixture(t);
  // Linked as if Stripe had been reachable before.
  await t.database.db
    .updateTable('plans')
    .set({ stripe_product_id: 'prod_TradelistAnnual', stripe_price_id_recurring: 'price_TradelistAnnualYearly', stripe_price_id_one_time: 'price_TradelistAnnualOnce' })
    .execute();
  return fixture;
}

describe('Stripe cannot be reached', () => {
  let t: TestApp;
  let fixture: CatalogFixture;
  setUpApiTest({ env: unreachableStripeEnv }, async (setup) => {
    ({ t } = setup);
    fixture = await linkedFixture(t);
  });

  test('checkout and the payment return answer 502 with a clear message, and nothing is stored', async () => {
    const { client, userId } = await clientFor(t, fixture, 'free', 'outage');
    for (const [url, body] of [
      ['/api/create-checkout-session/', price],
      ['/api/confirm-checkout-session/', { session_id: 'cs_test_abc' }],
    ] as const) {
      const response = await client.post(url, body);
      expect(response.statusCode, url).toBe(502);
      expect(response.json(), url).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', error: 'The payment service could not be reached. Please try again in a moment.' });
    }
    const user = await t.database.db.selectFrom('users').select('stripe_customer_id').where('id', '=', userId!).executeTakeFirstOrThrow();
    expect(user.stripe_customer_id).toBeNull();
    expect(await t.database.db.selectFrom('funnel_events').selectAll().execute()).toEqual([]);
  }, 30_000);

  test('a signed event is still accepted; its processing waits and retries instead of being lost', async () => {
    const body = JSON.stringify({ id: 'evt_outage', object: 'event', type: 'customer.subscription.updated', created: 1, data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_x' } } });
    await t.database.db.updateTable('users').set({ stripe_customer_id: 'cus_x' }).where('id', '=', (await clientFor(t, fixture, 'free', 'outage-event')).userId!).execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook/', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(body, DEFAULT_STRIPE_WEBHOOK_SECRET) }, payload: body });
    expect(response.statusCode).toBe(200);
    await t.ctx.queue.runDueJobs();
    const job = await t.database.db.selectFrom('jobs').selectAll().where('queue', '=', 'stripe-event').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1 });
    expect(job.run_at.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const event = await t.database.db.selectFrom('processed_provider_events').selectAll().where('event_id', '=', 'evt_outage').executeTakeFirstOrThrow();
    expect(event.processed_at).toBeNull();
  }, 30_000);
});

describe('payments not set up (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  let fixture: CatalogFixture;
  setUpApiTest({}, async (setup) => {
    ({ t } = setup);
    fixture = await linkedFixture(t);
  });

  test('the buying calls say so, and the webhook refuses every delivery', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'unset');
    const response = await client.post('/api/create-checkout-session/', price);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('Payments are not set up on this server yet. Please contact support.');
    const webhook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook/', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(webhook.statusCode).toBe(502);
    expect(await t.database.db.selectFrom('processed_provider_events').selectAll().execute()).toEqual([]);
  });
});
