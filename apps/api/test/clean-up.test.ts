import { expect, test } from 'vitest';
import { cleanUpExpiredRows } from '../src/jobs/clean-up.ts';
import { SESSION_IDLE_SECONDS } from '../src/security/sessions.ts';
import { type TestApp } from './support/test-app.ts';
import { setUpApiTest } from './support/api-test.ts';

let t: TestApp;
setUpApiTest({}, (setup) => ({ t } = setup));

const count = async (table: 'rate_limits' | 'sessions' | 'jobs') =>
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
