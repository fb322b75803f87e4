import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOperation } from './graphql-lite.ts';
import { startJobberSimulator, type JobberSimulator } from './jobber.ts';

/** Answers are JSON of many shapes; the tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const REDIRECT = 'http://localhost:3000/dashboard/jobber/callback';
const VERSION = '2025-04-16';

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
  productsAndServices(first: $first, after: $after) { nodes { id name } pageInfo { hasNextPage endCursor } }
}`;

describe('Jobber simulator: OAuth', () => {
  it('runs the code flow with the state; the code works once; the access token is a JWT with its expiry', async () => {
    const callback = await authorize(sim, 'state-9', 1);
    expect(callback.get('state')).toBe('state-9');
    const code = callback.get('code') ?? '';
    const first = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 3600 });
    const claims = JSON.parse(Buffer.from(String(first.body.access_token).split('.')[1] ?? '', 'base64url').toString()) as { exp: number; account_id: string };
    expect(claims.exp).toBe(Math.floor(now / 1000) + 3600);
    expect(claims.account_id).toBe(sim.accounts[1]?.id);
    const again = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await token(sim, { grant_type: 'authorization_code', code: 'x', client_secret: 'wrong' })).status).toBe(401);
  });

  it('rotates refresh tokens: the spent one is refused at once', async () => {
    const conn = await connect();
    const next = await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(conn.refresh);
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).body.error).toBe('invalid_grant');
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: next.body.refresh_token })).status).toBe(200);
  });

  it('refuses an expired access token and disconnects with appDisconnect', async () => {
    const conn = await connect();
    expect((await gql(conn.access, '{ productsAndServices(first: 1) { nodes { id } } }')).status).toBe(200);
    const disconnected = await gql(conn.access, 'mutation { appDisconnect { app { name } userErrors { message } } }');
    expect(disconnected.body.data.appDisconnect).toEqual({ app: { name: 'Tradelist' }, userErrors: [] });
    expect((await gql(conn.access, '{ productsAndServices { nodes { id } } }')).status).toBe(401);
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).body.error).toBe('invalid_grant');
    const other = await connect();
    now += 3600_000;
    expect((await gql(other.access, '{ productsAndServices { nodes { id } } }')).status).toBe(401);
  });
});

describe('Jobber simulator: a closed account', () => {
  it('still refreshes its grant, but answers 401 to every call with it', async () => {
    const own = await startJobberSimulator({ clock: () => now });
    try {
      const conn = await connect(own, 1);
      expect((await gql(conn.access, '{ productsAndServices(first: 1) { nodes { id } } }', {}, own)).status).toBe(200);
      const closed = own.accounts[1]!.id;
      expect((await fetch(`${own.url}/__sim/accounts/${closed}/close`, { method: 'POST' })).status).toBe(204);
      expect(own.accounts.map((a) => a.id)).not.toContain(closed);
      const refreshed = await token(own, { grant_type: 'refresh_token', refresh_token: conn.refresh });
      expect(refreshed.status).toBe(200);
      const refused = await gql(refreshed.body.access_token, '{ productsAndServices(first: 1) { nodes { id } } }', {}, own);
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
      const connection = res.body.data.productsAndServices;
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
    const unknownRoot = await gql(conn.access, '{ clients { nodes { id } } }');
    expect(unknownRoot.body.errors[0].message).toBe("Field 'clients' doesn't exist on type 'Query'");
    expect(unknownRoot.body.data).toBeUndefined();
    const unknownField = await gql(conn.access, '{ productsAndServices { nodes { sku } } }');
    expect(unknownField.body.errors[0].message).toBe("Field 'sku' doesn't exist on type 'ProductOrService'");
    const badInput = await gql(conn.access, CREATE, { input: { name: 'x', defaultUnitCost: 'cheap' } });
    expect(badInput.body.errors[0].path).toEqual(['mutation', 'productsAndServicesCreate', 'input', 'defaultUnitCost']);
    expect(sim.stats().writes).toBe(0);
    expect((await gql(conn.access, '{ productsAndServices { nodes { id }')).body.errors[0].message).toMatch(/^Parse error/);
    const fancy = await gql(conn.access, `query { list: productsAndServices(first: 1) { ...Page } }
      fragment Page on ProductOrServiceConnection { pageInfo { more: hasNextPage } __typename }`);
    expect(fancy.body.data).toEqual({ list: { pageInfo: { more: false }, __typename: 'ProductOrServiceConnection' } });
  });

  it('reports extensions.cost and answers THROTTLED when the bucket is empty, restoring with time', async () => {
    const small = await startJobberSimulator({ clock: () => now, limits: { maximumAvailable: 100, restoreRate: 10 } });
    try {
      const conn = await connect(small);
      const first = await gql(conn.access, LIST, { first: 40 }, small);
      // 1 for the connection, 40 nodes, 1 for pageInfo; nothing to return, so the actual cost is 2.
      expect(first.body.extensions.cost).toEqual({ requestedQueryCost: 42, actualQueryCost: 2, throttleStatus: { maximumAvailable: 100, currentlyAvailable: 98, restoreRate: 10 } });
      const tooBig = await gql(conn.access, LIST, { first: 99 }, small);
      expect(tooBig.body.errors[0].extensions.code).toBe('THROTTLED');
      expect(tooBig.body.extensions.cost.requestedQueryCost).toBe(101);
      // A create costs 10, plus 1 for each object selected (productOrService, userErrors): 8 of them leave 2 points.
      for (let n = 0; n < 8; n += 1) expect((await gql(conn.access, CREATE, { input: { name: `P${n}`, defaultUnitCost: 1 } }, small)).body.errors).toBeUndefined();
      const empty = await gql(conn.access, CREATE, { input: { name: 'one more', defaultUnitCost: 1 } }, small);
      expect(empty.body.errors[0].extensions.code).toBe('THROTTLED');
      expect(empty.body.extensions.cost).toMatchObject({ requestedQueryCost: 12, throttleStatus: { currentlyAvailable: 2 } });
      expect(empty.body.data).toBeUndefined();
      now += 1000;
      const later = await gql(conn.access, CREATE, { input: { name: 'one more', defaultUnitCost: 1 } }, small);
      expect(later.body.data.productsAndServicesCreate.userErrors).toEqual([]);
      expect(later.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(0);
      expect(small.stats()).toEqual({ requests: 12, writes: 9, throttled: 2 });
    } finally {
      await small.close();
    }
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
        expect(listed.body.data.productsAndServices.nodes.map((n: { name: string }) => n.name)).toEqual(['Kept']);
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

describe('parseOperation', () => {
  it('resolves variables, defaults, literals and picks the named operation', () => {
    const op = parseOperation(
      `# comment
       query A { x }
       mutation B($n: String = "dflt", $o: Float) { m(input: { name: $n, cost: $o, tags: ["a", "b"], on: true, cat: PRODUCT }) { id } }`,
      { o: 2.5 },
      'B',
    );
    expect(op.type).toBe('mutation');
    expect(op.fields[0]?.args['input']).toEqual({ name: 'dflt', cost: 2.5, tags: ['a', 'b'], on: true, cat: 'PRODUCT' });
    expect(() => parseOperation('query ($a: Int!) { x(a: $a) }', {})).toThrow(/\$a/);
    expect(() => parseOperation('{ x(a: $undeclared) }', {})).toThrow(/not declared/);
  });
});
