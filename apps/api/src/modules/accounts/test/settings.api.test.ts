import { activationNeededMessage, currentPasswordRequiredMessage, currentPasswordWrongMessage, googleSignInAgainMessage } from '@tradelist/contract/accounts';
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
import { emailConfirmedMessage, emailTakenAtConfirmationMessage } from '../services/activate-account.ts';
import { FRESH_GOOGLE_SIGN_IN_SECONDS } from '../services/confirm-identity.ts';
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
    expect(await findUser(t, m.email)).toMatchObject({ name: 'Renamed Electrician', wants_edition_emails: false, wants_product_news: true, is_verified: true });
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

  test('a new email waits for its confirmation: the account keeps its address, sessions and sign-in; the link confirms it', async () => {
    const m = await member();
    const newEmail = uniqueEmail('moved');
    const response = await update(m, settings(m, { email: newEmail, current_password: m.password }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, is_active: true, pending_email: newEmail, user: { email: m.email, is_verified: true } });
    expect(await findUser(t, m.email)).toMatchObject({ id: m.id, email: m.email, is_verified: true });
    expect(await findUser(t, newEmail)).toBeUndefined();
    await deliverMail(t);
    const notice = lastMailTo(sims.smtp, m.email);
    expect(notice.subject).toBe('A new email address was given for your Tradelist account');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/\/activate\//);
    const confirmation = lastMailTo(sims.smtp, newEmail);
    expect(confirmation.subject).toBe('Confirm your new Tradelist email address');
    expect(confirmation.text).toContain('the new email address of an existing Tradelist account');
    expect(confirmation.text).not.toContain('Thanks for signing up');
    const link = lastLinkTo(sims.smtp, newEmail, 'activate');

    // Still signed in and usable; the old address still signs in, the new one not yet.
    expect((await m.client.get('/api/me/')).json()).toMatchObject({ email: m.email });
    expect((await logIn(t.client({ remoteAddress: uniqueAddress() }), m.email, m.password)).statusCode).toBe(200);
    expect((await logIn(t.client({ remoteAddress: uniqueAddress() }), newEmail, m.password)).statusCode).toBe(401);

    const confirmed = await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: link.uid, token: link.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: emailConfirmedMessage });
    expect(await findUser(t, newEmail)).toMatchObject({ id: m.id, is_verified: true });
    expect((await m.client.get('/api/me/')).json()).toMatchObject({ email: newEmail });
    const after = await logIn(t.client({ remoteAddress: uniqueAddress() }), newEmail, m.password);
    expect(after.statusCode, after.body).toBe(200);
    expect((await logIn(t.client({ remoteAddress: uniqueAddress() }), m.email, m.password)).statusCode).toBe(401);
    await deliverMail(t);
    expect(lastMailTo(sims.smtp, m.email).subject).toBe('The email of your Tradelist account was changed');
    // The link works once.
    expect((await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: link.uid, token: link.token })).statusCode).toBe(400);
  });

  test('a second change replaces the pending address: the first link no longer confirms', async () => {
    const m = await member();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await update(m, settings(m, { email: first, current_password: m.password }))).statusCode).toBe(200);
    await deliverMail(t);
    const firstLink = lastLinkTo(sims.smtp, first, 'activate');
    expect((await update(m, settings(m, { email: second, current_password: m.password }))).statusCode).toBe(200);
    const refused = await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: firstLink.uid, token: firstLink.token });
    expect(refused.statusCode).toBe(400);
    expect(await findUser(t, m.email)).toMatchObject({ id: m.id });
  });

  test('an address another account took while the link waited is not confirmed', async () => {
    const m = await member();
    const contested = uniqueEmail('contested');
    expect((await update(m, settings(m, { email: contested, current_password: m.password }))).statusCode).toBe(200);
    await deliverMail(t);
    const link = lastLinkTo(sims.smtp, contested, 'activate');
    await registerAndActivate(t, sims.smtp, t.client({ remoteAddress: uniqueAddress() }), { email: contested });
    const refused = await t.client({ remoteAddress: uniqueAddress() }).post('/api/activate/', { uid: link.uid, token: link.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'LINK_INVALID', error: emailTakenAtConfirmationMessage });
    expect(await findUser(t, m.email)).toMatchObject({ id: m.id });
  });

  test('a new email needs the current password: missing or wrong is a field error, nothing changes, no mail', async () => {
    const m = await member();
    const newEmail = uniqueEmail('nopassword');
    const missing = await update(m, settings(m, { email: newEmail, name: 'Not Saved' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { current_password: [currentPasswordRequiredMessage] } });
    const wrong = await update(m, settings(m, { email: newEmail, name: 'Not Saved', current_password: 'not my password' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { current_password: [currentPasswordWrongMessage] } });
    expect(await findUser(t, m.email)).toMatchObject({ name: m.name });
    await deliverMail(t);
    expect(mailsTo(sims.smtp, newEmail)).toHaveLength(0);
    // Name and preferences alone need no password.
    expect((await update(m, settings(m, { name: 'Saved Without Password' }))).statusCode).toBe(200);
  });

  test('wrong current passwords are limited like log-in attempts (429 with Retry-After)', async () => {
    const m = await member();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await update(m, settings(m, { email: uniqueEmail('guess'), current_password: `guess ${attempt}` }))).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 400));
    const limited = await update(m, settings(m, { email: uniqueEmail('guess'), current_password: m.password }));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  test('an address another account uses: the same answer as any address, nothing changes, its owner gets a notice without a link', async () => {
    const m = await member();
    const other = await member();
    const free = await update(m, settings(m, { email: uniqueEmail('free'), current_password: m.password }));
    await deliverMail(t);
    const before = mailsTo(sims.smtp, other.email).length;
    const response = await update(m, settings(m, { email: other.email.toUpperCase(), current_password: m.password }));
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(response.json()).toMatchObject({ success: true, is_active: true, pending_email: other.email.toUpperCase(), user: { email: m.email } });
    expect(await findUser(t, m.email)).toMatchObject({ id: m.id, is_verified: true });
    expect(await findUser(t, other.email)).toMatchObject({ id: other.id });
    await deliverMail(t);
    const notices = mailsTo(sims.smtp, other.email);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.subject).toBe('Someone tried to use your email address on Tradelist');
    expect(notices.at(-1)!.text).toContain(`Hi ${other.name},`);
    expect(notices.at(-1)!.text).not.toMatch(/\/activate\/|\/reset-password\//);
    // No link exists that could move m to that address.
    const links = await t.database.db.selectFrom('user_tokens').select('id').where('user_id', '=', m.id).where('purpose', '=', 'confirm_email').where('used_at', 'is', null).execute();
    expect(links).toHaveLength(0);
  });

  test('an account without a password (Google) confirms with a recent Google sign-in instead', async () => {
    const c = t.client({ remoteAddress: uniqueAddress() });
    const email = uniqueEmail('google-only');
    const signedIn = await c.post('/api/google-login/', { token: await sims.google.issueIdToken({ email }) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const id = signedIn.json().id as number;
    const body = { name: 'Gina', email: uniqueEmail('google-moved'), update1: true, update2: true };
    expect((await c.request('PUT', `/api/users/${id}/update/`, { body })).statusCode).toBe(200);
    t.clock.advance(FRESH_GOOGLE_SIGN_IN_SECONDS + 1);
    const stale = await c.request('PUT', `/api/users/${id}/update/`, { body: { ...body, email: uniqueEmail('google-late') } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fields).toEqual({ current_password: [googleSignInAgainMessage] });
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
    expect(await findUser(t, victim.email)).toMatchObject({ name: victim.name, wants_edition_emails: true });
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
      .values({ user_id: m.id, provider: 'quickbooks', status: 'connected', account_id: '9341453071836290', account_name: 'Sandbox Company US 2', key_id: 'k1', access_token_enc: 'sealed-access-secret', refresh_token_enc: 'sealed-refresh-secret', access_expires_at: now, refresh_expires_at: now, connected_at: now, refreshed_at: null, updated_at: now, disconnected_reason: null })
      .execute();
    const response = await m.client.get(`/api/users/${m.id}/data-export/`);
    expect(response.json().connections).toEqual([{ provider: 'quickbooks', status: 'connected', account_name: 'Sandbox Company US 2', connected_at: now.toISOString(), disconnected_reason: null }]);
    expect(response.body).not.toMatch(/sealed-|k1/);
  });
});
