import { expect, test } from 'vitest';
import { cleanUpExpiredRows } from '../src/jobs/clean-up.ts';
import { SESSION_IDLE_SECONDS } from '../src/security/sessions.ts';
import { type TestApp } from './support/test-app.ts';
import { setUpApiTest } from './support/api-test.ts';

let t: TestApp;
setUpApiTest({}, (setup) => ({ t } = setup));

const count = async (table: 'rate_limits' | 'sessions' | 'jobs' | 'mail_outbox' | 'google_token_uses') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

test('old rate-limit windows, expired sessions and old completed jobs are deleted; live ones stay', async () => {
  const db = t.database.db;
  const now = t.clock.now();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  await db.insertInto('rate_limits').values([
    { key: 'old', window_start: hoursAgo(25), count: 3 },
    { key: 'live', window_start: hoursAgo(1), count: 3 },
  ]).execute();
  const user = await db.insertInto('users').values({ name: 'Clean', email: 'clean@example.com', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('sessions').values([
    { id_hash: 'expired', user_id: user.id, created_at: hoursAgo(400), last_seen_at: hoursAgo(400), expires_at: hoursAgo(1), user_agent: null, ip: null },
    { id_hash: 'live', user_id: user.id, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000), user_agent: null, ip: null },
  ]).execute();
  await db.insertInto('jobs').values([
    { queue: 'send-email', payload: '{}', state: 'completed', max_attempts: 1, run_at: hoursAgo(200), created_at: hoursAgo(200), completed_at: hoursAgo(200), locked_until: null, last_error: null },
    { queue: 'send-email', payload: '{}', state: 'completed', max_attempts: 1, run_at: hoursAgo(2), created_at: hoursAgo(2), completed_at: hoursAgo(2), locked_until: null, last_error: null },
    { queue: 'send-email', payload: '{}', state: 'failed', max_attempts: 1, run_at: hoursAgo(200), created_at: hoursAgo(200), completed_at: null, locked_until: null, last_error: 'kept for inspection' },
  ]).execute();

  await cleanUpExpiredRows(t.ctx);

  expect((await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['live']);
  expect((await db.selectFrom('sessions').select('id_hash').execute()).map((r) => r.id_hash)).toEqual(['live']);
  expect(await count('jobs')).toBe(2);
});

test('outbox rows over 30 days old and the jti of expired Google tokens are deleted; recent ones stay', async () => {
  const db = t.database.db;
  const now = t.clock.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const mail = (id: string, createdAt: Date, status: 'pending' | 'sent' | 'abandoned') => ({
    to_address: `${id}@example.com`,
    subject: 'Subject',
    text_body: status === 'pending' ? 'body' : null,
    html_body: status === 'pending' ? '<p>body</p>' : null,
    message_id: `<${id}@example.com>`,
    kind: 'activation',
    status,
    created_at: createdAt,
    sent_at: status === 'sent' ? createdAt : null,
    last_error: null,
  });
  await db.insertInto('mail_outbox').values([mail('old-sent', daysAgo(31), 'sent'), mail('old-abandoned', daysAgo(40), 'abandoned'), mail('recent', daysAgo(29), 'sent'), mail('waiting', daysAgo(1), 'pending')]).execute();
  await db.insertInto('google_token_uses').values([
    { jti: 'expired', expires_at: daysAgo(0.01), used_at: daysAgo(0.05) },
    { jti: 'live', expires_at: new Date(now.getTime() + 600_000), used_at: now },
  ]).execute();

  await cleanUpExpiredRows(t.ctx);

  expect((await db.selectFrom('mail_outbox').select('to_address').orderBy('to_address').execute()).map((r) => r.to_address)).toEqual(['recent@example.com', 'waiting@example.com']);
  expect((await db.selectFrom('google_token_uses').select('jti').execute()).map((r) => r.jti)).toEqual(['live']);
  expect(await count('google_token_uses')).toBe(1);
});
