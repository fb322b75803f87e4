import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { malformedUploadMessage } from '../src/http/read-upload.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from './support/catalog.ts';
import { apiOperations, expectErrorBody, fillPath, LogCapture, type ApiOperation } from './support/openapi.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp, TestClient } from './support/test-app.ts';

// Issue 17 §4: malformed multipart bodies on every upload call the OpenAPI document lists: never
// a 5xx, always the one error body, and nothing stored.

const RUNS_PER_CALL = 15;

interface UploadBaseline {
  operator: boolean;
  /** Path parameters and query of a request that would read the file. */
  params: () => Record<string, string>;
  query: () => string;
}

let fixture: CatalogFixture;
let member: { client: TestClient; userId: number | null };
let operator: { client: TestClient; userId: number | null };

/** One request per upload call that gets as far as reading its file; a new upload call fails the test until it is added. */
const baselines: Record<string, UploadBaseline> = {
  'POST /api/users/{id}/update-profile/': { operator: false, params: () => ({ id: String(member.userId) }), query: () => '' },
  'POST /api/operator/images/': { operator: true, params: () => ({}), query: () => 'use=thumbnail' },
  'POST /api/operator/guide-resources/': { operator: true, params: () => ({}), query: () => 'name=Fuzz%20guide&description=Multipart%20fuzz' },
  'POST /api/operator/guide-videos/{id}/video/': { operator: true, params: () => ({ id: '1' }), query: () => '' },
  'POST /api/operator/guide-videos/{id}/poster/': { operator: true, params: () => ({ id: '1' }), query: () => '' },
  'POST /api/operator/guide-videos/{id}/captions/': { operator: true, params: () => ({ id: '1' }), query: () => '' },
  'POST /api/operator/edition-uploads/': { operator: true, params: () => ({ id: '1' }), query: () => `category_id=${fixture.paidCategoryId}` },
};

const BOUNDARY = '----tradelist-fuzz-boundary';
const contentType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;
const fileBytes = 'sku,name,description,unit,group,cost\nA-1,Wire,Copper wire,ft,Wire,1.00\n';

/** A well-formed form with one file in `field` (what a browser sends), as the base of each malformed one. */
function form(field: string, options: { disposition?: string; extraHeader?: string } = {}): string {
  const disposition = options.disposition ?? `form-data; name="${field}"; filename="fuzz.csv"`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/csv\r\n${options.extraHeader ?? ''}\r\n${fileBytes}\r\n--${BOUNDARY}--\r\n`;
}

interface Malformed {
  label: string;
  contentType: string;
  body: string;
  /** The status it must get: 400 for a body the parser cannot read or that has no file; otherwise never a 5xx. */
  status?: number;
  /** The parser cannot read it: answered with the message that says so. */
  unreadable?: true;
}

/** The malformed bodies of the issue, for an upload whose file travels in `field`. */
function malformedBodies(field: string): Malformed[] {
  const whole = form(field);
  return [
    { label: 'no boundary', contentType: 'multipart/form-data', body: whole, status: 400, unreadable: true },
    { label: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: whole, status: 400 },
    { label: 'a wrong boundary', contentType: contentType('another-boundary'), body: whole, status: 400, unreadable: true },
    { label: 'cut before the closing boundary', contentType: contentType(), body: whole.slice(0, whole.indexOf(`\r\n--${BOUNDARY}--`)), status: 400, unreadable: true },
    { label: 'cut inside the file', contentType: contentType(), body: whole.slice(0, whole.indexOf('Copper')), status: 400, unreadable: true },
    { label: 'cut inside the part header', contentType: contentType(), body: whole.slice(0, whole.indexOf('filename')), status: 400, unreadable: true },
    { label: 'an empty body', contentType: contentType(), body: '', status: 400 },
    { label: 'not a form at all', contentType: contentType(), body: 'hello, this is not multipart', status: 400, unreadable: true },
    { label: 'a part without a name', contentType: contentType(), body: form(field, { disposition: 'form-data; filename="fuzz.csv"' }), status: 400 },
    { label: 'a part without a disposition', contentType: contentType(), body: form(field, { disposition: '' }).replace('Content-Disposition: \r\n', ''), status: 400 },
    // A file name is text the browser chose: a NUL in it cannot be stored (PostgreSQL refuses it).
    { label: 'a NUL in the file name', contentType: contentType(), body: form(field, { disposition: `form-data; name="${field}"; filename="fuzz\u0000.csv"` }) },
    { label: 'a huge part header', contentType: contentType(), body: form(field, { extraHeader: `X-Padding: ${'a'.repeat(60_000)}\r\n` }) },
    { label: 'a huge boundary', contentType: contentType('b'.repeat(4_000)), body: whole.replaceAll(BOUNDARY, 'b'.repeat(4_000)) },
    {
      label: 'too many parts',
      contentType: contentType(),
      body: Array.from({ length: 40 }, (_, index) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join('') + `--${BOUNDARY}--\r\n`,
    },
  ];
}

const log = new LogCapture();
let t: TestApp;
let uploadCalls: Array<ApiOperation & { upload: { field: string } }>;
// The profile picture's rate limit would turn later requests into 429s and hide what the body does.
setUpApiTest({ logStream: log.stream, env: { RATE_LIMIT_SCALE: '1000' } }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  member = await clientFor(t, fixture, 'subscriber', 'multipart-fuzz');
  operator = await clientFor(t, fixture, 'free', 'multipart-fuzz-operator');
  await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', operator.userId!).execute();
  uploadCalls = (await apiOperations(t)).filter((operation): operation is ApiOperation & { upload: { field: string } } => operation.upload !== undefined);
});

/** What a refused upload must leave alone. */
async function snapshot() {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT (SELECT count(*) FROM profile_pictures) AS profile_pictures, (SELECT count(*) FROM edition_uploads) AS edition_uploads,
      (SELECT count(*) FROM user_guide_resources) AS guide_resources, (SELECT md5(string_agg(md5(content) || md5(poster) || md5(captions), '' ORDER BY id)) FROM user_guide_videos) AS guide_videos,
      (SELECT count(*) FROM operator_audit_log) AS audit_log
  `.execute(t.database.db);
  return rows[0];
}

function send(operation: ApiOperation, body: { contentType: string; body: string | Buffer }) {
  const key = `${operation.method} ${operation.path}`;
  const baseline = baselines[key]!;
  const query = baseline.query();
  const url = fillPath(operation.path, baseline.params(), '1') + (query ? `?${query}` : '');
  const client = baseline.operator ? operator.client : member.client;
  return client.request('POST', url, { body: body.body, headers: { 'content-type': body.contentType } });
}

describe('malformed multipart bodies on every upload call (issue 17 §4)', () => {
  test('the upload calls are found in the OpenAPI document, and each has a baseline', () => {
    const keys = uploadCalls.map((operation) => `${operation.method} ${operation.path}`);
    expect(keys.toSorted()).toEqual(Object.keys(baselines).toSorted());
  });

  test('a well-formed form reaches the call: the file is read and judged by its content', async () => {
    for (const operation of uploadCalls) {
      const response = await send(operation, { contentType: contentType(), body: form(operation.upload.field) });
      const label = `${operation.method} ${operation.path}`;
      // A CSV is not an image, a PDF or a video: refused for what it is, not for how it was sent.
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json().error, label).not.toBe(malformedUploadMessage(operation.upload.field));
    }
  });

  test('no boundary, a wrong one, a cut body, an empty body, a nameless part, a huge header: never a 5xx; a refusal is a 4xx with the one error body and stores nothing', async () => {
    for (const operation of uploadCalls) {
      for (const malformed of malformedBodies(operation.upload.field)) {
        const label = `${operation.method} ${operation.path} with ${malformed.label}`;
        const before = await snapshot();
        const response = await send(operation, malformed);
        expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
        // A huge part header or boundary is still a form: a CSV then passes as a supplier file.
        if (response.statusCode < 400) continue;
        expectErrorBody(response, label);
        if (malformed.status) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(malformed.status);
          expect(response.json(), label).toMatchObject({ code: 'VALIDATION_FAILED' });
        }
        if (malformed.unreadable) expect(response.json().error, label).toBe(malformedUploadMessage(operation.upload.field));
        expect(await snapshot(), label).toEqual(before);
      }
    }
  });

  test('a form cut at any byte, or with any byte changed: never a 5xx, always the one error body', async () => {
    for (const operation of uploadCalls) {
      const whole = Buffer.from(form(operation.upload.field));
      const label = `${operation.method} ${operation.path}`;
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: whole.length - 1 }), fc.option(fc.tuple(fc.nat({ max: whole.length - 1 }), fc.integer({ min: 0, max: 255 }))), async (cut, change) => {
          const body = Buffer.from(whole);
          if (change) body[change[0]] = change[1];
          const response = await send(operation, { contentType: contentType(), body: change ? body : body.subarray(0, cut) });
          expect(response.statusCode, `${label} cut at ${cut}, change ${JSON.stringify(change)}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectErrorBody(response, `${label} cut at ${cut}, change ${JSON.stringify(change)}`);
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }
  }, 60_000);

  test('the server logged no 5xx and no error', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.serverErrors()).toEqual([]);
  });
});
