import { describe, expect, test } from 'vitest';
import { XSRF_COOKIE, sessionCookieName, xsrfTokenFor } from '../src/security/session-plugin.ts';
import {
  countRows,
  logIn,
  registerAndActivate,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from './support/accounts.ts';
import { registeredRoutes, type RegisteredRoute } from './support/routes.ts';
import { type TestApp, type TestClient } from './support/test-app.ts';
import { setUpApiTest } from './support/api-test.ts';

let sims: Simulators;
let t: TestApp;
let guarded: RegisteredRoute[];
setUpApiTest({ simulators: true }, (setup) => {
  ({ t, sims } = setup);
  // Every state-changing call: the unsafe methods, plus logout, which product §7 makes a GET.
  // Stripe's webhook is no browser call: its signature guards it (billing webhook tests).
  guarded = registeredRoutes(t.app).filter(
    (route) =>
      route.url.startsWith('/api/') &&
      route.url !== '/api/stripe/webhook/' &&
      // The one-click unsubscribe: a mail client's POST, authorised by the signed link (decision 0014).
      route.url !== '/api/unsubscribe/:token/' &&
      (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) || route.url === '/api/logout/'),
  );
});

const client = () => t.client({ remoteAddress: uniqueAddress() });

/** A body the route would accept, so only the CSRF guard can be what refuses it. */
function bodyFor(url: string): Record<string, unknown> | undefined {
  const email = uniqueEmail('csrf');
  const bodies: Record<string, Record<string, unknown>> = {
    '/api/register/': { username: 'Csrf Victim', email, password: 'copper wire csrf', password2: 'copper wire csrf' },
    '/api/activate/': { uid: 'MQ', token: 'x' },
    '/api/login_page/': { email, password: 'copper wire csrf' },
    '/api/google-login/': { token: 'x.y.z' },
    '/api/request-password-reset/': { email },
    '/api/reset-password/': { uid: 'MQ', token: 'x', new_password1: 'copper wire csrf', new_password2: 'copper wire csrf' },
    '/api/resend-activation/': { email },
    '/api/newsletter_email/': { email },
    '/api/marketing-signup/': { email },
    '/api/newsletter-unsubscribe/': { token: 'MQ.' + 'a'.repeat(43) },
    '/api/setup-call-requests/': { name: 'Csrf Victim', email, preferred_time: 'Monday' },
  };
  return bodies[url] ?? {};
}

async function send(c: TestClient, route: RegisteredRoute, options: { headers?: Record<string, string>; xsrf?: boolean } = {}) {
  return c.request(route.method as 'GET' | 'POST', route.url, {
    ...options,
    ...(route.method === 'GET' ? {} : { body: bodyFor(route.url) }),
  });
}

/** Asserts that every guarded route refuses the request with 403 CSRF_FAILED and stores nothing. */
async function expectAllRefused(prepare: () => Promise<{ c: TestClient; headers?: Record<string, string>; xsrf?: boolean }>) {
  const before = await countRows(t);
  for (const route of guarded) {
    const { c, ...options } = await prepare();
    const response = await send(c, route, options);
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    expect(response.json().code, `${route.method} ${route.url}`).toBe('CSRF_FAILED');
  }
  await t.ctx.queue.runDueJobs();
  expect(await countRows(t)).toEqual(before);
}

describe('CSRF guard', () => {
  test('the guarded routes are every unsafe call of product §7', () => {
    expect(guarded.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'GET /api/logout/',
        'POST /api/download-bought-products/',
        'POST /api/download-products/',
        'POST /api/user_factor/',
        'POST /api/onboarding/',
        'PUT /api/users/:id/update/',
        'DELETE /api/users/:id/delete/',
        'POST /api/create-checkout-session/',
        'POST /api/confirm-checkout-session/',
        'POST /api/cancel-subscription/',
        'POST /api/request-refund/',
        'POST /api/billing-portal-session/',
        'POST /api/funnel-events/',
        'POST /api/sync-products/',
        'POST /api/sync-previews/',
        'POST /api/sync-previews/:previewId/approve/',
        'PUT /api/quickbooks/automatic-sync/',
        'PUT /api/jobber/automatic-sync/',
        'POST /api/pricing-profiles/',
        'PUT /api/pricing-profiles/:profileId/',
        'DELETE /api/pricing-profiles/:profileId/',
        'POST /api/quickbooks/connect/',
        'POST /api/quickbooks/auth/',
        'POST /api/quickbooks/disconnect/',
        'POST /api/jobber/connect/',
        'POST /api/jobber/auth/',
        'POST /api/jobber/disconnect/',
        'POST /api/users/:id/update-profile/',
        'DELETE /api/users/:id/delete-profile-picture/',
        'POST /api/activate/',
        'POST /api/google-login/',
        'POST /api/login_page/',
        'POST /api/register/',
        'POST /api/request-password-reset/',
        'POST /api/resend-activation/',
        'POST /api/reset-password/',
        'POST /api/newsletter_email/',
        'POST /api/newsletter-unsubscribe/',
        'POST /api/marketing-signup/',
        'POST /api/setup-call-requests/',
        'POST /api/operator/edition-uploads/',
        'POST /api/operator/edition-uploads/:id/publish/',
        'DELETE /api/operator/editions/:id/',
        'POST /api/operator/product-news/',
        'POST /api/operator/product-news/preview/',
        'POST /api/operator/product-news/test/',
        'DELETE /api/operator/blog-posts/:id/',
        'DELETE /api/operator/guide-resources/:id/',
        'DELETE /api/operator/users/:id/complimentary-subscription/',
        'POST /api/operator/blog-posts/',
        'POST /api/operator/categories/',
        'POST /api/operator/guide-resources/',
        'POST /api/operator/guide-videos/:id/captions/',
        'POST /api/operator/guide-videos/:id/poster/',
        'POST /api/operator/guide-videos/:id/video/',
        'POST /api/operator/images/',
        'POST /api/operator/plans/',
        'POST /api/operator/signups/draw/winner/',
        'POST /api/operator/users/:id/complimentary-subscription/',
        'POST /api/operator/users/:id/disable/',
        'POST /api/operator/users/:id/enable/',
        'POST /api/operator/users/:id/refund/',
        'POST /api/operator/users/:id/resend-activation/',
        'PUT /api/operator/blog-posts/:id/',
        'PUT /api/operator/categories/:id/',
        'PUT /api/operator/guide-resources-order/',
        'PUT /api/operator/guide-resources/:id/',
        'PUT /api/operator/guide-videos/:id/',
        'PUT /api/operator/plans/:id/',
      ].sort(),
    );
  });

  test('without the X-XSRF-TOKEN header: 403 on every guarded route', async () => {
    await expectAllRefused(async () => ({ c: client(), xsrf: false }));
  });

  test('with a token pair minted for another session (cookie tossing): 403', async () => {
    await expectAllRefused(async () => {
      const victim = client();
      const attacker = client();
      await attacker.get('/api/config/');
      const foreign = attacker.cookies.get(XSRF_COOKIE)!;
      await victim.get('/api/config/');
      victim.cookies.set(XSRF_COOKIE, foreign);
      return { c: victim, headers: { 'x-xsrf-token': foreign } };
    });
  });

  test('a header that differs from the cookie: 403, even when the header alone would verify', async () => {
    await expectAllRefused(async () => {
      const c = client();
      await c.get('/api/config/');
      const other = xsrfTokenFor(t.ctx, c.cookies.get(sessionCookieName(t.ctx.config))!);
      expect(other).not.toBe(c.cookies.get(XSRF_COOKIE));
      return { c, headers: { 'x-xsrf-token': other } };
    });
  });

  test('Origin: https://evil.example with a valid token: 403', async () => {
    await expectAllRefused(async () => ({ c: client(), headers: { origin: 'https://evil.example' } }));
  });

  test('Origin: null with a valid token: 403', async () => {
    await expectAllRefused(async () => ({ c: client(), headers: { origin: 'null' } }));
  });

  test('Sec-Fetch-Site: cross-site with a valid token: 403', async () => {
    await expectAllRefused(async () => ({ c: client(), headers: { 'sec-fetch-site': 'cross-site' } }));
  });

  test('control: the same requests from the app itself pass the guard', async () => {
    for (const route of guarded) {
      const response = await send(client(), route, { headers: { origin: t.config.appUrl, 'sec-fetch-site': 'same-origin' } });
      expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });

  test('a JSON body sent as text/plain (a cross-site form can do that): refused, nothing stored', async () => {
    const before = await countRows(t);
    const c = client();
    const email = uniqueEmail('plain');
    const response = await c.request('POST', '/api/register/', {
      body: JSON.stringify({ username: 'Plain', email, password: 'copper wire plain', password2: 'copper wire plain' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const form = await c.request('POST', '/api/login_page/', {
      body: `email=${encodeURIComponent(email)}&password=x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    await t.ctx.queue.runDueJobs();
    expect(await countRows(t)).toEqual(before);
  });

  test('the token rotates at login and the pre-login token is refused afterwards', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    const before = c.cookies.get(XSRF_COOKIE)!;
    expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(200);
    const after = c.cookies.get(XSRF_COOKIE)!;
    expect(after).not.toBe(before);

    const stale = await c.get('/api/logout/', { headers: { 'x-xsrf-token': before } });
    expect(stale.statusCode).toBe(403);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
  });
});

describe('X-User-Email never identifies anyone', () => {
  test('naming another user with a valid session: 403 USER_MISMATCH', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    const other = await registerAndActivate(t, sims.smtp, client());
    await logIn(c, acc.email, acc.password);

    const response = await c.get('/api/me/', { headers: { 'x-user-email': other.email } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('USER_MISMATCH');
    expect(response.body).not.toContain(other.email);
  });

  test('naming the session user, in any case: 200', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    await logIn(c, acc.email, acc.password);
    const response = await c.get('/api/me/', { headers: { 'x-user-email': ` ${acc.email.toUpperCase()} ` } });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(acc.id);
  });

  test('the header alone, without a session: 401', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const response = await client().get('/api/me/', { headers: { 'x-user-email': acc.email } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});
