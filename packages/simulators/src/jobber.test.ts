import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJobberSimulator, type JobberSimulator } from './jobber.ts';

/** Answers are JSON of many shapes; the tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const REDIRECT = 'http://localhost:3000/dashboard/jobber/callback';
const VERSION = '2026-02-17';

let sim: JobberSimulator;
let now = Date.parse('2026-11-22T12:00:00Z');

beforeAll(async () => {
  sim = await startJobberSimulator({ clock: () => now });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  expect((await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
});

async function authorize(s: JobberSimulator, state: string, accountIndex = 0): Promise<URLSearchParams> {
  const page = await fetch(`${s.authorizeUrl}?${new URLSearchParams({ client_id: s.clientId, redirect_uri: REDIRECT, response_type: 'code', state })}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const accountId = s.accounts[accountIndex]?.id ?? '';
  expect(html).toContain(`value="${accountId}"`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const answer = await fetch(s.authorizeUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...hidden, account: accountId, decision: 'allow' }) });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

async function token(s: JobberSimulator, form: Record<string, string>): Promise<{ status: number; body: Json }> {
  const res = await fetch(s.tokenUrl, { method: 'POST', body: new URLSearchParams({ client_id: s.clientId, client_secret: s.clientSecret, ...form }) });
  return { status: res.status, body: await res.json() };
}

async function connect(s: JobberSimulator = sim, accountIndex = 0): Promise<{ access: string; refresh: string }> {
  const code = (await authorize(s, 'st', accountIndex)).get('code') ?? '';
  const { body } = await token(s, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
  return { access: body.access_token, refresh: body.refresh_token };
}

async function gql(access: string, query: string, variables: Record<string, unknown> = {}, s: JobberSimulator = sim, headers: Record<string, string> = { 'x-jobber-graphql-version': VERSION }): Promise<{ status: number; body: Json }> {
  const res = await fetch(s.graphqlUrl, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: await res.json() };
}

const CREATE = `mutation Create($input: ProductsAndServicesInput!) {
  productsAndServicesCreate(input: $input) { productOrService { id name defaultUnitCost internalUnitCost category } userErrors { message path } }
}`;
const EDIT = `mutation Edit($id: EncodedId!, $input: ProductsAndServicesEditInput!) {
  productsAndServicesEdit(productOrServiceId: $id, input: $input) { productOrService { id name defaultUnitCost } userErrors { message path } }
}`;
const LIST = `query List($first: Int, $after: String) {
  productOrServices(first: $first, after: $after) { nodes { id name } pageInfo { hasNextPage endCursor } }
}`;

describe('Jobber simulator: OAuth', () => {
  it('runs the code flow with the state; the code works once; the access token is a JWT with its expiry', async () => {
    const callback = await authorize(sim, 'state-9', 1);
    expect(callback.get('state')).toBe('state-9');
    const code = callback.get('code') ?? '';
    const first = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    // Jobber's documented answer: the two tokens, the lifetime only in the JWT's exp.
    expect(Object.keys(first.body).sort()).toEqual(['access_token', 'refresh_token']);
    const claims = JSON.parse(Buffer.from(String(first.body.access_token).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims['exp']).toBe(Math.floor(now / 1000) + 3600);
    expect(claims['account_id']).toBeUndefined();
    const again = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await token(sim, { grant_type: 'authorization_code', code: 'x', client_secret: 'wrong' })).status).toBe(401);
  });

  it('sends a declined consent back to the redirect URI with no parameters, as Jobber does', async () => {
    const page = await fetch(`${sim.authorizeUrl}?${new URLSearchParams({ client_id: sim.clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'st' })}`);
    const hidden = Object.fromEntries([...(await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
    const answer = await fetch(sim.authorizeUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...hidden, account: sim.accounts[0]!.id, decision: 'deny' }) });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(REDIRECT);
  });

  it('answers expires_in, or nothing but the JWT, when told to', async () => {
    const own = await startJobberSimulator({ clock: () => now, tokenAnswer: 'expires_in' });
    try {
      const conn = await connect(own);
      const refreshed = await token(own, { grant_type: 'refresh_token', refresh_token: conn.refresh });
      expect(refreshed.body.expires_in).toBe(3600);
      own.setTokenAnswer('jwt');
      const bare = await token(own, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token });
      expect(Object.keys(bare.body).sort()).toEqual(['access_token', 'refresh_token']);
    } finally {
      await own.close();
    }
  });

  it('rotates refresh tokens: the spent one is refused at once', async () => {
    const conn = await connect();
    const next = await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(conn.refresh);
    // A refresh adds expires_at as a date string, as Jobber's refresh_token_rotation page shows.
    expect(next.body.expires_at).toBe(`${new Date(now + 3600_000).toISOString().slice(0, 19).replace('T', ' ')} UTC`);
    expect(next.body.expires_in).toBeUndefined();
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).body.error).toBe('invalid_grant');
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: next.body.refresh_token })).status).toBe(200);
  });

  it('refuses an expired access token and disconnects with appDisconnect', async () => {
    const conn = await connect();
    expect((await gql(conn.access, '{ productOrServices(first: 1) { nodes { id } } }')).status).toBe(200);
    const disconnected = await gql(conn.access, 'mutation { appDisconnect { app { name } userErrors { message } } }');
    expect(disconnected.body.data.appDisconnect).toEqual({ app: { name: 'Tradelist' }, userErrors: [] });
    expect((await gql(conn.access, '{ productOrServices { nodes { id } } }')).status).toBe(401);
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).body.error).toBe('invalid_grant');
    const other = await connect();
    now += 3600_000;
    expect((await gql(other.access, '{ productOrServices { nodes { id } } }')).status).toBe(401);
  });
});

describe('Jobber simulator: a closed account', () => {
  it('still refreshes its grant, but answers 401 to every call with it', async () => {
    const own = await startJobberSimulator({ clock: () => now });
    try {
      const conn = await connect(own, 1);
      expect((await gql(conn.access, '{ productOrServices(first: 1) { nodes { id } } }', {}, own)).status).toBe(200);
      const closed = own.accounts[1]!.id;
      expect((await fetch(`${own.url}/__sim/accounts/${closed}/close`, { method: 'POST' })).status).toBe(204);
      expect(own.accounts.map((a) => a.id)).not.toContain(closed);
      const refreshed = await token(own, { grant_type: 'refresh_token', refresh_token: conn.refresh });
      expect(refreshed.status).toBe(200);
      const refused = await gql(refreshed.body.access_token, '{ productOrServices(first: 1) { nodes { id } } }', {}, own);
      expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_request' } });
    } finally {
      await own.close();
    }
  });
});

describe('Jobber simulator: GraphQL', () => {
  it('requires the X-JOBBER-GRAPHQL-VERSION header and JSON', async () => {
    const conn = await connect();
    const missing = await gql(conn.access, LIST, {}, sim, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].message).toContain('X-JOBBER-GRAPHQL-VERSION');
    const ok = await gql(conn.access, LIST);
    expect(ok.body.extensions.versioning).toEqual({ version: VERSION });
  });

  it('creates and edits with userErrors, and lists with cursor pagination', async () => {
    const conn = await connect();
    const created: string[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const res = await gql(conn.access, CREATE, { input: { name: `Wire ${n}`, defaultUnitCost: n * 1.5, internalUnitCost: n, category: 'PRODUCT' } });
      expect(res.body.data.productsAndServicesCreate.userErrors).toEqual([]);
      expect(res.body.data.productsAndServicesCreate.productOrService).toMatchObject({ name: `Wire ${n}`, defaultUnitCost: n * 1.5, internalUnitCost: n, category: 'PRODUCT' });
      created.push(res.body.data.productsAndServicesCreate.productOrService.id);
    }
    const blank = await gql(conn.access, CREATE, { input: { name: ' ', defaultUnitCost: 1 } });
    expect(blank.body.data.productsAndServicesCreate).toEqual({ productOrService: null, userErrors: [{ message: "Name can't be blank", path: ['input', 'name'] }] });

    const edited = await gql(conn.access, EDIT, { id: created[2], input: { defaultUnitCost: 9.99 } });
    expect(edited.body.data.productsAndServicesEdit).toEqual({ productOrService: { id: created[2], name: 'Wire 3', defaultUnitCost: 9.99 }, userErrors: [] });
    const missing = await gql(conn.access, EDIT, { id: 'Z2lkOi8vSm9iYmVyL1Byb2R1Y3RPclNlcnZpY2UvOTk=', input: { defaultUnitCost: 1 } });
    expect(missing.body.data.productsAndServicesEdit.userErrors[0].path).toEqual(['productOrServiceId']);

    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const res: { body: Json } = await gql(conn.access, LIST, { first: 2, after });
      const connection = res.body.data.productOrServices;
      pages.push(connection.nodes.map((n: { name: string }) => n.name));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(pages).toEqual([['Wire 1', 'Wire 2'], ['Wire 3', 'Wire 4'], ['Wire 5']]);

    const items = (await (await fetch(`${sim.url}/__sim/items`)).json()) as Record<string, Json[]>;
    expect(items[sim.accounts[0]?.id ?? '']?.[2]).toMatchObject({ id: created[2], name: 'Wire 3', unitPrice: 9.99, purchaseCost: 3 });
    expect(items[sim.accounts[1]?.id ?? '']).toEqual([]);
    expect(await (await fetch(`${sim.url}/__sim/stats`)).json()).toEqual({ requests: 11, writes: 6, throttled: 0 });
    expect(await (await fetch(`${sim.url}/`)).text()).toContain('Wire 5');
  });

  it('answers GraphQL errors for unknown fields, arguments and bad syntax, and accepts aliases and fragments', async () => {
    const conn = await connect();
    // The list's root field is productOrServices: the plural of the mutations' name does not exist.
    const unknownRoot = await gql(conn.access, '{ productsAndServices(first: 1) { nodes { id } } }');
    expect(unknownRoot.status).toBe(200);
    expect(unknownRoot.body.data).toBeUndefined();
    expect(unknownRoot.body.errors).toEqual([
      { message: "Field 'productsAndServices' doesn't exist on type 'Query'", locations: [{ line: 1, column: 3 }], path: ['query', 'productsAndServices'], extensions: { code: 'undefinedField', typeName: 'Query', fieldName: 'productsAndServices' } },
    ]);
    const unknownField = await gql(conn.access, '{ productOrServices { nodes { sku } } }');
    expect(unknownField.body.errors[0].message).toBe("Field 'sku' doesn't exist on type 'ProductOrService'");
    expect((await gql(conn.access, '{ productOrServices(page: 2) { nodes { id } } }')).body.errors[0].message).toMatch(/page/);
    const badInput = await gql(conn.access, CREATE, { input: { name: 'x', defaultUnitCost: 'cheap' } });
    expect(badInput.body.errors[0].message).toMatch(/defaultUnitCost/);
    const badCategory = await gql(conn.access, CREATE, { input: { name: 'x', defaultUnitCost: 1, category: 'PACKAGE' } });
    expect(badCategory.body.errors[0].message).toMatch(/PACKAGE/);
    expect(sim.stats().writes).toBe(0);
    expect((await gql(conn.access, '{ productOrServices { nodes { id }')).body.errors[0].message).toMatch(/^Parse error/);
    const fancy = await gql(conn.access, `query { list: productOrServices(first: 1) { ...Page } }
      fragment Page on ProductOrServiceConnection { pageInfo { more: hasNextPage } __typename }`);
    expect(fancy.body.data).toEqual({ list: { pageInfo: { more: false }, __typename: 'ProductOrServiceConnection' } });
  });

  it('answers the account query with the id and name of the account the token opens', async () => {
    const conn = await connect(sim, 1);
    const res = await gql(conn.access, '{ account { id name } }');
    expect(res.body.data).toEqual({ account: { id: sim.accounts[1]!.id, name: 'Northside Plumbing & Heating' } });
    expect(res.body.extensions.cost.requestedQueryCost).toBe(3);
  });

  it('costs queries as Jobber documents: 1 a field, edges/nodes free, connections times first', async () => {
    const conn = await connect();
    const page = `query { productOrServices(first: 500) { nodes { id name description category defaultUnitCost internalUnitCost taxable } pageInfo { hasNextPage endCursor } } }`;
    // 500 × (7 node fields + pageInfo 1 + its 2 fields).
    expect((await gql(conn.access, page)).body.extensions.cost).toMatchObject({ requestedQueryCost: 5000, actualQueryCost: 0 });
    expect((await gql(conn.access, '{ productOrServices { edges { cursor node { id } } } }')).body.extensions.cost.requestedQueryCost).toBe(200);
    for (let n = 0; n < 3; n += 1) await gql(conn.access, CREATE, { input: { name: `C${n}`, defaultUnitCost: 1 } });
    const read = await gql(conn.access, 'query { productOrServices(first: 50) { nodes { id name } } }');
    expect(read.body.extensions.cost).toMatchObject({ requestedQueryCost: 100, actualQueryCost: 6 });
  });

  it('reports extensions.cost and answers THROTTLED when the bucket is empty, restoring with time', async () => {
    const small = await startJobberSimulator({ clock: () => now, limits: { maximumAvailable: 100, restoreRate: 10 } });
    try {
      const conn = await connect(small);
      const first = await gql(conn.access, LIST, { first: 10 }, small);
      // 10 × (id, name, pageInfo, hasNextPage, endCursor); nothing to return, so nothing is taken.
      expect(first.body.extensions.cost).toEqual({ requestedQueryCost: 50, actualQueryCost: 0, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 100, restoreRate: 10 } });
      const tooBig = await gql(conn.access, LIST, { first: 40 }, small);
      expect(tooBig.body.errors[0].extensions.code).toBe('THROTTLED');
      expect(tooBig.body.extensions.cost.requestedQueryCost).toBe(200);
      // A create selecting productOrService with 5 fields and userErrors with 2 costs 1 + 6 + 3 = 10.
      for (let n = 0; n < 10; n += 1) expect((await gql(conn.access, CREATE, { input: { name: `P${n}`, defaultUnitCost: 1 } }, small)).body.errors).toBeUndefined();
      const empty = await gql(conn.access, CREATE, { input: { name: 'one more', defaultUnitCost: 1 } }, small);
      expect(empty.body.errors[0].extensions.code).toBe('THROTTLED');
      expect(empty.body.extensions.cost).toMatchObject({ requestedQueryCost: 10, actualQueryCost: null, throttleStatus: { currentlyAvailable: 0 } });
      expect(empty.body.data).toBeUndefined();
      now += 1000;
      const later = await gql(conn.access, CREATE, { input: { name: 'one more', defaultUnitCost: 1 } }, small);
      expect(later.body.data.productsAndServicesCreate.userErrors).toEqual([]);
      expect(later.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(0);
      expect(small.stats()).toEqual({ requests: 14, writes: 11, throttled: 2 });
    } finally {
      await small.close();
    }
  });

  it('serves a version past its 18 months as the oldest reachable one, with Jobber\'s warning', async () => {
    const conn = await connect();
    const old = await gql(conn.access, '{ account { id } }', {}, sim, { 'x-jobber-graphql-version': '2025-04-16' });
    expect(old.body.extensions.versioning.version).toBe('2026-02-17');
    expect(old.body.extensions.versioning.warning).toMatch(/2025-04-16/);
    expect((await gql(conn.access, '{ account { id } }')).body.extensions.versioning).toEqual({ version: VERSION });
  });

  it('answers 429 past the request limit of the window', async () => {
    const small = await startJobberSimulator({ clock: () => now, limits: { requestsPerWindow: 3, windowSeconds: 300 } });
    try {
      const conn = await connect(small);
      for (let n = 0; n < 3; n += 1) expect((await gql(conn.access, LIST, {}, small)).status).toBe(200);
      expect((await gql(conn.access, LIST, {}, small)).status).toBe(429);
      now += 300_001;
      expect((await gql(conn.access, LIST, {}, small)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('keeps items and tokens in dataDir across a restart; reset clears items and counters', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sim-jobber-'));
    try {
      const first = await startJobberSimulator({ dataDir });
      const conn = await connect(first);
      expect((await gql(conn.access, CREATE, { input: { name: 'Kept', defaultUnitCost: 2 } }, first)).status).toBe(200);
      await first.close();
      const second = await startJobberSimulator({ dataDir });
      try {
        const listed = await gql(conn.access, LIST, {}, second);
        expect(listed.body.data.productOrServices.nodes.map((n: { name: string }) => n.name)).toEqual(['Kept']);
        expect((await token(second, { grant_type: 'refresh_token', refresh_token: conn.refresh })).status).toBe(200);
        expect((await fetch(`${second.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
        expect(second.stats()).toEqual({ requests: 0, writes: 0, throttled: 0 });
        expect(Object.values(second.items()).flat()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
