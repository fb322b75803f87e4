import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { seedUserGuide } from '../../../db/sample/user-guide/seed-user-guide.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

/**
 * The guide's files are operator uploads kept in the database too (decision 0015): like the
 * uploaded images (decision 0035), each answer carries the SHA-256 of its bytes as a strong ETag
 * and a request naming it is answered 304 without them. Their URLs name a row the operator can
 * replace, so they keep an hour's cache instead of a year's.
 */
let t: TestApp;
let client: TestClient;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  const fixture = await createCatalogFixture(t);
  await seedUserGuide(t.database.db, t.clock.now());
  ({ client } = await clientFor(t, fixture, 'free', 'guide-etags'));
});

test("the guide's PDFs, videos, posters and captions answer If-None-Match with 304", async () => {
  const resources = (await client.get('/api/user-guide-resources/')).json() as Array<{ id: number }>;
  const videos = (await client.get('/api/user-guide-videos/')).json() as Array<{ video_url: string; poster_url: string; captions_url: string }>;
  const urls = [...resources.map((resource) => `/api/user-guide-resources/${resource.id}/file/`), ...videos.flatMap((video) => [video.video_url, video.poster_url, video.captions_url])];
  expect(urls).toHaveLength(resources.length + 3 * videos.length);
  for (const url of urls) {
    const first = await client.get(url);
    expect(first.statusCode, url).toBe(200);
    const etag = `"${createHash('sha256').update(first.rawPayload).digest('hex')}"`;
    expect(first.headers.etag, url).toBe(etag);
    expect(first.headers['cache-control'], url).toBe('private, max-age=3600');

    const again = await client.get(url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode, url).toBe(304);
    expect(again.rawPayload.length, url).toBe(0);
    expect(again.headers.etag, url).toBe(etag);

    const other = await client.get(url, { headers: { 'if-none-match': '"another"' } });
    expect(other.statusCode, url).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload), url).toBe(true);
  }
});
