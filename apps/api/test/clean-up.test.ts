import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { cleanUpExpiredRows } from '../src/jobs/clean-up.ts';
import { SESSION_IDLE_SECONDS } from '../src/security/sessions.ts';
import { deleteOrphanedUploads } from '../src/storage/orphaned-uploads-repository.ts';
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

test('uploaded files nothing has named for a day are deleted, in bounded batches; named and recent ones stay', async () => {
  const db = t.database.db;
  const now = t.clock.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const name = (label: string) => `${createHash('md5').update(label).digest('hex')}.webp`;
  const upload = (folder: string, label: string, createdAt: Date) => {
    const content = Buffer.from(label);
    return { key: `${folder}/${name(label)}`, content_type: 'image/webp', sha256: createHash('sha256').update(content).digest('hex'), size: content.length, content, created_at: createdAt };
  };
  const kept = ['profile', 'author', 'thumbnail', 'paragraph-image', 'paragraph-text', 'category', 'edition', 'mailing'];
  await db
    .insertInto('uploaded_files')
    .values([
      upload('profile-pictures', 'profile', daysAgo(30)),
      ...kept.slice(1).map((label) => upload('content-images', label, daysAgo(30))),
      upload('profile-pictures', 'old profile', daysAgo(30)),
      upload('content-images', 'old image', daysAgo(2)),
      upload('content-images', 'just uploaded', daysAgo(0.5)),
    ])
    .execute();
  const url = (label: string) => `/media/content-images/${name(label)}`;
  const user = await db.insertInto('users').values({ name: 'Pictured', email: 'pictured@example.com', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('profile_pictures').values({ user_id: user.id, file_name: name('profile'), updated_at: now }).execute();
  await db
    .insertInto('blog_posts')
    .values({
      custom_url: 'orphans',
      title: 'Orphans',
      category: 'News',
      intro: 'Intro',
      author: 'Olive',
      author_image: url('author'),
      thumbnail: url('thumbnail'),
      paragraphs: JSON.stringify([{ text: 'One', image: url('paragraph-image') }, { text: `See ![a picture](${url('paragraph-text')})`, image: null }]),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const category = await db.insertInto('categories').values({ name: 'Orphans', slug: 'orphans', image: url('category'), created_at: now }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('collections').values({ category_id: category.id, collection_id: 'ORPHANS-2026-11', name: 'Orphans', rundate: '2026-11-01', image: url('edition'), created_at: now }).execute();
  await db.insertInto('mailings').values({ kind: 'product-news', subject: 'News', body_markdown: `![new](${url('mailing')})`, due_on: '2026-11-01', state: 'sent', created_by: 'operator@example.com', created_at: now }).execute();
  const keys = async () => (await db.selectFrom('uploaded_files').select('key').orderBy('key').execute()).map((row) => row.key);
  const all = await keys();
  const keyOf = (label: string) => all.find((key) => key.endsWith(name(label)))!;

  // One statement deletes at most its batch, the oldest first.
  expect(await deleteOrphanedUploads(db, daysAgo(1), 1)).toBe(1);
  expect(await keys()).not.toContain(keyOf('old profile'));
  expect(await keys()).toContain(keyOf('old image'));

  await cleanUpExpiredRows(t.ctx);
  expect(await keys()).toEqual([...kept, 'just uploaded'].map(keyOf).sort());
});
