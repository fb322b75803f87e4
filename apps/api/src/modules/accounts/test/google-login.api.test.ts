import { createHmac } from 'node:crypto';
import { GOOGLE_ISSUER, subjectForEmail } from '@tradelist/simulators/google';
import { describe, expect, test } from 'vitest';
import { googleAccountMismatchMessage, googleEmailNotVerifiedMessage, googleTokenInvalidMessage } from '../services/log-in-with-google.ts';
import { invalidCredentialsMessage } from '../services/log-in.ts';
import {
  countRows,
  deliverMail,
  findUser,
  lastLinkTo,
  logIn,
  registerAccount,
  registerAndActivate,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const client = () => t.client({ remoteAddress: uniqueAddress() });
const tokenInvalid = { code: 'GOOGLE_TOKEN_INVALID', error: googleTokenInvalidMessage };
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Google-shaped claims valid right now (the verifier checks them against the real time). */
function claims(email: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { iss: GOOGLE_ISSUER, aud: sims.google.clientId, azp: sims.google.clientId, sub: subjectForEmail(email), email, email_verified: true, iat: now, exp: now + 3600 };
}

describe('POST /api/google-login/', () => {
  test('an email already linked to one Google account is not re-linked to another', async () => {
    const email = uniqueEmail('linked');
    expect((await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email }) })).statusCode).toBe(200);
    const other = await sims.google.issueIdToken({ email, sub: '999999999999999999999' });

    const response = await client().post('/api/google-login/', { token: other });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', error: googleAccountMismatchMessage });
    expect((await findUser(t, email))!.google_subject).toBe(subjectForEmail(email));
  });

  test('answers are never cached', async () => {
    const response = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email: uniqueEmail('cache') }) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('a new verified email: 200, a session, and a user without a password', async () => {
    const c = client();
    const email = uniqueEmail('gina');
    const token = await sims.google.issueIdToken({ email, name: 'Gina Ohm' });

    const response = await c.post('/api/google-login/', { token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Gina Ohm', email, is_verified: true, status: false });
    const user = await findUser(t, email);
    expect(user).toMatchObject({ is_verified: true, password_hash: null, google_subject: subjectForEmail(email) });
    expect(response.json().id).toBe(user!.id);
    expect((await c.get('/api/me/')).json().email).toBe(email);
    // No password exists, so none logs in.
    expect((await logIn(client(), email, 'any password at all')).statusCode).toBe(401);
  });

  test('the same Google subject with a new email is the same user', async () => {
    const email = uniqueEmail('sub');
    const first = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email }) });
    expect(first.statusCode).toBe(200);
    const before = await countRows(t);

    const renamed = uniqueEmail('renamed');
    const second = await client().post('/api/google-login/', {
      token: await sims.google.issueIdToken({ email: renamed, sub: subjectForEmail(email) }),
    });

    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await countRows(t)).users).toBe(before.users);
    expect(await findUser(t, renamed)).toBeUndefined();
  });

  test('forged, foreign, expired and malformed tokens: 401 GOOGLE_TOKEN_INVALID, no user created', async () => {
    const google = sims.google;
    const email = uniqueEmail('forged');
    const hs256Header = { alg: 'HS256', typ: 'JWT', kid: google.kid };
    const jwks = (await (await fetch(google.certsUrl)).json()) as { keys: Array<Record<string, string>> };
    const hs256Input = `${b64url(hs256Header)}.${b64url(claims(email))}`;
    const hs256 = `${hs256Input}.${createHmac('sha256', JSON.stringify(jwks.keys[0])).update(hs256Input).digest('base64url')}`;
    const tokens: Array<[string, string]> = [
      ['wrong audience', await google.issueIdToken({ email, aud: 'someone-else.apps.googleusercontent.com' })],
      ['wrong issuer', await google.issueIdToken({ email, iss: 'https://evil.example' })],
      ['expired', await google.issueIdToken({ email, expiresInSeconds: -3600 })],
      ['signed by an unknown key', await google.issueIdTokenWithUnknownKey({ email })],
      ['garbage', 'not-a-jwt'],
      ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims(email))}.`],
      ['HS256 keyed with the public key', hs256],
    ];
    const before = await countRows(t);

    for (const [name, token] of tokens) {
      const response = await client().post('/api/google-login/', { token });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual(tokenInvalid);
    }
    expect(await findUser(t, email)).toBeUndefined();
    expect(await countRows(t)).toEqual(before);

    // Control: the same claims properly signed are accepted.
    expect((await client().post('/api/google-login/', { token: await google.issueIdToken({ email }) })).statusCode).toBe(200);
  });

  test('email_verified=false for an existing email: 403, no link, the password still works', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const token = await sims.google.issueIdToken({ email: acc.email, email_verified: false });

    const response = await client().post('/api/google-login/', { token });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'GOOGLE_EMAIL_NOT_VERIFIED', error: googleEmailNotVerifiedMessage });
    expect((await findUser(t, acc.email))!.google_subject).toBeNull();
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(200);
  });

  test('email_verified=false for a new email: 403 and no user', async () => {
    const email = uniqueEmail('unverified');
    const response = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email, email_verified: false }) });
    expect(response.statusCode).toBe(403);
    expect(await findUser(t, email)).toBeUndefined();
  });

  test('pre-account-takeover: an unactivated password account is taken over and its password stops working', async () => {
    const victimEmail = uniqueEmail('victim');
    const attacker = await registerAccount(t, sims.smtp, client(), { email: victimEmail, name: 'Attacker' });
    const attackerRow = await findUser(t, victimEmail);

    const response = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email: victimEmail }) });

    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(attackerRow!.id);
    const user = await findUser(t, victimEmail);
    expect(user).toMatchObject({ is_verified: true, password_hash: null, google_subject: subjectForEmail(victimEmail) });
    const attempt = await logIn(client(), victimEmail, attacker.password);
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json()).toEqual({ code: 'INVALID_CREDENTIALS', error: invalidCredentialsMessage });
  });

  test('issue 17 (a): an address parked by an email change is never matched; its owner signing in with Google gets an account of their own', async () => {
    const attackerClient = client();
    const attacker = await registerAndActivate(t, sims.smtp, attackerClient, { name: 'Attacker' });
    expect((await logIn(attackerClient, attacker.email, attacker.password)).statusCode).toBe(200);
    const victimEmail = uniqueEmail('parked');
    const parked = await attackerClient.request('PUT', `/api/users/${attacker.id}/update/`, { body: { name: 'Attacker', email: victimEmail, update1: true, update2: true, current_password: attacker.password } });
    expect(parked.statusCode, parked.body).toBe(200);
    await deliverMail(t);
    const parkedLink = lastLinkTo(sims.smtp, victimEmail, 'activate');

    const response = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email: victimEmail, name: 'Victor Owner' }) });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: victimEmail, name: 'Victor Owner' });
    expect(response.json().id).not.toBe(attacker.id);
    expect(await findUser(t, attacker.email)).toMatchObject({ id: attacker.id, google_subject: null });
    // The attacker's link, should the owner click it, cannot move the attacker onto the address now.
    const late = await client().post('/api/activate/', { uid: parkedLink.uid, token: parkedLink.token });
    expect(late.statusCode).toBe(400);
    expect((await findUser(t, victimEmail))!.id).toBe(response.json().id);
  });

  test('an account left by the old rule with an unproven address is cleared when the address\'s owner signs in with Google', async () => {
    const attackerClient = client();
    const attacker = await registerAndActivate(t, sims.smtp, attackerClient, { name: 'Attacker' });
    expect((await logIn(attackerClient, attacker.email, attacker.password)).statusCode).toBe(200);
    const victimEmail = uniqueEmail('legacy');
    const now = t.clock.now();
    // The state the old email change left (and migration 0017 then stripped of its password).
    await t.database.db.updateTable('users').set({ email: victimEmail, is_verified: false, password_hash: null, stripe_customer_id: `cus_legacy_${attacker.id}`, is_onboarded: true }).where('id', '=', attacker.id).execute();
    await t.database.db.insertInto('user_factors').values({ user_id: attacker.id, markup1_10_bp: 2500, markup11_20_bp: null, markup21_50_bp: null, markup51_150_bp: null, markup151_500_bp: null, markup501_bp: null, tax_bp: null, updated_at: now }).execute();
    await t.database.db
      .insertInto('provider_connections')
      .values({ user_id: attacker.id, provider: 'quickbooks', status: 'disconnected', account_id: '9341453071836290', account_name: 'Attacker Co', key_id: null, access_token_enc: null, refresh_token_enc: null, access_expires_at: null, refresh_expires_at: null, connected_at: now, refreshed_at: null, updated_at: now, disconnected_reason: 'invalid_grant' })
      .execute();

    const victim = client();
    const response = await victim.post('/api/google-login/', { token: await sims.google.issueIdToken({ email: victimEmail, name: 'Victor Owner' }) });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: attacker.id, name: 'Victor Owner', is_onboarded: false });
    expect(await findUser(t, victimEmail)).toMatchObject({ is_verified: true, password_hash: null, stripe_customer_id: null, google_subject: subjectForEmail(victimEmail) });
    expect(await t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', attacker.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('user_factors').select('user_id').where('user_id', '=', attacker.id).execute()).toEqual([]);
    expect((await attackerClient.get('/api/me/')).statusCode).toBe(401);
    expect((await victim.get('/api/me/')).json()).toMatchObject({ id: attacker.id, email: victimEmail });
  });

  test('a verified password account is linked and keeps its password', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const c = client();
    const response = await c.post('/api/google-login/', { token: await sims.google.issueIdToken({ email: acc.email.toUpperCase() }) });

    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(acc.id);
    expect((await findUser(t, acc.email))!.google_subject).toBe(subjectForEmail(acc.email));
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(200);
    expect((await c.get('/api/me/')).json().id).toBe(acc.id);
  });

  test('concurrent first sign-ins (a double click) give one user and no 500', async () => {
    const email = uniqueEmail('double');
    // Each click gets its own credential from Google (a token works once).
    const tokens = await Promise.all(Array.from({ length: 4 }, () => sims.google.issueIdToken({ email })));
    const before = await countRows(t);

    const responses = await Promise.all(tokens.map((token) => client().post('/api/google-login/', { token })));

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect((await countRows(t)).users).toBe(before.users + 1);
  });

  test('a token works once: a replay is refused like a forged token and starts no session (issue 7 §1.6)', async () => {
    const email = uniqueEmail('replay');
    const token = await sims.google.issueIdToken({ email });
    expect((await client().post('/api/google-login/', { token })).statusCode).toBe(200);
    const before = await countRows(t);

    const replay = await client().post('/api/google-login/', { token });

    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(tokenInvalid);
    expect(replay.cookies.some((cookie) => cookie.name === 'tl_session' && cookie.maxAge !== undefined && cookie.maxAge > 0)).toBe(false);
    expect(await countRows(t)).toEqual(before);
    // The jti is remembered until the token expires (clean-up forgets it afterwards).
    const { jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    const use = await t.database.db.selectFrom('google_token_uses').selectAll().where('jti', '=', jti).executeTakeFirstOrThrow();
    expect(use.expires_at.getTime()).toBe(exp * 1000);
  });

  test('the same token sent four times at once: exactly one sign-in', async () => {
    const token = await sims.google.issueIdToken({ email: uniqueEmail('replay-race') });
    const responses = await Promise.all(Array.from({ length: 4 }, () => client().post('/api/google-login/', { token })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  test('a name with control characters is stored as one line; an email Google could not send is refused', async () => {
    const email = uniqueEmail('gname');
    const named = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email, name: 'Gina\u0000Ohm\r\nBcc: x@evil.test\uD800' }) });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().name).toBe('Gina Ohm  Bcc: x@evil.test\uFFFD');
    const bad = await client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email: 'nul\u0000@example.com' }) });
    expect(bad.statusCode, bad.body).toBe(401);
  });

  test('a missing token: 400', async () => {
    const response = await client().post('/api/google-login/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  test('without GOOGLE_CLIENT_ID configured: 401 and no user', async () => {
    const bare = await createTestApp({ env: { SMTP_URL: sims.smtp.smtpUrl, GOOGLE_CERTS_URL: sims.google.certsUrl } });
    try {
      const email = uniqueEmail('noclient');
      const response = await bare.client().post('/api/google-login/', { token: await sims.google.issueIdToken({ email }) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('GOOGLE_TOKEN_INVALID');
      expect(await findUser(bare, email)).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
