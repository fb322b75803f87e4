import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { simulatorEnv, uniqueAddress, type Simulators } from './support/accounts.ts';
import { setUpApiTest } from './support/api-test.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Tradelist test page</title></head><body><div id="root"></div></body></html>';
const INTERNAL_DETAIL = 'SELECT password_hash FROM users WHERE secret = 42';

let sims: Simulators;
let t: TestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'tradelist-web-'));
writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
setUpApiTest(
  {
    simulators: true,
    env: { WEB_DIST_DIR: webDist },
    // A route that fails the way a bug would, to see what a 500 shows.
    beforeReady: (app) => {
      app.get('/api/test-only/explode/', async () => {
        throw new Error(INTERNAL_DETAIL);
      });
    },
  },
  (setup) => ({ t, sims } = setup),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const client = () => t.client({ remoteAddress: uniqueAddress() });

/** The CSP directives by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string, referrerPolicy = 'strict-origin-when-cross-origin') {
  const directives = csp(response);
  expect(directives.get('object-src'), label).toEqual(["'none'"]);
  expect(directives.get('base-uri'), label).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, label).toBeDefined();
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe(referrerPolicy);
  expect(response.headers['x-powered-by'], label).toBeUndefined();
  expect(response.headers['access-control-allow-origin'], label).toBeUndefined();
}

describe('security headers', () => {
  test('on an API answer, a 404, an error, a 500, a page and a static file; no HSTS over http', async () => {
    const c = client();
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['API answer', await c.get('/api/config/', { headers: { origin: 'https://evil.example' } })],
      ['API 404', await c.get('/api/no-such-call/')],
      ['API error', await c.post('/api/login_page/', {}, { xsrf: false })],
      ['validation error', await c.post('/api/login_page/', {})],
      ['500', await c.get('/api/test-only/explode/')],
      ['page', await c.get('/login')],
      ['page 404', await c.get('/no-such-page')],
      ['static file', await c.get('/index.html')],
    ];
    expect(answers.map(([, response]) => response.statusCode)).toEqual([200, 404, 403, 400, 500, 200, 404, 200]);
    for (const [label, response] of answers) {
      expectSecurityHeaders(response, label);
      expect(response.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  test('the pages whose URL carries a token send no referrer (product §11.6); the others send at most the origin elsewhere', async () => {
    const c = client();
    const tokenPages = ['/activate/MQ/abc-def', '/reset-password/MQ/abc-def', '/newsletter/unsubscribe/abc.def', '/activate/MQ/abc-def/?from=mail', '/activate/only-one-part'];
    for (const url of tokenPages) expectSecurityHeaders(await c.get(url), url, 'no-referrer');
    // OPTIONS and TRACE on them too: the header does not depend on the answer.
    expectSecurityHeaders(await t.app.inject({ method: 'OPTIONS', url: '/reset-password/MQ/abc-def', remoteAddress: uniqueAddress() }), 'OPTIONS', 'no-referrer');
    for (const url of ['/', '/login', '/register', '/dashboard', '/activate', '/reset-passwords/a/b', '/api/config/', '/index.html']) {
      expectSecurityHeaders(await c.get(url), url, 'strict-origin-when-cross-origin');
    }
  });

  test('over https: HSTS for at least a year, and __Host- Secure cookies', async () => {
    const https = await createTestApp({ env: { ...simulatorEnv(sims), APP_URL: 'https://tradelist.example' } });
    try {
      // A first visit, without cookies, gets the anonymous session cookie pair.
      const response = await https.app.inject({ method: 'GET', url: '/api/config/' });
      expectSecurityHeaders(response, 'https');
      const hsts = String(response.headers['strict-transport-security']);
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
      const session = response.cookies.find((cookie) => cookie.name === '__Host-tl_session');
      const xsrf = response.cookies.find((cookie) => cookie.name === '__Host-XSRF-TOKEN');
      expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(session!.domain).toBeUndefined();
      // Issue 7 §1.6: the XSRF cookie is __Host- too (no sibling host can plant one); readable by the page.
      expect(xsrf).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
      expect(xsrf!.domain).toBeUndefined();
      expect(xsrf!.httpOnly).toBeUndefined();
      expect(response.cookies.map((cookie) => cookie.name)).not.toContain('XSRF-TOKEN');

      // The header keeps its name: X-XSRF-TOKEN carries the __Host- cookie's value.
      const cookieHeader = response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
      const login = (headers: Record<string, string>) =>
        https.app.inject({ method: 'POST', url: '/api/login_page/', headers: { cookie: cookieHeader, ...headers }, payload: { email: 'nobody@example.com', password: 'not a password' } });
      expect((await login({ 'x-xsrf-token': xsrf!.value })).statusCode).toBe(401);
      expect((await login({})).statusCode).toBe(403);
      // A plain XSRF-TOKEN cookie (as an http page or a sibling host could set) does not count.
      const planted = await https.app.inject({
        method: 'POST',
        url: '/api/login_page/',
        headers: { cookie: `__Host-tl_session=${session!.value}; XSRF-TOKEN=${xsrf!.value}`, 'x-xsrf-token': xsrf!.value },
        payload: { email: 'nobody@example.com', password: 'not a password' },
      });
      expect(planted.statusCode).toBe(403);

      const notFound = await https.client().get('/api/nothing-here/');
      expect(Number(/max-age=(\d+)/.exec(String(notFound.headers['strict-transport-security']))?.[1])).toBeGreaterThanOrEqual(31_536_000);
    } finally {
      await https.close();
    }
  });
});

describe('errors and pages', () => {
  test('OPTIONS and TRACE: 405 with the error body and Allow, under /api and for pages (issue 7 §1.6)', async () => {
    // Path, and the Allow header: what the path answers (nothing for an unknown call).
    const cases: Array<[string, string | undefined]> = [
      ['/api/me/', 'GET, HEAD'],
      ['/api/login_page/', 'POST'],
      ['/api/latest-collection/ALL/', 'GET, HEAD'],
      ['/api/no-such-call/', undefined],
      ['/login', 'GET, HEAD'],
      ['/no-such-page', 'GET, HEAD'],
      ['/index.html', 'GET, HEAD'],
    ];
    for (const method of ['OPTIONS', 'TRACE'] as const) {
      for (const [url, allow] of cases) {
        // light-my-request 6.6's method type omits TRACE; it sends any method it is given.
        const response = await t.app.inject({ method: method as InjectOptions['method'], url, remoteAddress: uniqueAddress() });
        const label = `${method} ${url}`;
        expect(response.statusCode, label).toBe(405);
        expect(response.json(), label).toEqual({ code: 'METHOD_NOT_ALLOWED', error: 'This method is not allowed here.' });
        expect(response.headers.allow, label).toBe(allow);
        expectSecurityHeaders(response, label);
      }
    }
  });

  test('an unknown /api path: 404 JSON NOT_FOUND', async () => {
    for (const url of ['/api/no-such-call/', '/api', '/api/register']) {
      const response = await client().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ code: 'NOT_FOUND', error: 'No such API call.' });
    }
  });

  test('a 500 carries a request id and a generic message, never the error or a stack', async () => {
    const response = await client().get('/api/test-only/explode/');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ code: 'INTERNAL', error: 'Something went wrong on our side. Please try again.', request_id: expect.any(String) });
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(response.body).not.toContain('SELECT');
    expect(response.body).not.toMatch(/\bat \S+ \(|stack|\.ts:\d+/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test("the single-page app's pages of product §2 load index.html with 200 (the public site's are rendered: site-pages.test.ts)", async () => {
    const pages = ['/reset-password/x/y', '/activate/a/b', '/dashboard/settings', '/login', '/dashboard', '/book-setup-call'];
    for (const url of [...pages, '/login?next=x', '/newsletter/unsubscribe/abc.def']) {
      const response = await client().get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  test('without the server renderer (a build of the app alone), an unknown page: 404 with the app page (it shows its not-found screen)', async () => {
    for (const url of ['/no-such-page', '/activate/only-one-part', '/dashboard/settings/extra', '/robots.txt/x']) {
      const response = await client().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });
});
