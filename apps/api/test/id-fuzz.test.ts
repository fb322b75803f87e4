import { ID_MAX } from '@tradelist/contract/fields';
import { describe, expect, test } from 'vitest';
import { clientFor, createCatalogFixture, type CatalogFixture } from './support/catalog.ts';
import { apiOperations, expectErrorBody, fillPath, LogCapture, type ApiOperation, type JsonSchema } from './support/openapi.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp, TestClient } from './support/test-app.ts';

// Issue 7 §1.1: ids outside the integer column's range, or not plain integers. `json` is the
// body's raw JSON text (1e400 cannot be written by JSON.stringify), `path` the URL segment.
const probes = [
  { label: '0', json: '0', path: '0' },
  { label: '-1', json: '-1', path: '-1' },
  { label: '2^31', json: '2147483648', path: '2147483648' },
  { label: '2^53', json: '9007199254740992', path: '9007199254740992' },
  { label: '1e400', json: '1e400', path: '1e400' },
  { label: '"1.5"', json: '"1.5"', path: '1.5' },
  { label: '" 1"', json: '" 1"', path: '%201' },
  { label: '"1e3"', json: '"1e3"', path: '1e3' },
];

/**
 * Providers' ids (Stripe's, checked by their shape; QuickBooks' company id), not ids of our rows;
 * and the audit log's `subject_id`, a filter on any text.
 */
const providerIdNames = new Set(['price_id', 'session_id', 'company_id', 'realmId', 'subject_id']);
/** `id`, `something_id` or `somethingId`: the names the API gives ids. */
const isIdName = (name: string) => /^(id|\w+_id|\w*[a-z0-9]Id)$/.test(name) && !providerIdNames.has(name);
const PLACEHOLDER = '__id_probe__';
/** An operator's call that takes a file (the OpenAPI document lists its multipart body; a user's upload checks the user id first). */
const isOperatorUpload = (operation: ApiOperation) => operation.upload !== undefined && operation.path.startsWith('/api/operator/');
/**
 * `/users/{id}/...` calls act on the signed-in user's own id only (product §11.8): any other
 * valid id, existing or not, is refused with 403 rather than 404, so it tells nothing.
 */
const expectedForOtherId = (site: IdSite) => (site.operation.path.startsWith('/api/users/{id}/') && site.name === 'id' ? 403 : 404);

/** Valid values of fields with a pattern (a path on this site, a post's custom URL) or a rule across fields (a free plan's price). */
const patternedSamples: Record<string, unknown> = {
  price: 0,
  image: '/images2/blog/picture.svg',
  author_image: '/images2/blog/picture.svg',
  thumbnail: '/images2/blog/picture.svg',
  custom_url: 'id-fuzz-post',
  paragraphs: [{ text: 'A paragraph.', image: null }],
  bands: [{ from: '0.00', markup: null }],
};

/** A valid value for a schema: ids are the largest valid id (no such row), enums their first value. */
function sample(name: string, schema: JsonSchema): unknown {
  if (isIdName(name)) return ID_MAX;
  if (patternedSamples[name] !== undefined) return patternedSamples[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(name, schema.anyOf[0]!);
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(key, schema.properties![key]!)]));
    default:
      return null;
  }
}

interface IdSite {
  operation: ApiOperation;
  name: string;
  where: 'path' | 'query' | 'body';
}

/** The request for one operation with `raw` (URL text or JSON text) in place of one id. */
function requestFor(site: IdSite, raw: { path: string; json: string } | null) {
  const { operation } = site;
  const path = fillPath(operation.path, site.where === 'path' && raw ? { [site.name]: raw.path } : {}, String(ID_MAX));
  const query = [
    ...operation.parameters
      .filter((p) => p.in === 'query' && isIdName(p.name))
      .map((p) => `${p.name}=${site.where === 'query' && p.name === site.name && raw ? raw.path : ID_MAX}`),
    // Other required query fields get a valid value, so that only the id can be what is refused.
    ...operation.parameters.filter((p) => p.in === 'query' && p.required && !isIdName(p.name)).map((p) => `${p.name}=${encodeURIComponent(String(sample(p.name, p.schema)))}`),
  ];
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  if (!operation.body) return { url, payload: undefined };
  const body = sample('body', operation.body) as Record<string, unknown>;
  if (site.where === 'body') body[site.name] = raw ? PLACEHOLDER : ID_MAX;
  return { url, payload: JSON.stringify(body).replace(`"${PLACEHOLDER}"`, raw?.json ?? '') };
}

const log = new LogCapture();
let t: TestApp;
let fixture: CatalogFixture;
let client: TestClient;
/** Operator calls are probed as an operator (anyone else is refused before the ids are read). */
let operatorClient: TestClient;
let sites: IdSite[];
setUpApiTest({ logStream: log.stream }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  ({ client } = await clientFor(t, fixture, 'subscriber', 'id-fuzz'));
  const operator = await clientFor(t, fixture, 'free', 'id-fuzz-operator');
  await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', operator.userId!).execute();
  operatorClient = operator.client;
  sites = (await apiOperations(t)).flatMap((operation) => [
    ...operation.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && isIdName(p.name)).map((p) => ({ operation, name: p.name, where: p.in as 'path' | 'query' })),
    ...Object.keys(operation.body?.properties ?? {}).filter(isIdName).map((name) => ({ operation, name, where: 'body' as const })),
  ]);
});

function send(site: IdSite, raw: { path: string; json: string } | null) {
  const { url, payload } = requestFor(site, raw);
  const method = site.operation.method as 'GET' | 'POST';
  const caller = site.operation.path.startsWith('/api/operator/') ? operatorClient : client;
  return payload === undefined
    ? caller.request(method, url)
    : caller.request(method, url, { body: payload, headers: { 'content-type': 'application/json' } });
}

describe('ids in every call (issue 7 §1.1)', () => {
  test('the calls that take ids are found in the OpenAPI document', () => {
    const names = sites.map((site) => `${site.operation.method} ${site.operation.path} ${site.where}:${site.name}`);
    // The calls of today; the list grows on its own as calls are added.
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/latest-collection/{categoryId}/ path:categoryId',
        'POST /api/download-products/ body:collection_id',
        'POST /api/download-products/ body:catelog_id',
        'POST /api/download-bought-products/ body:collection_id',
        'POST /api/sync-products/ body:collection_id',
        'POST /api/sync-products/ body:catelog_id',
        'GET /api/syncs/{syncId}/ path:syncId',
        'PUT /api/users/{id}/update/ path:id',
        'DELETE /api/users/{id}/delete/ path:id',
        'GET /api/users/{id}/data-export/ path:id',
        'GET /api/users/{id}/profile-picture/ path:id',
        'POST /api/users/{id}/update-profile/ path:id',
        'DELETE /api/users/{id}/delete-profile-picture/ path:id',
        'GET /api/user-guide-resources/{id}/file/ path:id',
        'GET /api/user-guide-videos/{id}/video/ path:id',
        'GET /api/blog_details/{id}/ path:id',
      ]),
    );
  });

  test("a valid id that names nothing: the request is otherwise valid and refused as not found (as forbidden when it would be another user's), not as malformed", async () => {
    // An operator call that takes a file checks the file before the row it names (an empty request is
    // refused for its missing file); its ids are still probed with every malformed value below.
    for (const site of sites.filter((candidate) => !isOperatorUpload(candidate.operation))) {
      const response = await send(site, null);
      const label = `${site.operation.method} ${site.operation.path} ${site.name}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(expectedForOtherId(site));
      expectErrorBody(response, label);
    }
  });

  test('0, -1, 2^31, 2^53, 1e400, "1.5", " 1", "1e3": a 4xx with the error body (a field error on a 400), never a 5xx', async () => {
    for (const site of sites) {
      for (const probe of probes) {
        const response = await send(site, probe);
        const label = `${site.operation.method} ${site.operation.path} ${site.name}=${probe.label}`;
        expectErrorBody(response, label);
        if (response.statusCode === 400) expect(Object.keys(response.json().fields ?? {}), label).toContain(site.name);
        else expect(response.statusCode, label).toBe(expectedForOtherId(site));
      }
    }
  });

  test('the special category ids ALL and FREE still work', async () => {
    const all = await client.get('/api/latest-collection/ALL/');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().latest_collection.map((c: { id: number }) => c.id)).toEqual([fixture.paidEditions.mar]);
    const free = await client.get('/api/latest-collection/FREE/');
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().latest_collection.map((c: { id: number }) => c.id)).toEqual([fixture.freeEdition]);
    const byId = await client.get(`/api/latest-collection/${fixture.paidCategoryId}/`);
    expect(byId.statusCode, byId.body).toBe(200);
  });

  test('the server logged no 5xx and no error for any probe', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.serverErrors()).toEqual([]);
  });
});
