import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@tradelist/contract/api';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { auditEntriesOf, multipartFile, operatorClientFor } from '../../../../test/support/operator-client.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { categoryNameTakenMessage } from '../../catalog/services/manage-categories.ts';
import { unsupportedPictureMessage } from '../../profile/services/picture-image.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-content-images-'));
let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({ env: { DATA_DIR: dataDir } }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const calls = api.operator;
/** The stored content images (in the upload store, decision 0035); nothing is written under DATA_DIR. */
async function storedImages(): Promise<string[]> {
  expect(readdirSync(dataDir)).toEqual([]);
  const rows = await t.database.db.selectFrom('uploaded_files').select('key').where('key', 'like', 'content-images/%').execute();
  return rows.map((row) => row.key);
}

function photo(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .withExif({ IFD0: { Make: 'Private Camera' } })
    .jpeg()
    .toBuffer();
}

test('an image is re-encoded to a WebP of its use, served from the site, and the upload is in the audit log', async () => {
  const { client, actor } = await operatorClientFor(t, fixture, 'images');
  const response = await client.request('POST', `${calls.uploadImage.path}?use=category`, multipartFile(await photo(), { filename: 'trick.svg', type: 'image/svg+xml' }));
  expect(response.statusCode, response.body).toBe(201);
  const { url, width, height } = response.json() as { url: string; width: number; height: number };
  expect(url).toMatch(/^\/media\/content-images\/[0-9a-f]{32}\.webp$/);
  expect([width, height]).toEqual([800, 450]);

  const served = await t.app.inject({ method: 'GET', url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  const metadata = await sharp(served.rawPayload).metadata();
  expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 450 });
  expect(metadata.exif).toBeUndefined();

  const author = await client.request('POST', `${calls.uploadImage.path}?use=author`, multipartFile(await photo(500, 300)));
  expect(author.json()).toMatchObject({ width: 256, height: 256 });

  const entries = await auditEntriesOf(t, 'image', url.split('/').pop()!);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ action: 'image.upload', operator_email: actor.email, after: { url, use: 'category', width: 800, height: 450 } });
});

test('an image upload is refused when it is not a raster image, too large, or for no known use; nothing is stored', async () => {
  const { client } = await operatorClientFor(t, fixture, 'images-refused');
  const before = (await storedImages()).length;
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const refused = await client.request('POST', `${calls.uploadImage.path}?use=thumbnail`, multipartFile(svg, { filename: 'photo.png', type: 'image/png' }));
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { file: [unsupportedPictureMessage] } });

  const huge = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
  const tooLarge = await client.request('POST', `${calls.uploadImage.path}?use=thumbnail`, multipartFile(huge));
  expect(tooLarge.statusCode).toBe(413);
  expect(tooLarge.json().error).toBe('The image is too large: at most 5 MB.');

  const noUse = await client.request('POST', `${calls.uploadImage.path}?use=banner`, multipartFile(await photo()));
  expect(noUse.statusCode).toBe(400);

  const json = await client.post(`${calls.uploadImage.path}?use=thumbnail`, { file: 'x' });
  expect(json.statusCode).toBe(415);
  expect((await storedImages()).length).toBe(before);
});

test('the operator adds and edits a category; its image shows on its editions without one; each change is audited', async () => {
  const { client, actor } = await operatorClientFor(t, fixture, 'categories');
  const image = (await client.request('POST', `${calls.uploadImage.path}?use=category`, multipartFile(await photo()))).json().url as string;

  const created = await client.post(calls.createCategory.path, { name: 'Lighting & Fixtures', tagline: 'Lamps, fixtures, controls', image: null, is_free: false, is_announced: true });
  expect(created.statusCode, created.body).toBe(201);
  const category = created.json();
  expect(category).toMatchObject({ name: 'Lighting & Fixtures', slug: 'lighting-fixtures', tagline: 'Lamps, fixtures, controls', image: null, is_free: false, is_announced: true, edition_count: 0 });

  const list = (await client.get(calls.categories.path)).json() as Array<{ slug: string }>;
  expect(list.map((c) => c.slug)).toEqual(['electrical', 'wire-conduit-demo', 'plumbing', 'lighting-fixtures']);
  const publicList = (await client.get('/api/categories/')).json() as Array<{ name: string; is_announced: boolean }>;
  expect(publicList.find((c) => c.name === 'Lighting & Fixtures')).toMatchObject({ is_announced: true });

  const edited = await client.request('PUT', `/api/operator/categories/${fixture.paidCategoryId}/`, {
    body: { name: 'Electrical', tagline: 'Every electrical item, monthly', image, is_free: false, is_announced: false },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ slug: 'electrical', tagline: 'Every electrical item, monthly', image, edition_count: 3 });

  const collections = (await client.get('/api/all-collections/')).json() as Array<{ category_id: number; image: string | null }>;
  expect(collections.filter((c) => c.category_id === fixture.paidCategoryId).every((c) => c.image === image)).toBe(true);

  const [createEntry] = await auditEntriesOf(t, 'category', category.id);
  expect(createEntry).toMatchObject({ action: 'category.create', operator_email: actor.email, before: null, after: { slug: 'lighting-fixtures', name: 'Lighting & Fixtures', is_announced: true } });
  const [updateEntry] = await auditEntriesOf(t, 'category', fixture.paidCategoryId);
  expect(updateEntry).toMatchObject({ action: 'category.update', before: { tagline: 'Electrical list', image: null }, after: { tagline: 'Every electrical item, monthly', image } });
});

test('a category is refused with a field error for a taken name, an empty name or an image outside the site; an unknown id is a 404', async () => {
  const { client } = await operatorClientFor(t, fixture, 'categories-refused');
  const base = { tagline: null, image: null, is_free: false, is_announced: false };
  const taken = await client.post(calls.createCategory.path, { ...base, name: 'plumbing' });
  expect(taken.statusCode).toBe(400);
  expect(taken.json().fields).toEqual({ name: [categoryNameTakenMessage] });
  expect((await client.post(calls.createCategory.path, { ...base, name: '  ' })).statusCode).toBe(400);
  const external = await client.post(calls.createCategory.path, { ...base, name: 'Tools', image: 'https://evil.example/x.png' });
  expect(external.statusCode).toBe(400);
  expect(Object.keys(external.json().fields)).toEqual(['image']);
  const renameClash = await client.request('PUT', `/api/operator/categories/${fixture.paidCategoryId}/`, { body: { ...base, name: 'Plumbing' } });
  expect(renameClash.statusCode).toBe(400);
  expect((await client.request('PUT', '/api/operator/categories/999999/', { body: { ...base, name: 'Nothing' } })).statusCode).toBe(404);
  expect(await t.database.db.selectFrom('categories').select('name').where('name', '=', 'Tools').execute()).toEqual([]);
});
