import { activationNeededMessage, emailTakenMessage } from '@tradelist/contract/accounts';
import { describe, expect, test } from 'vitest';
import {
  deliverMail,
  findUser,
  lastLinkTo,
  lastMailTo,
  logIn,
  mailsTo,
  registerAndActivate,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { notActivatedMessage } from '../services/log-in.ts';
import { notYourAccountMessage } from '../services/own-account.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

interface Member {
  client: TestClient;
  id: number;
  email: string;
  password: string;
  name: string;
}

async function member(): Promise<Member> {
  const client = t.client({ remoteAddress: uniqueAddress() });
  const account = await registerAndActivate(t, sims.smtp, client);
  expect((await logIn(client, account.email, account.password)).statusCode).toBe(200);
  return { client, ...account };
}

const update = (m: Member, body: Record<string, unknown>, id = m.id) => m.client.request('PUT', `/api/users/${id}/update/`, { body });
const settings = (m: Member, change: Record<string, unknown> = {}) => ({ name: m.name, email: m.email, update1: true, update2: true, ...change });

describe('PUT /api/users/{id}/update/', () => {
  test('saves the name and both email preferences; the email unchanged keeps the account active', async () => {
    const m = await member();
    const response = await update(m, settings(m, { name: 'Renamed Electrician', update1: false, update2: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, is_active: true, user: { name: 'Renamed Electrician', update1: false, update2: true, email: m.email } });
    expect(await findUser(t, m.email)).toMatchObject({ name: 'Renamed Electrician', update1: false, update2: true, is_verified: true });
    expect((await m.client.get('/api/me/')).statusCode).toBe(200);
  });

  test('the same email in other letter case is no change of address', async () => {
    const m = await member();
    const response = await update(m, settings(m, { email: m.email.toUpperCase() }));
    expect(response.json()).toMatchObject({ success: true, is_active: true });
    expect((await m.client.get('/api/me/')).statusCode).toBe(200);
  });

  test('bad input: field errors, nothing changes', async () => {
    const m = await member();
    const response = await update(m, { name: '', email: 'not an email', update1: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'name', 'update1', 'update2']);
    expect(await findUser(t, m.email)).toMatchObject({ name: m.name });
  });

  test('rights-bearing fields in the body are ignored (mass assignment)', async () => {
    const m = await member();
    const response = await update(m, { ...settings(m), is_verified: false, is_onboarded: true, role: 'operator', status: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await findUser(t, m.email)).toMatchObject({ is_verified: true, is_onboarded: false, role: 'user' });
  });

  test('a new email: activation link to the new address, notice to the old, signed out and refused until the link is used', async () => {
    const m = await member();
    const newEmail = uniqueEmail('moved');
    const response = await update(m, settings(m, { email: newEmail }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, is_active: false });
    await deliverMail(t);
    expect(lastMailTo(sims.smtp, m.email).subject).toBe('The email of your Tradelist account was changed');
    expect(lastMailTo(sims.smtp, m.email).text).toContain(newEmail);
    const link = lastLinkTo(sims.smtp, newEmail, 'activate');

    // Every session ended; neither address signs in before the activation.
    expect((await m.client.get('/api/me/')).statusCode).toBe(401);
    const early = await logIn(t.client({ remoteAddress: uniqueAddress() }), newEmail, m.password);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe(notActivatedMessage);
    expect((await logIn(t.client({ remoteAddress: uniqueAddress() }), m.email, m.password)).statusCode).toBe(401);

    const activated = await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: link.uid, token: link.token });
    expect(activated.statusCode, activated.body).toBe(200);
    const after = await logIn(t.client({ remoteAddress: uniqueAddress() }), newEmail, m.password);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ id: m.id, email: newEmail, is_verified: true });
  });

  test('an email another account uses: a field error, nothing changes, no mail', async () => {
    const m = await member();
    const other = await member();
    await deliverMail(t);
    const before = mailsTo(sims.smtp, other.email).length;
    const response = await update(m, settings(m, { name: 'Should Not Save', email: other.email.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: [emailTakenMessage] });
    expect(await findUser(t, m.email)).toMatchObject({ name: m.name, is_verified: true });
    expect((await m.client.get('/api/me/')).statusCode).toBe(200);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, other.email)).toHaveLength(before);
  });

  test('the activation message the browser shows is the product §8.10 text', () => {
    expect(activationNeededMessage).toBe('You need to activate your account. Please check your email.');
  });
});

describe('own data only (product §11.8)', () => {
  test.each([
    ['PUT', 'update/'],
    ['DELETE', 'delete/'],
    ['GET', 'data-export/'],
  ] as const)('%s /users/{another id}/%s: 403 for an existing and a missing id, nothing changes', async (method, path) => {
    const m = await member();
    const victim = await member();
    for (const id of [victim.id, 2_000_000_000]) {
      const response = await m.client.request(method, `/api/users/${id}/${path}`, method === 'PUT' ? { body: settings(victim, { name: 'Hijacked', update1: false }) } : {});
      expect(response.statusCode, `${method} ${id}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', error: notYourAccountMessage });
    }
    expect(await findUser(t, victim.email)).toMatchObject({ name: victim.name, update1: true });
    expect((await victim.client.get('/api/me/')).statusCode).toBe(200);
  });

  test('without a session: 401; an id that is no id: 400', async () => {
    const visitor = t.client({ remoteAddress: uniqueAddress() });
    expect((await visitor.get('/api/users/1/data-export/')).statusCode).toBe(401);
    const m = await member();
    expect((await m.client.get('/api/users/abc/data-export/')).statusCode).toBe(400);
  });
});

describe('GET /api/users/{id}/data-export/', () => {
  test('a JSON file of the account, preferences, onboarding answers and markups; no secrets', async () => {
    const m = await member();
    expect((await m.client.post('/api/onboarding/', { software: 'Jobber', team_size: '1-5', referral_source: 'Reddit', phone_number: '555-123-4567', can_contact: true })).statusCode).toBe(200);
    expect((await m.client.post('/api/user_factor/', { markup1_10: 25, tax: 8.25, inventory_option: 'Inventory', income_type: 'Sales of Product Income' })).statusCode).toBe(200);
    const response = await m.client.get(`/api/users/${m.id}/data-export/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tradelist-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.account).toMatchObject({ id: m.id, email: m.email, name: m.name, is_onboarded: true });
    expect(data.preferences).toEqual({ update1_new_edition_emails: true, update2_product_update_emails: true });
    expect(data.onboarding).toMatchObject({ software: 'Jobber', phone_number: '555-123-4567', can_contact: true });
    expect(data.markups).toMatchObject({ markup1_10: 25, tax: 8.25 });
    expect(data).toMatchObject({ subscriptions: [], payments: [], downloads: [], syncs: [], connections: [] });
    expect(response.body).not.toMatch(/password_hash|argon2|token/);
  });

  test('connections to QuickBooks and Jobber are listed without their tokens', async () => {
    const m = await member();
    const now = t.clock.now();
    await t.database.db
      .insertInto('provider_connections')
      .values({ user_id: m.id, provider: 'quickbook', status: 'connected', account_id: '9341453071836290', account_name: 'Sandbox Company US 2', key_id: 'k1', access_token_enc: 'sealed-access-secret', refresh_token_enc: 'sealed-refresh-secret', access_expires_at: now, refresh_expires_at: now, connected_at: now, refreshed_at: null, updated_at: now, disconnected_reason: null })
      .execute();
    const response = await m.client.get(`/api/users/${m.id}/data-export/`);
    expect(response.json().connections).toEqual([{ provider: 'quickbook', status: 'connected', account_name: 'Sandbox Company US 2', connected_at: now.toISOString(), disconnected_reason: null }]);
    expect(response.body).not.toMatch(/sealed-|k1/);
  });
});
