import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';

// Migration 0017 on a database holding an account the old email-change rule left with an
// unconfirmed address, a registration waiting for its activation, and an ordinary account.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ pglite: await PGlite.create() });
});
afterAll(async () => handle?.close());

test('0017: an account moved to an unconfirmed address by the old rule loses its password and its pending links; the others are untouched', async () => {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0015-category-images')).error).toBeUndefined();
  const now = new Date('2026-11-01T00:00:00Z');
  const later = new Date('2026-11-04T00:00:00Z');
  await sql`
    INSERT INTO users (name, email, password_hash, is_verified, last_login_at, created_at, updated_at) VALUES
      ('Parker', 'parked@example.com', 'hash-of-parker', false, ${now}, ${now}, ${now}),
      ('Waiting', 'waiting@example.com', 'hash-of-waiting', false, NULL, ${now}, ${now}),
      ('Ordinary', 'ordinary@example.com', 'hash-of-ordinary', true, ${now}, ${now}, ${now})
  `.execute(handle.db);
  await sql`
    INSERT INTO user_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES
      (1, 'activate', 'h1', ${now}, ${later}), (2, 'activate', 'h2', ${now}, ${later}), (3, 'reset', 'h3', ${now}, ${later})
  `.execute(handle.db);

  expect(await migrateToLatest(handle.db)).toContain('0017-pending-email');

  const users = await handle.db.selectFrom('users').select(['email', 'password_hash', 'is_verified']).orderBy('id').execute();
  expect(users).toEqual([
    { email: 'parked@example.com', password_hash: null, is_verified: false },
    { email: 'waiting@example.com', password_hash: 'hash-of-waiting', is_verified: false },
    { email: 'ordinary@example.com', password_hash: 'hash-of-ordinary', is_verified: true },
  ]);
  const tokens = await handle.db.selectFrom('user_tokens').select(['token_hash', 'used_at']).orderBy('id').execute();
  expect(tokens.map((token) => [token.token_hash, token.used_at !== null])).toEqual([
    ['h1', true],
    ['h2', false],
    ['h3', false],
  ]);
  // A confirmation link always names the address it confirms.
  await expect(sql`INSERT INTO user_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES (3, 'confirm_email', 'h4', ${now}, ${later})`.execute(handle.db)).rejects.toThrow();
});
