import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@tradelist/contract/api';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config/env.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { multipartFile, operatorClientFor } from '../../../../test/support/operator-client.ts';
import { TEST_TOKEN_KEY, type TestApp, type TestClient } from '../../../../test/support/test-app.ts';

/**
 * Every kind of uploaded image (decision 0035): a profile picture and the operator's images for
 * a post's thumbnail, its author, a paragraph and a category. Each is stored in the database,
 * served with a year's immutable cache and its SHA-256 as a strong ETag, and a request that
 * names that tag is answered 304 without the bytes. Nothing is written under DATA_DIR, and an app
 * with another DATA_DIR on the same database serves the same bytes (as a second API process does).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-stored-images-'));
let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({ env: { DATA_DIR: dataDir } }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 180, g: 60, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** Uploads one image of the kind and answers its URL. */
const uploads: Record<string, (label: string) => Promise<{ url: string; client: TestClient }>> = {
  'profile picture': async (label) => {
    const { client, userId } = await clientFor(t, fixture, 'free', label);
    const form = multipartFile(await photo(), { field: 'profile_image', filename: 'me.jpg', type: 'image/jpeg' });
    const response = await client.request('POST', `/api/users/${userId}/update-profile/`, form);
    expect(response.statusCode, response.body).toBe(200);
    return { url: response.json().profile_picture_url as string, client };
  },
  ...Object.fromEntries(
    (['thumbnail', 'author', 'paragraph', 'category'] as const).map((use) => [
      `${use} image`,
      async (label: string) => {
        const { client } = await operatorClientFor(t, fixture, label);
        const response = await client.request('POST', `${api.operator.uploadImage.path}?use=${use}`, multipartFile(await photo(), { filename: 'photo.jpg', type: 'image/jpeg' }));
        expect(response.statusCode, response.body).toBe(201);
        return { url: response.json().url as string, client };
      },
    ]),
  ),
};

describe('uploaded images are served from the database with a year-long cache and an ETag', () => {
  for (const [kind, uploadOne] of Object.entries(uploads)) {
    test(`${kind}: upload, serve, ETag, 304`, async () => {
      const { url, client } = await uploadOne(`etag-${kind.replace(/ /g, '-')}`);
      expect(url).toMatch(/^\/media\/(profile-pictures|content-images)\/[0-9a-f]{32}\.webp$/);

      const served = await client.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'");
      expect(served.headers['content-length']).toBe(String(served.rawPayload.length));
      const etag = `"${createHash('sha256').update(served.rawPayload).digest('hex')}"`;
      expect(served.headers.etag).toBe(etag);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

      // The browser's copy is current: 304, no body, the same validators.
      for (const header of [etag, `W/${etag}`, `"0000", ${etag}`, '*']) {
        const again = await client.get(url, { headers: { 'if-none-match': header } });
        expect(again.statusCode, header).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      // A copy of something else: the image again.
      const stale = await client.get(url, { headers: { 'if-none-match': '"0123"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(served.rawPayload)).toBe(true);

      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(etag);

      const row = await t.database.db.selectFrom('uploaded_files').select(['sha256', 'size', 'content_type']).where('key', '=', url.slice('/media/'.length)).executeTakeFirstOrThrow();
      expect(row).toEqual({ sha256: etag.slice(1, -1), size: served.rawPayload.length, content_type: 'image/webp' });
      expect(readdirSync(dataDir)).toEqual([]);
    });
  }

  test('an unknown name is a 404, with If-None-Match too', async () => {
    for (const url of ['/media/profile-pictures/0123456789abcdef0123456789abcdef.webp', '/media/content-images/0123456789abcdef0123456789abcdef.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '*' } })).statusCode, url).toBe(404);
    }
  });

  test('an app with another DATA_DIR on the same database serves the same pictures', async () => {
    const { url } = await uploads['profile picture']!('etag-elsewhere');
    const otherDataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-stored-images-other-'));
    const config = loadConfig({ ...configEnv(t), DATA_DIR: otherDataDir });
    const { app: other } = await buildApp({ config, database: t.database, clock: t.clock, logger: false, startWorkers: false });
    try {
      await other.ready();
      const here = await t.app.inject({ method: 'GET', url });
      const there = await other.inject({ method: 'GET', url });
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      expect(there.headers.etag).toBe(here.headers.etag);
      expect(readdirSync(otherDataDir)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

/** The environment the test app was configured from, for a second app beside it. */
function configEnv(app: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_URL: app.config.appUrl,
    SESSION_SECRET: app.config.sessionSecret,
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
  };
}
