import { readFileSync } from 'node:fs';
import { ID_MAX } from '@tradelist/contract/fields';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { seedUserGuide } from '../../../db/sample/user-guide/seed-user-guide.ts';
import { sampleVideoFiles, sampleVideos } from '../../../db/sample/user-guide/videos.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
let client: TestClient;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  await seedUserGuide(t.database.db, t.clock.now());
  ({ client } = await clientFor(t, fixture, 'free', 'guide'));
});

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The EBML elements between `start` and `end`: id, and where each one's data starts and ends. */
function ebml(bytes: Buffer, start: number, end: number): Array<{ id: number; start: number; end: number }> {
  const found: Array<{ id: number; start: number; end: number }> = [];
  for (let offset = start; offset < end; ) {
    const idLength = Math.clz32(bytes[offset]!) - 23;
    const id = bytes.readUIntBE(offset, idLength);
    const sizeAt = offset + idLength;
    const sizeLength = Math.clz32(bytes[sizeAt]!) - 23;
    let size = bytes[sizeAt]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i++) size = size * 256 + bytes[sizeAt + i]!;
    found.push({ id, start: sizeAt + sizeLength, end: sizeAt + sizeLength + size });
    offset = sizeAt + sizeLength + size;
  }
  return found;
}

/** The tracks of a WebM file: each one's type (1 video, 17 subtitles) and codec. */
function webmTracks(file: Buffer): Array<{ type: number; codec: string }> {
  const segment = ebml(file, 0, file.length).find((element) => element.id === 0x18538067)!;
  const tracks = ebml(file, segment.start, segment.end).find((element) => element.id === 0x1654ae6b)!;
  return ebml(file, tracks.start, tracks.end)
    .filter((element) => element.id === 0xae)
    .map((entry) => {
      const fields = ebml(file, entry.start, entry.end);
      const type = fields.find((field) => field.id === 0x83)!;
      const codec = fields.find((field) => field.id === 0x86)!;
      return { type: file.readUIntBE(type.start, type.end - type.start), codec: file.toString('latin1', codec.start, codec.end) };
    });
}

/** WebVTT cue timings in milliseconds, in file order. */
function cueTimes(vtt: string): Array<{ start: number; end: number }> {
  const ms = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0) * 1000;
  return [...vtt.matchAll(/^([\d:.]+) --> ([\d:.]+)$/gm)].map((match) => ({ start: Math.round(ms(match[1]!)), end: Math.round(ms(match[2]!)) }));
}

describe('user guide resources (product §2.14, §3.9)', () => {
  test("the three PDFs with product §3.9's fields; each file_content decodes to a PDF of several pages", async () => {
    const response = await client.get('/api/user-guide-resources/');
    expect(response.statusCode).toBe(200);
    const resources = response.json() as Array<{ id: number; name: string; description: string; file_name: string; file_content: string }>;
    expect(resources.map((r) => r.name)).toEqual(['Getting started: markups and your first download', 'Importing the list into QuickBooks Online', 'Syncing with Jobber']);
    for (const resource of resources) {
      expect(resource.description.length).toBeGreaterThan(20);
      const pdf = Buffer.from(resource.file_content, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    }
  });

  test('each PDF is also a normal download with its name', async () => {
    const [resource] = (await client.get('/api/user-guide-resources/')).json() as Array<{ id: number; file_content: string }>;
    const response = await client.get(`/api/user-guide-resources/${resource!.id}/file/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Getting started - markups and your first download.pdf"; filename*=UTF-8''Getting%20started%20-%20markups%20and%20your%20first%20download.pdf`,
    );
    expect(response.rawPayload.equals(Buffer.from(resource!.file_content, 'base64'))).toBe(true);
    expect((await client.get(`/api/user-guide-resources/${ID_MAX}/file/`)).statusCode).toBe(404);
  });

  test('two videos: WebM files with a duration, byte ranges, a WebP poster and WebVTT captions', async () => {
    const videos = (await client.get('/api/user-guide-videos/')).json() as Array<{ title: string; video_url: string; video_type: string; poster_url: string; captions_url: string; duration_seconds: number }>;
    expect(videos).toHaveLength(2);
    for (const video of videos) {
      expect(video.video_type).toBe('video/webm');
      expect(video.duration_seconds).toBeGreaterThan(15);
      const file = await client.get(video.video_url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/webm');
      expect(file.headers['accept-ranges']).toBe('bytes');
      expect(file.rawPayload.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
      expect(file.rawPayload.includes(Buffer.from('V_VP8'))).toBe(true);

      const range = await client.get(video.video_url, { headers: { range: 'bytes=100-199' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 100-199/${file.rawPayload.length}`);
      expect(range.rawPayload.equals(file.rawPayload.subarray(100, 200))).toBe(true);
      expect((await client.get(video.video_url, { headers: { range: `bytes=${file.rawPayload.length}-` } })).statusCode).toBe(416);

      const poster = await client.get(video.poster_url);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 540 });

      const captions = await client.get(video.captions_url);
      expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(captions.body).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> \d{2}:\d{2}:\d{2}\.\d{3}\n\S/);
    }
  });

  test('one caption track per video: the listed WebVTT file, its cues one after the other; the video file holds the picture only', async () => {
    const videos = (await client.get('/api/user-guide-videos/')).json() as Array<Record<string, unknown> & { video_url: string; captions_url: string; duration_seconds: number }>;
    for (const video of videos) {
      // The listing names one captions file, and no other text track.
      expect(Object.keys(video).filter((key) => /caption|subtitle|track/.test(key))).toEqual(['captions_url']);
      // The WebM file has one track, the VP8 picture: no subtitle track a player would add.
      expect(webmTracks((await client.get(video.video_url)).rawPayload)).toEqual([{ type: 1, codec: 'V_VP8' }]);
      // The cues follow each other without overlapping (two never show at once), from the start to the end.
      const cues = cueTimes((await client.get(video.captions_url)).body);
      expect(cues.length).toBeGreaterThanOrEqual(4);
      expect(cues[0]!.start).toBe(0);
      cues.forEach((cue, index) => {
        expect(cue.end, `cue ${index + 1}`).toBeGreaterThan(cue.start);
        if (index > 0) expect(cue.start, `cue ${index + 1}`).toBe(cues[index - 1]!.end);
      });
      expect(cues.at(-1)!.end).toBe(Math.round(video.duration_seconds * 1000));
    }
  });

  test('the PDFs are generated the same on every run, the videos are the recorded files, and a second seed adds nothing', async () => {
    const before = (await client.get('/api/user-guide-resources/')).json() as Array<{ file_content: string }>;
    expect(await seedUserGuide(t.database.db, t.clock.now())).toEqual([]);
    const { renderGuidePdf } = await import('../../../db/sample/user-guide/pdf.ts');
    const { guideDocuments } = await import('../../../db/sample/user-guide/guides.ts');
    expect(Buffer.from(await renderGuidePdf(guideDocuments[0]!)).toString('base64')).toBe(before[0]!.file_content);
    const videos = (await client.get('/api/user-guide-videos/')).json() as Array<{ video_url: string; poster_url: string; captions_url: string }>;
    for (const [index, video] of videos.entries()) {
      const files = sampleVideoFiles(sampleVideos[index]!.slug);
      expect((await client.get(video.video_url)).rawPayload.equals(readFileSync(files.video))).toBe(true);
      expect((await client.get(video.poster_url)).rawPayload.equals(readFileSync(files.poster))).toBe(true);
      expect((await client.get(video.captions_url)).body).toBe(readFileSync(files.captions, 'utf8'));
    }
  });

  test("a visitor gets 401 from the guide's PDFs", async () => {
    const visitor = t.client();
    for (const url of ['/api/user-guide-resources/', '/api/user-guide-resources/1/file/']) {
      expect((await visitor.get(url)).statusCode, url).toBe(401);
    }
  });
});

describe('the guide videos on the landing page (product §2.2): public, without a session', () => {
  test('a visitor lists the same videos as a user, and gets their poster, captions and byte ranges of the file', async () => {
    const visitor = t.client();
    const listed = await visitor.get('/api/user-guide-videos/');
    expect(listed.statusCode).toBe(200);
    const videos = listed.json() as Array<{ id: number; title: string; video_url: string; poster_url: string; captions_url: string }>;
    expect(videos).toEqual((await client.get('/api/user-guide-videos/')).json());
    expect(videos.map((video) => video.title)).toEqual(['Set your markups and download a price list', 'Sync an edition to QuickBooks Online or Jobber']);

    for (const video of videos) {
      const poster = await visitor.get(video.poster_url);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(poster.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 540 });

      // A video element with preload="none" asks for the start first, then seeks with open ranges.
      const whole = await visitor.get(video.video_url);
      expect(whole.statusCode).toBe(200);
      const size = whole.rawPayload.length;
      const first = await visitor.get(video.video_url, { headers: { range: 'bytes=0-' } });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
      expect(first.rawPayload.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
      const tail = await visitor.get(video.video_url, { headers: { range: 'bytes=-1000' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${size - 1000}-${size - 1}/${size}`);
      expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 1000))).toBe(true);
      const past = await visitor.get(video.video_url, { headers: { range: `bytes=${size + 10}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);

      const captions = await visitor.get(video.captions_url);
      expect(captions.statusCode).toBe(200);
      expect(captions.body.startsWith('WEBVTT')).toBe(true);
    }
  });

  test('an unknown video, poster or captions id is a 404, a malformed one a 400', async () => {
    const visitor = t.client();
    for (const part of ['video', 'poster', 'captions']) {
      expect((await visitor.get(`/api/user-guide-videos/${ID_MAX}/${part}/`)).statusCode, part).toBe(404);
      expect((await visitor.get(`/api/user-guide-videos/abc/${part}/`)).statusCode, part).toBe(400);
    }
  });
});
