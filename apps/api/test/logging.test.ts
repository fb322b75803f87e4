import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t?.close());

test('logs are JSON with a request id and carry no password, token or cookie', async () => {
  const client = t.client();
  const password = 'secret phrase that must not be logged';
  await client.post('/api/register/', { username: 'Logan', email: 'logan@example.com', password, password2: password });
  await client.post('/api/login_page/', { email: 'logan@example.com', password });
  await client.post('/api/activate/', { uid: 'MQ', token: 'activation-token-value-0123456789' });
  await client.get('/activate/MQ/page-token-value-0123456789');
  await client.get('/reset-password/MQ/reset-token-value-0123456789');

  const xsrf = client.cookies.get('XSRF-TOKEN')!;
  const session = client.cookies.get('tl_session')!;
  const text = lines.join('\n');
  expect(lines.length).toBeGreaterThan(5);
  for (const line of lines) {
    const entry = JSON.parse(line) as { reqId?: string; msg: string };
    if (entry.msg === 'incoming request' || entry.msg === 'request completed') expect(entry.reqId).toMatch(/^[\w-]{8,}$/);
  }
  for (const secret of [password, 'activation-token-value', 'page-token-value', 'reset-token-value', xsrf, session]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('/activate/[redacted]');
  expect(text).toContain('/reset-password/[redacted]');
});
