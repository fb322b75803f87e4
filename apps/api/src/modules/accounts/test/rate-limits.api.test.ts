import { describe, expect, test } from 'vitest';
import { rateLimitedMessage } from '../../../security/rate-limits.ts';
import {
  logIn,
  registerAndActivate,
  simulatorEnv,
  strongPassword,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const client = (app: TestApp = t) => app.client({ remoteAddress: uniqueAddress() });

function expectRateLimited(response: Awaited<ReturnType<TestClient['post']>>, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ code: 'RATE_LIMITED', error: rateLimitedMessage });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('login', () => {
  test('per account and address: wrong passwords lock out that address, not the owner elsewhere (issue 7 §1.6)', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const rule = t.config.rateLimits.loginPerAccount;
    const attacker = uniqueAddress();
    const from = (address: string) => t.client({ remoteAddress: address });
    for (let i = 0; i < rule.limit; i++) {
      // X-Forwarded-For is not believed without TRUST_PROXY, so rotating it changes nothing.
      const attempt = await from(attacker).post(
        '/api/login_page/',
        { email: acc.email, password: `wrong guess ${i}` },
        { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
      );
      expect(attempt.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // From the attacker's address even the right password is refused now...
    expectRateLimited(
      await from(attacker).post('/api/login_page/', { email: acc.email, password: acc.password }, { headers: { 'x-forwarded-for': '203.0.113.99' } }),
      rule.windowSeconds,
    );
    // ...whatever the spelling of the email: the key is the account.
    expect((await logIn(from(attacker), acc.email.toUpperCase(), acc.password)).statusCode).toBe(429);

    // The owner, from their own address, is not locked out.
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(200);

    // Once the window has passed, the attacker's address may try again.
    t.clock.advance(rule.windowSeconds);
    expect((await logIn(from(attacker), acc.email, acc.password)).statusCode).toBe(200);
  });

  test('per address: many accounts from one address are refused past the limit; X-Forwarded-For is not believed', async () => {
    const rule = t.config.rateLimits.loginPerAddress;
    const address = uniqueAddress();
    const from = () => t.client({ remoteAddress: address });
    for (let i = 0; i < rule.limit; i++) {
      const attempt = await from().post(
        '/api/login_page/',
        { email: uniqueEmail('spray'), password: 'copper wire spray' },
        { headers: { 'x-forwarded-for': `192.0.2.${(i % 250) + 1}` } },
      );
      expect(attempt.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(
      await from().post('/api/login_page/', { email: uniqueEmail('spray'), password: 'copper wire spray' }, { headers: { 'x-forwarded-for': '192.0.2.251' } }),
      rule.windowSeconds,
    );
    // Another address is not affected.
    expect((await logIn(client(), uniqueEmail('spray'), 'copper wire spray')).statusCode).toBe(401);

    t.clock.advance(rule.windowSeconds);
    expect((await logIn(from(), uniqueEmail('spray'), 'copper wire spray')).statusCode).toBe(401);
  });
});

describe('registration, reset and resend per address', () => {
  test('registration: refused past the per-address limit', async () => {
    const rule = t.config.rateLimits.registerPerAddress;
    const address = uniqueAddress();
    const register = () => {
      const password = strongPassword();
      return t.client({ remoteAddress: address }).post('/api/register/', { username: 'Spam', email: uniqueEmail('bulk'), password, password2: password });
    };
    for (let i = 0; i < rule.limit; i++) expect((await register()).statusCode, `registration ${i + 1}`).toBe(201);
    expectRateLimited(await register(), rule.windowSeconds);
    await t.ctx.queue.runDueJobs();
  });

  test('registration: refused past the per-account limit for one email', async () => {
    const rule = t.config.rateLimits.registerPerAccount;
    const email = uniqueEmail('again');
    const register = () => client().post('/api/register/', { username: 'Again', email, password: 'copper wire again', password2: 'copper wire again' });
    for (let i = 0; i < rule.limit; i++) expect((await register()).statusCode).toBe(201);
    expectRateLimited(await register(), rule.windowSeconds);
    await t.ctx.queue.runDueJobs();
  });

  test('password reset requests: refused past the per-address limit', async () => {
    const rule = t.config.rateLimits.resetPerAddress;
    const address = uniqueAddress();
    const request = () => t.client({ remoteAddress: address }).post('/api/request-password-reset/', { email: uniqueEmail('reset') });
    for (let i = 0; i < rule.limit; i++) expect((await request()).statusCode).toBe(200);
    expectRateLimited(await request(), rule.windowSeconds);
  });

  test('activation resends: refused past the per-address limit', async () => {
    const rule = t.config.rateLimits.registerPerAddress;
    const address = uniqueAddress();
    const request = () => t.client({ remoteAddress: address }).post('/api/resend-activation/', { email: uniqueEmail('resend') });
    for (let i = 0; i < rule.limit; i++) expect((await request()).statusCode).toBe(200);
    expectRateLimited(await request(), rule.windowSeconds);
  });
});

describe('behind a trusted proxy', () => {
  test('with TRUST_PROXY=true the X-Forwarded-For address is the client address', async () => {
    const proxied = await createTestApp({ env: { ...simulatorEnv(sims), TRUST_PROXY: 'true' } });
    try {
      const rule = proxied.config.rateLimits.resetPerAddress;
      const proxy = '10.0.0.1';
      const request = (forwardedFor: string) =>
        proxied
          .client({ remoteAddress: proxy })
          .post('/api/request-password-reset/', { email: uniqueEmail('proxied') }, { headers: { 'x-forwarded-for': forwardedFor } });
      for (let i = 0; i < rule.limit; i++) expect((await request('203.0.113.7')).statusCode).toBe(200);
      expectRateLimited(await request('203.0.113.7'), rule.windowSeconds);
      // Another client behind the same proxy is counted on its own.
      expect((await request('203.0.113.8')).statusCode).toBe(200);

      const login = await proxied
        .client({ remoteAddress: proxy })
        .post('/api/login_page/', { email: uniqueEmail('p'), password: 'copper wire p' }, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(login.statusCode).toBe(401);
      const keys = await proxied.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:address:%').execute();
      expect(keys.map((row) => row.key)).toEqual(['login:address:203.0.113.9']);
    } finally {
      await proxied.close();
    }
  });

  test('without TRUST_PROXY the socket address is used', async () => {
    const c = t.client({ remoteAddress: '10.9.9.9' });
    await c.post('/api/login_page/', { email: uniqueEmail('q'), password: 'copper wire q' }, { headers: { 'x-forwarded-for': '203.0.113.10' } });
    const keys = await t.database.db.selectFrom('rate_limits').select('key').where('key', 'in', ['login:address:10.9.9.9', 'login:address:203.0.113.10']).execute();
    expect(keys.map((row) => row.key)).toEqual(['login:address:10.9.9.9']);
  });
});
