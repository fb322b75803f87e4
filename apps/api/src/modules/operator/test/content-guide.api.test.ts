import { api } from '@tradelist/contract/api';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { seedUserGuide } from '../../../db/sample/user-guide/seed-user-guide.ts';
import { writeWebm } from '../../../db/sample/user-guide/webm.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { auditEntriesOf, multipartFile, operatorClientFor } from '../../../../test/support/operator-client.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { notCaptionsMessage, notPdfMessage, notVideoMessage, unreadablePdfMessage } from '../../guide/services/guide-file-checks.ts';
import { reorderMismatchMessage } from '../../guide/services/manage-guide.ts';
import { unsupportedPictureMessage } from '../../profile/services/picture-image.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  await seedUserGuide(t.database.db, t.clock.now());
});

const calls = api.operator;
type Guide = { resources: Array<{ id: number; name: string; file_name: string; size_bytes: number }>; videos: Array<{ id: number; title: string; video_type: string; duration_seconds: number }> };

async function pdf(title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.addPage().drawText(title);
  return Buffer.from(await document.save());
}

const uploadPdf = (client: TestClient, bytes: Buffer, name = 'Price updates each month', description = 'What changes when a new edition arrives.') =>
  client.request('POST', `${calls.uploadGuideResource.path}?name=${encodeURIComponent(name)}&description=${encodeURIComponent(description)}`, multipartFile(bytes, { filename: 'guide.pdf', type: 'application/pdf' }));

test('the operator adds a PDF checked by content; users get it in the guide and as a download; renaming, reordering and removing are audited', async () => {
  const { client, actor } = await operatorClientFor(t, fixture, 'guide-pdfs');
  const before = (await client.get(calls.guide.path)).json() as Guide;
  expect(before.resources).toHaveLength(3);
  expect(before.videos).toHaveLength(2);

  const bytes = await pdf('Price updates');
  const added = await uploadPdf(client, bytes);
  expect(added.statusCode, added.body).toBe(201);
  const guide = added.json() as Guide;
  const resource = guide.resources.at(-1)!;
  expect(resource).toMatchObject({ name: 'Price updates each month', file_name: 'Price-updates-each-month.pdf', size_bytes: bytes.length });

  const listed = (await client.get('/api/user-guide-resources/')).json() as Array<{ id: number; file_content: string }>;
  expect(Buffer.from(listed.at(-1)!.file_content, 'base64').equals(bytes)).toBe(true);
  const download = await client.get(`/api/user-guide-resources/${resource.id}/file/`);
  expect(download.headers['content-type']).toBe('application/pdf');
  expect(download.rawPayload.equals(bytes)).toBe(true);

  const renamed = await client.request('PUT', `/api/operator/guide-resources/${resource.id}/`, { body: { name: 'Monthly price updates', description: 'Read this first.' } });
  expect((renamed.json() as Guide).resources.at(-1)).toMatchObject({ name: 'Monthly price updates', file_name: 'Monthly-price-updates.pdf' });

  const order = [resource.id, ...before.resources.map((r) => r.id)];
  const reordered = await client.request('PUT', calls.reorderGuideResources.path, { body: { ids: order } });
  expect((reordered.json() as Guide).resources.map((r) => r.id)).toEqual(order);
  expect(((await client.get('/api/user-guide-resources/')).json() as Array<{ id: number }>).map((r) => r.id)).toEqual(order);
  const partial = await client.request('PUT', calls.reorderGuideResources.path, { body: { ids: order.slice(1) } });
  expect(partial.json()).toMatchObject({ fields: { ids: [reorderMismatchMessage] } });

  const removed = await client.request('DELETE', `/api/operator/guide-resources/${resource.id}/`);
  expect((removed.json() as Guide).resources.map((r) => r.id)).toEqual(before.resources.map((r) => r.id));
  expect((await client.get(`/api/user-guide-resources/${resource.id}/file/`)).statusCode).toBe(404);
  expect((await client.request('DELETE', `/api/operator/guide-resources/${resource.id}/`)).statusCode).toBe(404);

  const entries = await auditEntriesOf(t, 'guide_resource', resource.id);
  expect(entries.map((e) => e.action)).toEqual(['guide_resource.create', 'guide_resource.update', 'guide_resource.delete']);
  expect(entries[0]).toMatchObject({ operator_email: actor.email, after: { name: 'Price updates each month', size_bytes: bytes.length, pages: 1 } });
  expect(entries[1]).toMatchObject({ before: { name: 'Price updates each month' }, after: { name: 'Monthly price updates' } });
  const reorder = await t.database.db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'guide_resource.reorder').execute();
  expect(reorder).toHaveLength(1);
  expect(reorder[0]).toMatchObject({ after: { ids: order } });
});

test('a PDF upload is refused when it is not a PDF by content (whatever its name), does not parse, is too large, or has no name', async () => {
  const { client } = await operatorClientFor(t, fixture, 'guide-pdfs-refused');
  const count = async () => ((await client.get(calls.guide.path)).json() as Guide).resources.length;
  const before = await count();

  const renamed = await uploadPdf(client, Buffer.from('Name,Price\nWire,1.00\n'));
  expect(renamed.statusCode).toBe(400);
  expect(renamed.json().fields).toEqual({ file: [notPdfMessage] });
  const truncated = await uploadPdf(client, (await pdf('Cut')).subarray(0, 300));
  expect(truncated.json().fields).toEqual({ file: [unreadablePdfMessage] });

  const huge = Buffer.concat([await pdf('Huge'), Buffer.alloc(20 * 1024 * 1024)]);
  const tooLarge = await uploadPdf(client, huge);
  expect(tooLarge.statusCode).toBe(413);
  expect(tooLarge.json().error).toBe('The PDF is too large: at most 20 MB.');

  const nameless = await client.request('POST', `${calls.uploadGuideResource.path}?name=&description=x`, multipartFile(await pdf('x')));
  expect(nameless.statusCode).toBe(400);
  expect(await count()).toBe(before);
});

test("the operator replaces a video, its poster and its captions, each checked by content; users get the new ones", async () => {
  const { client } = await operatorClientFor(t, fixture, 'guide-videos');
  const [video] = ((await client.get(calls.guide.path)).json() as Guide).videos;
  const base = `/api/operator/guide-videos/${video!.id}`;

  const webm = writeWebm({ width: 16, height: 16, durationMs: 3_000, frames: Array.from({ length: 6 }, (_, i) => ({ timeMs: i * 500, vp8: Buffer.alloc(32, 1) })) });
  const replaced = await client.request('POST', `${base}/video/`, multipartFile(webm, { filename: 'walkthrough.webm', type: 'video/webm' }));
  expect(replaced.statusCode, replaced.body).toBe(200);
  expect((replaced.json() as Guide).videos[0]).toMatchObject({ video_type: 'video/webm', duration_seconds: 3 });
  const served = await client.get(`/api/user-guide-videos/${video!.id}/video/`);
  expect(served.rawPayload.equals(webm)).toBe(true);
  const fake = await client.request('POST', `${base}/video/`, multipartFile(Buffer.from('<html>not a video</html>'), { filename: 'clip.mp4', type: 'video/mp4' }));
  expect(fake.json().fields).toEqual({ file: [notVideoMessage] });

  const poster = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: { r: 10, g: 20, b: 30 } } }).png().toBuffer();
  expect((await client.request('POST', `${base}/poster/`, multipartFile(poster))).statusCode).toBe(200);
  const posterServed = await client.get(`/api/user-guide-videos/${video!.id}/poster/`);
  expect(posterServed.headers['content-type']).toBe('image/webp');
  expect(await sharp(posterServed.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
  const svgPoster = await client.request('POST', `${base}/poster/`, multipartFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
  expect(svgPoster.json().fields).toEqual({ file: [unsupportedPictureMessage] });

  const captions = 'WEBVTT\n\n00:00.000 --> 00:03.000\nOpen the catalog and choose an edition.\n';
  expect((await client.request('POST', `${base}/captions/`, multipartFile(Buffer.from(captions), { filename: 'en.vtt', type: 'text/vtt' }))).statusCode).toBe(200);
  expect((await client.get(`/api/user-guide-videos/${video!.id}/captions/`)).body).toBe(captions);
  const srt = await client.request('POST', `${base}/captions/`, multipartFile(Buffer.from('1\n00:00:00,000 --> 00:00:03,000\nHi\n'), { filename: 'en.vtt' }));
  expect(srt.json().fields).toEqual({ file: [notCaptionsMessage] });

  const titled = await client.request('PUT', `${base}/`, { body: { title: 'Your first download', description: 'Three steps, one minute.' } });
  expect((titled.json() as Guide).videos[0]).toMatchObject({ title: 'Your first download' });
  expect((await client.request('POST', '/api/operator/guide-videos/999999/captions/', multipartFile(Buffer.from(captions)))).statusCode).toBe(404);

  const entries = await auditEntriesOf(t, 'guide_video', video!.id);
  expect(entries.map((e) => e.action)).toEqual(['guide_video.video', 'guide_video.poster', 'guide_video.captions', 'guide_video.update']);
  expect(entries[0]).toMatchObject({ after: { media_type: 'video/webm', duration_seconds: 3, size_bytes: webm.length } });
});
