import { invalidEmailMessage, requiredMessage, sessionUser } from '@tradelist/contract/accounts';
import { describe, expect, test } from 'vitest';
import { XSRF_COOKIE, sessionCookieName } from '../../../security/session-plugin.ts';
import { invalidCredentialsMessage, notActivatedMessage } from '../services/log-in.ts';
import { activationResentMessage } from '../services/resend-activation.ts';
import {
  deliverMail,
  lastLinkTo,
  logIn,
  mailsTo,
  registerAccount,
  registerAndActivate,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
let sessionCookie: string;
setUpApiTest({ simulators: true }, (setup) => {
  ({ t, sims } = setup);
  sessionCookie = sessionCookieName(t.ctx.config);
});

const client = () => t.client({ remoteAddress: uniqueAddress() });
const invalidCredentials = { code: 'INVALID_CREDENTIALS', error: invalidCredentialsMessage };

describe('POST /api/login_page/', () => {
  test('good credentials: 200 with exactly the session user, no password fields', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c, { name: 'Ann Sparks' });

    const response = await logIn(c, acc.email.toUpperCase(), acc.password);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(sessionUser.shape).sort());
    expect(Object.keys(body).sort()).toEqual(['email', 'google_email', 'google_only', 'id', 'is_onboarded', 'is_verified', 'name', 'role', 'status', 'update1', 'update2']);
    expect(body).toEqual({
      id: acc.id,
      name: 'Ann Sparks',
      email: acc.email,
      status: false,
      is_verified: true,
      is_onboarded: false,
      update1: true,
      update2: true,
      role: 'user',
      google_email: null,
      google_only: false,
    });
    expect(response.body).not.toMatch(/password|hash|argon/i);
    // /api/me/ answers the same user from the session.
    expect((await c.get('/api/me/')).json()).toEqual(body);
  });

  test('login sets an httpOnly SameSite=Lax session cookie and a new readable XSRF-TOKEN; the session id changes', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    const sessionBefore = c.cookies.get(sessionCookie)!;
    const xsrfBefore = c.cookies.get(XSRF_COOKIE)!;
    expect(sessionBefore).toBeDefined();

    const response = await logIn(c, acc.email, acc.password);

    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === sessionCookie)!;
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.domain).toBeUndefined();
    expect(xsrf.httpOnly).toBeUndefined();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(session.value).not.toBe(sessionBefore);
    expect(xsrf.value).not.toBe(xsrfBefore);
    expect(response.headers['set-cookie']!.toString()).toMatch(/tl_session=[^;]+;.*HttpOnly/i);

    // The pre-login value is no session; the new one is.
    const replay = client();
    replay.cookies.set(sessionCookie, sessionBefore);
    expect((await replay.get('/api/me/')).statusCode).toBe(401);
    const holder = client();
    holder.cookies.set(sessionCookie, session.value);
    expect((await holder.get('/api/me/')).statusCode).toBe(200);
  });

  test('logging in again ends the previous session', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    await logIn(c, acc.email, acc.password);
    const first = c.cookies.get(sessionCookie)!;
    expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(200);
    expect(c.cookies.get(sessionCookie)).not.toBe(first);

    const replay = client();
    replay.cookies.set(sessionCookie, first);
    expect((await replay.get('/api/me/')).statusCode).toBe(401);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
  });

  test('a wrong password and an unknown email get identical 401 answers', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const wrong = await logIn(client(), acc.email, `${acc.password}!`);
    const unknown = await logIn(client(), uniqueEmail('nobody'), acc.password);

    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalidCredentials);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies.find((cookie) => cookie.name === sessionCookie)).toBeUndefined();
  });

  test('an account that is not activated: 403 with the right password, the plain 401 with a wrong one', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    const right = await logIn(client(), acc.email, acc.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'ACCOUNT_NOT_ACTIVATED', error: notActivatedMessage });

    const wrong = await logIn(client(), acc.email, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalidCredentials);
  });

  test('missing or malformed fields: 400 with field errors', async () => {
    const c = client();
    const missing = await c.post('/api/login_page/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: `email: ${requiredMessage}`,
      fields: { email: [requiredMessage], password: [requiredMessage] },
    });

    const malformed = await c.post('/api/login_page/', { email: 'not-an-email', password: 'whatever it is' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ email: [invalidEmailMessage] });

    const emptyPassword = await c.post('/api/login_page/', { email: uniqueEmail(), password: '' });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json().fields).toEqual({ password: [requiredMessage] });

    const wrongTypes = await c.post('/api/login_page/', { email: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().fields).sort()).toEqual(['email', 'password']);
  });
});

describe('POST /api/resend-activation/', () => {
  test('an unactivated account gets a new link (both work until one is used); unknown emails get the same answer and no mail', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    const c = client();

    const known = await c.post('/api/resend-activation/', { email: acc.email.toUpperCase() });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await client().post('/api/resend-activation/', { email: unknownEmail });

    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: activationResentMessage });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    await deliverMail(t);
    expect(mailsTo(sims.smtp, unknownEmail)).toHaveLength(0);
    expect(mailsTo(sims.smtp, acc.email)).toHaveLength(2);
    const fresh = lastLinkTo(sims.smtp, acc.email, 'activate');
    expect(fresh.token).not.toBe(acc.link.token);
    expect((await c.post('/api/activate/', { uid: acc.link.uid, token: acc.link.token })).statusCode).toBe(200);
    expect((await c.post('/api/activate/', { uid: fresh.uid, token: fresh.token })).statusCode).toBe(400);
    expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(200);
  });

  test('a malformed email: 400', async () => {
    const response = await client().post('/api/resend-activation/', { email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: [invalidEmailMessage] });
  });
});
