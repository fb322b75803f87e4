import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { insertUser } from '../src/modules/accounts/repositories/users.ts';
import { insertProducts } from '../src/modules/catalog/repositories/products.ts';
import { hashPassword } from '../src/security/passwords.ts';
import { uniqueEmail } from './support/accounts.ts';
import { freePort } from './support/ports.ts';
import { Browser, start, STARTUP_TIMEOUT_MS, waitUntilReady, type Started } from './support/processes.ts';
import { dropDatabaseWhenIdle } from './support/test-database.ts';

/**
 * Nothing shared but the database (decision 0035): two API processes on one PostgreSQL, each with
 * its own DATA_DIR, as on two machines. A picture uploaded through one is served by the other,
 * and the only thing either writes under its DATA_DIR is the store of generated download files
 * (DATA_DIR/files), a per-machine cache that each fills on its own.
 */
const databaseUrl = process.env.DATABASE_URL;
const PASSWORD = 'pictures travel through the database';

describe.skipIf(!databaseUrl)(
  `two API processes with their own DATA_DIR on one PostgreSQL${databaseUrl ? '' : ' (skipped: set DATABASE_URL; the embedded PGlite can be opened by one process only)'}`,
  () => {
    const name = `tl_uploads_${randomBytes(6).toString('hex')}`;
    const dataDirs = [mkdtempSync(path.join(tmpdir(), 'tradelist-machine-a-')), mkdtempSync(path.join(tmpdir(), 'tradelist-machine-b-'))];
    let admin: pg.Client;
    let database: DatabaseHandle;
    let apis: Array<Started & { base: string }> = [];
    let email: string;
    let freeEdition: number;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl!);
      url.pathname = `/${name}`;
      const ports = [await freePort(), await freePort()];
      const appUrl = `http://localhost:${ports[0]}`;
      apis = ports.map((port, index) => ({
        ...start('server', { DATABASE_URL: url.toString(), APP_URL: appUrl, PORT: String(port), WORKERS: '0', DATA_DIR: dataDirs[index]! }),
        base: `http://127.0.0.1:${port}`,
      }));
      await waitUntilReady({ apis, workers: [] });
      database = await openDatabase({ databaseUrl: url.toString() });
      ({ email, freeEdition } = await createUserAndEdition(database));
    }, STARTUP_TIMEOUT_MS + 30_000);

    afterAll(async () => {
      for (const running of apis) if (running.child.exitCode === null) running.child.kill('SIGKILL');
      await Promise.all(apis.map((running) => running.exited));
      await database?.close();
      if (admin) {
        await dropDatabaseWhenIdle(admin, name);
        await admin.end();
      }
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    const [a, b] = [0, 1];
    const picture = (red: number) => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: red, g: 120, b: 60 } } }).png().toBuffer();

    async function signedIn(on: number): Promise<{ browser: Browser; userId: number }> {
      const browser = new Browser();
      const login = await browser.call(apis[on]!.base, 'POST', '/api/login_page/', { email, password: PASSWORD });
      expect(login.status).toBe(200);
      const me = (await (await browser.call(apis[on]!.base, 'GET', '/api/me/')).json()) as { id: number };
      return { browser, userId: me.id };
    }

    async function uploadThrough(on: number, browser: Browser, userId: number, red: number): Promise<string> {
      const response = await browser.upload(apis[on]!.base, `/api/users/${userId}/update-profile/`, 'profile_image', { bytes: await picture(red), name: 'me.png', type: 'image/png' });
      expect(response.status).toBe(200);
      return ((await response.json()) as { profile_picture_url: string }).profile_picture_url;
    }

    test('a picture uploaded through one process is served by the other, with the same ETag and 304', async () => {
      const { browser, userId } = await signedIn(a);
      const url = await uploadThrough(a, browser, userId, 200);
      const fromA = await fetch(`${apis[a]!.base}${url}`);
      const fromB = await fetch(`${apis[b]!.base}${url}`);
      expect(fromB.status).toBe(200);
      const bytes = Buffer.from(await fromB.arrayBuffer());
      expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
      expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const cached = await fetch(`${apis[b]!.base}${url}`, { headers: { 'if-none-match': fromA.headers.get('etag')! } });
      expect(cached.status).toBe(304);

      // Replaced through the other process: the new one is served by both, the old one by neither.
      const replaced = await uploadThrough(b, browser, userId, 20);
      expect(replaced).not.toBe(url);
      for (const api of apis) {
        expect((await fetch(`${api.base}${replaced}`)).status).toBe(200);
        expect((await fetch(`${api.base}${url}`)).status).toBe(404);
      }
      const profile = await browser.call(apis[a]!.base, 'GET', `/api/users/${userId}/profile-picture/`);
      expect(await profile.json()).toEqual({ profile_picture_url: replaced });
    });

    test('each DATA_DIR holds nothing but the download cache, which each process fills for itself', async () => {
      for (const on of [a, b]) {
        const { browser } = await signedIn(on);
        const download = await browser.call(apis[on]!.base, 'POST', '/api/download-products/', { collection_id: freeEdition, catelog_id: 'none' });
        expect(download.status).toBe(200);
        expect(await download.text()).toContain('WIRE-0001');
      }
      for (const dir of dataDirs) {
        const written = filesUnder(dir);
        expect(written.length, dir).toBeGreaterThan(0);
        expect(written.filter((file) => !file.startsWith(`files${path.sep}`)), dir).toEqual([]);
      }
    });
  },
);

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A user who signs in with a password, and a free edition to download. */
async function createUserAndEdition(database: DatabaseHandle): Promise<{ email: string; freeEdition: number }> {
  const db = database.db;
  const now = new Date();
  const email = uniqueEmail('two-machines');
  await insertUser(db, { name: 'Two Machines', email, password_hash: await hashPassword(PASSWORD), google_subject: null, is_verified: true, password_changed_at: now, last_login_at: null, created_at: now, updated_at: now });
  const category = await db.insertInto('categories').values({ name: 'Wire Demo', slug: 'wire-demo', is_free: true, position: 1 }).returning('id').executeTakeFirstOrThrow();
  const edition = await db
    .insertInto('collections')
    .values({ category_id: category.id, collection_id: 'WIRE-DEMO-2026-03', name: 'Wire Demo — March 2026', rundate: '2026-03-01', is_free: true, item_count: 2, image: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProducts(db, [
    { collection_id: edition.id, sku: 'WIRE-0001', name: '12 AWG THHN', description: 'Stranded', unit: 'RL', group_name: 'Wires', cost_cents: 1000, manufacturer_part_number: null, upc: null },
    { collection_id: edition.id, sku: 'WIRE-0002', name: '14 AWG THHN', description: 'Solid', unit: 'RL', group_name: 'Wires', cost_cents: 800, manufacturer_part_number: null, upc: null },
  ]);
  return { email, freeEdition: edition.id };
}
