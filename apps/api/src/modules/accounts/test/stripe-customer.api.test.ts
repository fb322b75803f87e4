import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { deliverMail, lastLinkTo, logIn, registerAndActivate, uniqueAddress, uniqueEmail, type Simulators } from '../../../../test/support/accounts.ts';
import { setUpApiTest, type ApiTestSetup } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

let t: TestApp;
let sims: Simulators;
let stripe: ApiTestSetup['stripe'];
setUpApiTest({ simulators: true, stripe: true }, (setup) => ({ t, sims, stripe } = setup));

interface Customer {
  client: TestClient;
  id: number;
  email: string;
  password: string;
  name: string;
  customerId: string;
}

/** A signed-in member whose Stripe customer (as a checkout makes it) holds their current email and name. */
async function customer(): Promise<Customer> {
  const client = t.client({ remoteAddress: uniqueAddress() });
  const account = await registerAndActivate(t, sims.smtp, client, { name: 'Dana Conduit' });
  expect((await logIn(client, account.email, account.password)).statusCode).toBe(200);
  const created = await stripe.client.customers.create({ email: account.email, name: account.name, metadata: { user_id: String(account.id) } });
  await t.database.db.updateTable('users').set({ stripe_customer_id: created.id }).where('id', '=', account.id).execute();
  return { client, ...account, customerId: created.id };
}

const save = (c: Customer, change: Record<string, unknown>) =>
  c.client.request('PUT', `/api/users/${c.id}/update/`, { body: { name: c.name, email: c.email, update1: true, update2: true, ...change } });

const atStripe = async (c: Customer) => (await stripe.client.customers.retrieve(c.customerId)) as Stripe.Customer;

/** The Stripe customer updates queued for a user. */
async function queuedUpdates(c: Pick<Customer, 'id'>) {
  const jobs = await t.database.db.selectFrom('jobs').selectAll().where('queue', '=', 'stripe-customer-update').orderBy('id').execute();
  return jobs.filter((job) => (job.payload as { userId: number }).userId === c.id);
}

/** The `customer.updated` events Stripe made for this customer: one per update that changed it. */
async function updatesAtStripe(c: Customer): Promise<Stripe.Event[]> {
  const events = await stripe.client.events.list({ type: 'customer.updated', limit: 100 });
  return events.data.filter((event) => (event.data.object as Stripe.Customer).id === c.customerId);
}

describe('the Stripe customer follows the account (issue 19)', () => {
  test('a new name reaches the Stripe customer through a job queued with the change, not during the request', async () => {
    const c = await customer();
    const response = await save(c, { name: 'Dana Breaker' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await queuedUpdates(c)).toHaveLength(1);
    expect(await atStripe(c)).toMatchObject({ name: 'Dana Conduit', email: c.email });

    await t.ctx.queue.runDueJobs();
    expect(await atStripe(c)).toMatchObject({ name: 'Dana Breaker', email: c.email });
    expect(await queuedUpdates(c)).toMatchObject([{ state: 'completed', attempts: 1 }]);
    expect(await updatesAtStripe(c)).toHaveLength(1);
  });

  test('a new email reaches the Stripe customer when it is confirmed, not when it is asked for', async () => {
    const c = await customer();
    const newEmail = uniqueEmail('stripe-moved');
    expect((await save(c, { email: newEmail, current_password: c.password })).statusCode).toBe(200);
    // Runs every due job (the mails too): nothing for Stripe while the address only waits.
    await deliverMail(t);
    expect(await queuedUpdates(c)).toEqual([]);
    expect(await atStripe(c)).toMatchObject({ email: c.email, name: c.name });

    const link = lastLinkTo(sims.smtp, newEmail, 'activate');
    const confirmed = await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: link.uid, token: link.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await queuedUpdates(c)).toHaveLength(1);
    await t.ctx.queue.runDueJobs();
    expect(await atStripe(c)).toMatchObject({ email: newEmail, name: c.name });
    expect(await updatesAtStripe(c)).toHaveLength(1);
  });

  test('Stripe answering 500 once: the job is retried later and the customer is updated once', async () => {
    const c = await customer();
    const fault = await fetch(`${stripe.sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ method: 'POST', path: `/v1/customers/${c.customerId}`, times: 1 }) });
    expect(fault.status).toBe(200);
    expect((await save(c, { name: 'Dana Junction' })).statusCode).toBe(200);

    await t.ctx.queue.runDueJobs();
    const [failed] = await queuedUpdates(c);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed!.last_error).toContain('An unknown error occurred');
    expect(failed!.run_at.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await atStripe(c)).toMatchObject({ name: 'Dana Conduit' });

    t.clock.advance(10);
    await t.ctx.queue.runDueJobs();
    expect(await queuedUpdates(c)).toMatchObject([{ state: 'completed', attempts: 2 }]);
    expect(await atStripe(c)).toMatchObject({ name: 'Dana Junction', email: c.email });
    expect(await updatesAtStripe(c)).toHaveLength(1);
  });

  test('an account without a Stripe customer queues nothing for Stripe', async () => {
    const client = t.client({ remoteAddress: uniqueAddress() });
    const account = await registerAndActivate(t, sims.smtp, client);
    expect((await logIn(client, account.email, account.password)).statusCode).toBe(200);
    const response = await client.request('PUT', `/api/users/${account.id}/update/`, { body: { name: 'Renamed Without Stripe', email: account.email, update1: true, update2: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await queuedUpdates(account)).toEqual([]);
  });
});
