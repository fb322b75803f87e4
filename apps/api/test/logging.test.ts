import { DEFAULT_STRIPE_WEBHOOK_SECRET } from '@tradelist/simulators/stripe';
import { describe, expect, test } from 'vitest';
import { createCatalogFixture } from './support/catalog.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp } from './support/test-app.ts';

interface LogEntry {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
}

const DEBUG = 20;
const INFO = 30;
const REQUEST_LINES = ['incoming request', 'request completed'];

/** The JSON log lines an app writes, collected. */
function logLines(): { lines: string[]; logStream: { write(line: string): void } } {
  const lines: string[] = [];
  return { lines, logStream: { write: (line) => void lines.push(line) } };
}

const parse = (lines: string[]): LogEntry[] => lines.map((line) => JSON.parse(line) as LogEntry);

describe('with LOG_LEVEL=debug (development)', () => {
  let t: TestApp;
  const { lines, logStream } = logLines();
  setUpApiTest({ logLevel: 'debug', logStream }, (setup) => ({ t } = setup));

  test('every request is logged at debug, as JSON with a request id, and no password, token or cookie', async () => {
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
    const requestLines = parse(lines).filter((entry) => REQUEST_LINES.includes(entry.msg));
    // Six requests (the client's first GET /api/config/ included), two lines each.
    expect(requestLines).toHaveLength(12);
    for (const entry of requestLines) {
      expect(entry.level).toBe(DEBUG);
      expect(entry.reqId).toMatch(/^[\w-]{8,}$/);
    }
    for (const secret of [password, 'activation-token-value', 'page-token-value', 'reset-token-value', xsrf, session]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/activate/[redacted]');
    expect(text).toContain('/reset-password/[redacted]');
  });
});

describe('with the default LOG_LEVEL=info outside production', () => {
  let t: TestApp;
  const { lines, logStream } = logLines();
  setUpApiTest({ logLevel: 'info', logStream }, (setup) => ({ t } = setup));

  test('requests leave no line per request, and what the app says at info still shows', async () => {
    const client = t.client();
    await client.get('/api/config/');
    const refused = await client.post('/api/login_page/', { email: 'nobody@example.com', password: 'wrong password here' });
    expect(refused.statusCode).toBe(401);

    const entries = parse(lines);
    expect(entries.filter((entry) => REQUEST_LINES.includes(entry.msg))).toEqual([]);
    // The refusal is the app's own info line, still there and still tied to its request.
    expect(entries).toContainEqual(expect.objectContaining({ level: INFO, msg: 'request refused', reqId: refused.headers['x-request-id'] }));
  });
});

describe('the scheduled work', () => {
  let t: TestApp;
  const { lines, logStream } = logLines();
  setUpApiTest({ stripe: true, env: { STRIPE_WEBHOOK_SECRET: DEFAULT_STRIPE_WEBHOOK_SECRET }, logLevel: 'debug', logStream }, async (setup) => {
    ({ t } = setup);
    // A paid plan not yet linked to the simulator's prices, as at the first start.
    await createCatalogFixture(t);
  });

  test('logs at debug, so that at the default info the ready banner of `npm start` stays the last thing printed', async () => {
    // The first start: every scheduled task is due, its job runs (the Stripe check, the plans linked to their prices...).
    expect(await t.ctx.queue.runDueSchedules()).toEqual(expect.arrayContaining(['clean-up', 'link-plan-prices', 'reconcile-stripe-subscriptions', 'start-due-mailings']));
    await t.ctx.queue.runDueJobs();
    const entries = parse(lines);
    const said = (msg: string) => entries.filter((entry) => entry.msg === msg).map((entry) => entry.level);
    expect(said('scheduled task queued')).toEqual([DEBUG, DEBUG, DEBUG, DEBUG]);
    expect(said('Stripe subscriptions checked')).toEqual([DEBUG]);
    expect(said('plans linked to their Stripe prices')).toEqual([DEBUG]);
    expect(entries.filter((entry) => entry.level >= INFO)).toEqual([]);
  });
});

describe('in production at LOG_LEVEL=info', () => {
  let t: TestApp;
  const { lines, logStream } = logLines();
  const env = { NODE_ENV: 'production', APP_URL: 'https://tradelist.example', SMTP_URL: 'smtp://127.0.0.1:1' };
  setUpApiTest({ logLevel: 'info', logStream, env }, (setup) => ({ t } = setup));

  test('every request is logged at info, with its request id and without the secret in its path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/reset-password/MQ/reset-token-value-0123456789', headers: { 'x-request-id': 'probe-0123456789' } });
    const requestLines = parse(lines).filter((entry) => REQUEST_LINES.includes(entry.msg));
    expect(requestLines.map((entry) => [entry.msg, entry.level, entry.reqId])).toEqual([
      ['incoming request', INFO, 'probe-0123456789'],
      ['request completed', INFO, 'probe-0123456789'],
    ]);
    expect(response.headers['x-request-id']).toBe('probe-0123456789');
    expect(requestLines[0]?.req?.url).toBe('/reset-password/[redacted]');
    expect(lines.join('\n')).not.toContain('reset-token-value');
  });
});
