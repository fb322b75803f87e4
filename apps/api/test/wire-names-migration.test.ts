import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { tokenContext } from '../src/modules/sync/services/providers.ts';
import { openToken, sealToken } from '../src/modules/sync/services/token-cipher.ts';
import { dropDatabaseWhenIdle } from './support/test-database.ts';

// Migration 0023 on a database holding users' email preferences and QuickBooks and Jobber
// authorizations, connections (with sealed tokens), syncs and links under the old names; on
// PGlite, or on an empty PostgreSQL database when DATABASE_URL is set.
let handle: DatabaseHandle;
let dropDatabase = async () => {};
beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    handle = await openDatabase({ pglite: await PGlite.create() });
    return;
  }
  const name = `tl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: url.toString() });
  dropDatabase = async () => {
    await dropDatabaseWhenIdle(admin, name);
    await admin.end();
  };
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase();
});

const key = { id: 'k1', key: randomBytes(32) };

test('0023: the email preferences and the stored QuickBooks provider id get their clear names; sealed tokens still open', async () => {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0022-uploaded-files')).error).toBeUndefined();
  const now = new Date('2026-11-01T00:00:00Z');
  const access = sealToken([key], 'the-access-token', '1:quickbook:access');
  const refresh = sealToken([key], 'the-refresh-token', '1:quickbook:refresh');
  const statements = [
    sql`INSERT INTO users (name, email, update1, update2, created_at, updated_at) VALUES
      ('Both', 'both@example.com', true, true, ${now}, ${now}),
      ('Editions only', 'editions@example.com', true, false, ${now}, ${now}),
      ('News only', 'news@example.com', false, true, ${now}, ${now})`,
    sql`INSERT INTO categories (name, slug) VALUES ('Electrical', 'electrical')`,
    sql`INSERT INTO collections (category_id, collection_id, name, rundate) VALUES (1, 'E-1', 'E 1', '2026-01-01')`,
    sql`INSERT INTO oauth_flows (state_hash, provider, user_id, session_hash, created_at, expires_at) VALUES
      ('s1', 'quickbook', 1, 'h', ${now}, ${now}), ('s2', 'jobber', 1, 'h', ${now}, ${now})`,
    sql`INSERT INTO provider_connections (user_id, provider, status, account_id, key_id, access_token_enc, refresh_token_enc, connected_at, updated_at) VALUES
      (1, 'quickbook', 'connected', 'realm-1', 'k1', ${access.value}, ${refresh.value}, ${now}, ${now}),
      (1, 'jobber', 'disconnected', 'acct-1', NULL, NULL, NULL, ${now}, ${now})`,
    sql`INSERT INTO sync_runs (user_id, provider, collection_id, account_id, status, queued_at) VALUES
      (1, 'quickbook', 1, 'realm-1', 'queued', ${now}), (2, 'jobber', 1, 'acct-1', 'succeeded', ${now})`,
    sql`INSERT INTO sync_links (user_id, provider, account_id, kind, key, remote_id) VALUES
      (1, 'quickbook', 'realm-1', 'account', 'Sales', '79'), (1, 'jobber', 'acct-1', 'item', 'SKU-1', 'j-1')`,
  ];
  for (const statement of statements) await statement.execute(handle.db);

  expect(await migrateToLatest(handle.db)).toContain('0023-names-that-say-what-they-mean');

  const users = await handle.db.selectFrom('users').select(['email', 'wants_edition_emails', 'wants_product_news']).orderBy('id').execute();
  expect(users).toEqual([
    { email: 'both@example.com', wants_edition_emails: true, wants_product_news: true },
    { email: 'editions@example.com', wants_edition_emails: true, wants_product_news: false },
    { email: 'news@example.com', wants_edition_emails: false, wants_product_news: true },
  ]);
  for (const table of ['oauth_flows', 'provider_connections', 'sync_runs', 'sync_links'] as const) {
    const providers = await handle.db.selectFrom(table).select('provider').orderBy('provider').execute();
    expect(providers.map((row) => row.provider), table).toEqual(['jobber', 'quickbooks']);
  }
  // The sync queued before the migration is still the user's one active QuickBooks sync.
  expect(await handle.db.selectFrom('sync_runs').select(['user_id', 'status']).where('provider', '=', 'quickbooks').execute()).toEqual([{ user_id: 1, status: 'queued' }]);

  // Tokens sealed under the old name open under the new one.
  const connection = await handle.db.selectFrom('provider_connections').selectAll().where('provider', '=', 'quickbooks').executeTakeFirstOrThrow();
  expect(openToken([key], { keyId: connection.key_id!, value: connection.access_token_enc! }, tokenContext(connection.user_id, connection.provider, 'access'))).toBe('the-access-token');
  expect(openToken([key], { keyId: connection.key_id!, value: connection.refresh_token_enc! }, tokenContext(connection.user_id, connection.provider, 'refresh'))).toBe('the-refresh-token');

  // The old spelling is no longer a stored provider id.
  await expect(sql`INSERT INTO sync_links (user_id, provider, account_id, kind, key, remote_id) VALUES (2, 'quickbook', 'r', 'item', 'k', 'x')`.execute(handle.db)).rejects.toThrow();
});
