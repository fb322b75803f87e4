import { describe, expect, test } from 'vitest';
import { XSRF_COOKIE, sessionCookieName } from '../../../security/session-plugin.ts';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../../../security/sessions.ts';
import {
  deliverMail,
  lastLinkTo,
  logIn,
  registerAndActivate,
  strongPassword,
  uniqueAddress,
  type Account,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { type TestApp, type TestClient } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
let sessionCookie: string;
setUpApiTest({ simulators: true }, (setup) => {
  ({ t, sims } = setup);
  sessionCookie = sessionCookieName(t.ctx.config);
});

const DAY = 24 * 60 * 60;
const client = () => t.client({ remoteAddress: uniqueAddress() });

/** A new activated account, signed in on a fresh client. */
async function signedIn(): Promise<{ c: TestClient; acc: Account & { id: number } }> {
  const c = client();
  const acc = await registerAndActivate(t, sims.smtp, c);
  expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(200);
  return { c, acc };
}

/** A second client that presents only the given session cookie value. */
async function meWithCookie(value: string): Promise<number> {
  const replay = client();
  replay.cookies.set(sessionCookie, value);
  return (await replay.get('/api/me/')).statusCode;
}

const sessionsOf = (userId: number) =>
  t.database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute();

describe('GET /api/logout/', () => {
  test('the session limits are 14 days idle and 30 days in all', () => {
    expect(SESSION_IDLE_SECONDS).toBe(14 * DAY);
    expect(SESSION_ABSOLUTE_SECONDS).toBe(30 * DAY);
  });

  test('without the X-XSRF-TOKEN header: 403 CSRF_FAILED and the session still works', async () => {
    const { c } = await signedIn();
    const response = await c.get('/api/logout/', { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
    expect(response.headers['clear-site-data']).toBeUndefined();
    expect((await c.get('/api/me/')).statusCode).toBe(200);
  });

  test('HEAD /api/logout/ (Fastify answers HEAD with the GET handler) is guarded the same way', async () => {
    const { c } = await signedIn();
    const response = await c.request('HEAD', '/api/logout/', { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
  });

  test('with the header: 204, the session row is gone and the old cookie no longer authenticates', async () => {
    const { c, acc } = await signedIn();
    const old = c.cookies.get(sessionCookie)!;
    const oldXsrf = c.cookies.get(XSRF_COOKIE)!;
    expect(await meWithCookie(old)).toBe(200);

    const response = await c.get('/api/logout/');

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    // Issue 7 §1.6: the browser drops this origin's cookies and stored data too.
    expect(response.headers['clear-site-data']).toBe('"cookies", "storage"');
    expect(await sessionsOf(acc.id)).toHaveLength(0);
    expect(await meWithCookie(old)).toBe(401);
    // The browser got a fresh anonymous pair.
    expect(c.cookies.get(sessionCookie)).not.toBe(old);
    expect(c.cookies.get(XSRF_COOKIE)).not.toBe(oldXsrf);
    const me = await c.get('/api/me/');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');
  });

  test('logging out one device leaves the other signed in', async () => {
    const { c: laptop, acc } = await signedIn();
    const phone = client();
    expect((await logIn(phone, acc.email, acc.password)).statusCode).toBe(200);
    expect((await laptop.get('/api/logout/')).statusCode).toBe(204);
    expect((await phone.get('/api/me/')).statusCode).toBe(200);
  });
});

describe('session revocation and expiry', () => {
  test('a password reset signs out every session of the account', async () => {
    const { c: first, acc } = await signedIn();
    const second = client();
    expect((await logIn(second, acc.email, acc.password)).statusCode).toBe(200);
    expect(await sessionsOf(acc.id)).toHaveLength(2);

    const stranger = client();
    expect((await stranger.post('/api/request-password-reset/', { email: acc.email })).statusCode).toBe(200);
    await deliverMail(t);
    const link = lastLinkTo(sims.smtp, acc.email, 'reset-password');
    const newPassword = strongPassword();
    const reset = await stranger.post('/api/reset-password/', { uid: link.uid, token: link.token, new_password1: newPassword, new_password2: newPassword });
    expect(reset.statusCode).toBe(200);

    expect((await first.get('/api/me/')).statusCode).toBe(401);
    expect((await second.get('/api/me/')).statusCode).toBe(401);
    expect(await sessionsOf(acc.id)).toHaveLength(0);
    // No auto-login after the reset either.
    expect((await stranger.get('/api/me/')).statusCode).toBe(401);
  });

  test('idle expiry: unused for 14 days + 1 s, the session is gone', async () => {
    const { c, acc } = await signedIn();
    t.clock.advance(SESSION_IDLE_SECONDS + 1);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
    expect(await sessionsOf(acc.id)).toHaveLength(0);
  });

  test('idle expiry: used again just before 14 days, the session lives on', async () => {
    const { c } = await signedIn();
    t.clock.advance(SESSION_IDLE_SECONDS - 60);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_SECONDS - 60);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
  });

  test('absolute expiry: used every 10 days, the session still ends 30 days after sign-in', async () => {
    const { c } = await signedIn();
    for (const day of [10, 20, 29]) {
      t.clock.advance((day === 29 ? 9 : 10) * DAY);
      expect((await c.get('/api/me/')).statusCode, `day ${day}`).toBe(200);
    }
    t.clock.advance(DAY + 1);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
  });
});
