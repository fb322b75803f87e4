import { expect, test } from 'vitest';
import { type TestApp } from './support/test-app.ts';
import { setUpApiTest } from './support/api-test.ts';

// inject() does not go through sockets; these checks do, as a browser would.
let t: TestApp;
let base: string;
let headers: Record<string, string>;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const config = await fetch(`${base}/api/config/`);
  const cookies = config.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  headers = { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
});

test('a refused call with a body still gets its JSON answer over a real connection', async () => {
  const login = await fetch(`${base}/api/login_page/`, { method: 'POST', headers, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }) });
  expect(login.status).toBe(401);
  expect(await login.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  const invalid = await fetch(`${base}/api/register/`, { method: 'POST', headers, body: JSON.stringify({}) });
  expect(invalid.status).toBe(400);
  expect(await invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
});
