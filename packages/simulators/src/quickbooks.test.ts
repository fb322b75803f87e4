import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseQuery, QBO_ACCOUNTING_SCOPE, startQuickBooksSimulator, type QuickBooksSimulator } from './quickbooks.ts';

/** Answers are JSON of many shapes; the tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const REDIRECT = 'http://localhost:3000/dashboard/quickbooks/callback';

let sim: QuickBooksSimulator;
let now = Date.parse('2026-11-22T12:00:00Z');

beforeAll(async () => {
  sim = await startQuickBooksSimulator({ clock: () => now, limits: { requestsPerMinute: 20, batchRequestsPerMinute: 5, concurrentRequests: 3 } });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  expect((await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
});

const basic = (s: QuickBooksSimulator = sim): string => `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString('base64')}`;

/** Walks the consent page like a person: opens it, picks a company, allows. Answers the callback's query. */
async function authorize(s: QuickBooksSimulator, state: string, companyIndex = 0): Promise<URLSearchParams> {
  const query = new URLSearchParams({ client_id: s.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: QBO_ACCOUNTING_SCOPE, state });
  const page = await fetch(`${s.authorizeUrl}?${query}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const realmId = s.companies[companyIndex]?.realmId ?? '';
  expect(html).toContain(`value="${realmId}"`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]?.replaceAll('&amp;', '&')]));
  const answer = await fetch(s.authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, account: realmId, decision: 'allow' }),
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return location.searchParams;
}

async function token(s: QuickBooksSimulator, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(s.tokenUrl, { method: 'POST', headers: { authorization: basic(s), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Connects company `companyIndex` and answers its realmId and tokens. */
async function connect(s: QuickBooksSimulator = sim, companyIndex = 0): Promise<{ realmId: string; access: string; refresh: string }> {
  const callback = await authorize(s, 'st', companyIndex);
  const { body } = await token(s, { grant_type: 'authorization_code', code: callback.get('code') ?? '', redirect_uri: REDIRECT });
  return { realmId: callback.get('realmId') ?? '', access: String(body['access_token']), refresh: String(body['refresh_token']) };
}

async function api(conn: { realmId: string; access: string }, route: string, body?: unknown): Promise<{ status: number; body: Record<string, Json> }> {
  const res = await fetch(`${sim.url}/v3/company/${conn.realmId}/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${conn.access}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, Json>) : { xml: text } };
}

const query = (conn: { realmId: string; access: string }, q: string) => api(conn, `query?query=${encodeURIComponent(q)}&minorversion=75`);

async function incomeAccountId(conn: { realmId: string; access: string }): Promise<string> {
  const { body } = await query(conn, "select * from Account where Name = 'Sales of Product Income'");
  return String(body['QueryResponse']['Account'][0]['Id']);
}

/** The gateway's lower-case envelope for a token it does not accept (expired, revoked, unknown). */
const authenticationFailed = {
  fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: null, code: '3200', element: null }], type: 'AUTHENTICATION' },
  queryResponse: null,
  batchItemResponse: [],
};

describe('QuickBooks simulator: OAuth', () => {
  it('answers a request without a bearer token 401 in XML, as Intuit\'s gateway does, and an unknown token in the lower-case envelope', async () => {
    const realmId = sim.companies[0]?.realmId ?? '';
    const none = await fetch(`${sim.url}/v3/company/${realmId}/companyinfo/${realmId}?minorversion=75`, { headers: { accept: 'application/json' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/xml');
    const xml = await none.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\s*<IntuitResponse xmlns="http:\/\/schema.intuit.com\/finance\/v3" time="[^"]+">/);
    expect(xml).toContain('<Fault type="AuthenticationFault"><Error code="100"><Message>General Authentication Error</Message><Detail>AuthenticationErrorGeneral: SRV-110-Authentication Failure , statusCode: 401</Detail></Error></Fault>');
    expect(await api({ realmId, access: 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..not-issued' }, `companyinfo/${realmId}?minorversion=75`)).toMatchObject({ status: 401, body: authenticationFailed });
  });

  it('runs the code flow: state and realmId come back, the code works once', async () => {
    const callback = await authorize(sim, 'abc-123', 1);
    expect(callback.get('state')).toBe('abc-123');
    expect(callback.get('realmId')).toBe(sim.companies[1]?.realmId);
    const code = callback.get('code') ?? '';
    const first = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, x_refresh_token_expires_in: 8726400 });
    expect(first.body['access_token']).toEqual(expect.any(String));
    expect(first.body['refresh_token']).toEqual(expect.any(String));
    expect(await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a wrong client secret, an unknown code, and a code after ten minutes', async () => {
    const bad = await fetch(sim.tokenUrl, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${sim.clientId}:nope`).toString('base64')}` }, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT }) });
    expect(bad.status).toBe(401);
    expect((await token(sim, { grant_type: 'authorization_code', code: 'unknown', redirect_uri: REDIRECT })).body).toEqual({ error: 'invalid_grant' });
    const code = (await authorize(sim, 's')).get('code') ?? '';
    now += 11 * 60_000;
    expect((await token(sim, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT })).body).toEqual({ error: 'invalid_grant' });
  });

  it('sends a denial back with access_denied and the state', async () => {
    const res = await fetch(sim.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ client_id: sim.clientId, redirect_uri: REDIRECT, scope: QBO_ACCOUNTING_SCOPE, state: 'z', account: sim.companies[0]?.realmId ?? '', decision: 'deny' }),
    });
    const location = new URL(res.headers.get('location') ?? '');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'access_denied', state: 'z' });
  });

  it('rotates the refresh token: the old one is refused after use; an expired access token gets 401', async () => {
    const conn = await connect();
    now += 3601_000;
    const expired = await query(conn, 'select * from Item');
    expect(expired).toMatchObject({ status: 401, body: authenticationFailed });
    const refreshed = await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['refresh_token']).not.toBe(conn.refresh);
    expect(await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect((await query({ ...conn, access: String(refreshed.body['access_token']) }, 'select * from Item')).status).toBe(200);
  });

  it('revokes: the grant is gone, its access and refresh tokens refused', async () => {
    const conn = await connect();
    const res = await fetch(sim.revokeUrl, { method: 'POST', headers: { authorization: basic(), 'content-type': 'application/json' }, body: JSON.stringify({ token: conn.refresh }) });
    expect(res.status).toBe(200);
    expect(await query(conn, 'select * from Item')).toMatchObject({ status: 401, body: authenticationFailed });
    expect((await token(sim, { grant_type: 'refresh_token', refresh_token: conn.refresh })).body).toEqual({ error: 'invalid_grant' });
  });

  it('refuses an unknown client or an unregistered redirect URI on the consent page itself', async () => {
    const strict = await startQuickBooksSimulator({ redirectUris: [REDIRECT] });
    try {
      const open = (params: Record<string, string>) => fetch(`${strict.authorizeUrl}?${new URLSearchParams({ client_id: strict.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: QBO_ACCOUNTING_SCOPE, state: 's', ...params })}`, { redirect: 'manual' });
      expect((await open({})).status).toBe(200);
      expect((await open({ redirect_uri: 'https://attacker.example/cb' })).status).toBe(400);
      expect((await open({ client_id: 'someone-else' })).status).toBe(400);
      const noScope = await open({ scope: 'openid' });
      expect(noScope.status).toBe(302);
      expect(new URL(noScope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
    } finally {
      await strict.close();
    }
  });

  it('does not let one company’s token into another company, or an unknown one: 403, error 3100', async () => {
    const conn = await connect(sim, 0);
    const refusal = { fault: { error: [{ message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403', detail: null, code: '3100', element: null }], type: 'SERVICE' } };
    const other = await query({ ...conn, realmId: sim.companies[1]?.realmId ?? '' }, 'select * from Item');
    expect(other).toMatchObject({ status: 403, body: refusal });
    const otherInfo = await api({ ...conn, realmId: sim.companies[1]?.realmId ?? '' }, `companyinfo/${sim.companies[1]?.realmId ?? ''}?minorversion=75`);
    expect(otherInfo).toMatchObject({ status: 403, body: refusal });
    const unknown = await api({ ...conn, realmId: '9130350000000000' }, 'companyinfo/9130350000000000?minorversion=75');
    expect(unknown).toMatchObject({ status: 403, body: refusal });
  });

  it('answers CompanyInfo for the company the token opens', async () => {
    const conn = await connect(sim, 1);
    const info = await api(conn, `companyinfo/${conn.realmId}?minorversion=75`);
    expect(info).toMatchObject({ status: 200, body: { CompanyInfo: { CompanyName: sim.companies[1]?.name, Id: conn.realmId } } });
  });
});

describe('QuickBooks simulator: items, accounts, query, batch', () => {
  it('creates an item, finds it by Sku and Name (= and in), and pages with STARTPOSITION/MAXRESULTS', async () => {
    const conn = await connect();
    const income = await incomeAccountId(conn);
    const created = await api(conn, 'item?minorversion=75', { Name: '1/2 in. EMT Conduit', Sku: 'EMT-050', Type: 'NonInventory', UnitPrice: 9.5, IncomeAccountRef: { value: income } });
    expect(created.status).toBe(200);
    expect(created.body['time']).toEqual(expect.any(String));
    expect(created.body['Item']).toMatchObject({ Name: '1/2 in. EMT Conduit', Sku: 'EMT-050', Type: 'NonInventory', UnitPrice: 9.5, SyncToken: '0', Active: true, IncomeAccountRef: { value: income, name: 'Sales of Product Income' } });
    for (const n of [1, 2, 3]) {
      expect((await api(conn, 'item', { Name: `Box ${n}`, Sku: `BOX-${n}`, Type: 'Service', IncomeAccountRef: { value: income } })).status).toBe(200);
    }
    const bySku = await query(conn, "select * from Item where Sku = 'EMT-050'");
    expect(bySku.body['QueryResponse']['Item'].map((i: { Name: string }) => i.Name)).toEqual(['1/2 in. EMT Conduit']);
    const byName = await query(conn, "SELECT * FROM Item WHERE Name = '1/2 in. emt conduit'");
    expect(byName.body['QueryResponse']['Item']).toHaveLength(1);
    const bySkus = await query(conn, "select * from Item where Sku in ('BOX-1', 'BOX-3', 'NONE')");
    expect(bySkus.body['QueryResponse']['Item'].map((i: { Sku: string }) => i.Sku)).toEqual(['BOX-1', 'BOX-3']);
    const page2 = await query(conn, 'select * from Item STARTPOSITION 3 MAXRESULTS 2');
    expect(page2.body['QueryResponse']).toMatchObject({ startPosition: 3, maxResults: 2 });
    expect(page2.body['QueryResponse']['Item'].map((i: { Sku: string }) => i.Sku)).toEqual(['BOX-2', 'BOX-3']);
    expect((await query(conn, "select * from Item where Sku = 'NONE'")).body['QueryResponse']).toEqual({});
    expect((await query(conn, 'select count(*) from Item')).body['QueryResponse']).toEqual({ totalCount: 4 });
    const bad = await query(conn, 'select * from Item where Colour = 1');
    expect(bad.status).toBe(400);
    expect(bad.body['Fault']['type']).toBe('ValidationFault');
    const items = (await (await fetch(`${sim.url}/__sim/items`)).json()) as Record<string, { sku: string; unitPrice: number }[]>;
    expect(items[conn.realmId]?.[0]).toMatchObject({ sku: 'EMT-050', unitPrice: 9.5, name: '1/2 in. EMT Conduit' });
    expect(items[sim.companies[1]?.realmId ?? '']).toEqual([]);
    const page = await (await fetch(`${sim.url}/`)).text();
    expect(page).toContain('1/2 in. EMT Conduit');
    expect(page).toContain('EMT-050');
  });

  it('updates sparsely with the current SyncToken and refuses a stale one (5010)', async () => {
    const conn = await connect();
    const income = await incomeAccountId(conn);
    const { body } = await api(conn, 'item', { Name: 'Breaker 20A', Sku: 'BRK-20', Type: 'NonInventory', UnitPrice: 10, Description: 'keep me', IncomeAccountRef: { value: income } });
    const id = body['Item']['Id'];
    const updated = await api(conn, 'item', { Id: id, SyncToken: '0', sparse: true, UnitPrice: 12.25 });
    expect(updated.status).toBe(200);
    expect(updated.body['Item']).toMatchObject({ Id: id, SyncToken: '1', UnitPrice: 12.25, Description: 'keep me', Sku: 'BRK-20' });
    const stale = await api(conn, 'item', { Id: id, SyncToken: '0', sparse: true, UnitPrice: 99 });
    expect(stale.status).toBe(400);
    expect(stale.body['Fault']).toMatchObject({ type: 'ValidationFault', Error: [{ code: '5010', Message: 'Stale Object Error' }] });
    expect(sim.items()[conn.realmId]?.[0]?.unitPrice).toBe(12.25);
  });

  it('refuses a duplicate name (6240) and names QuickBooks does not accept', async () => {
    const conn = await connect();
    const income = await incomeAccountId(conn);
    const item = (Name: string) => ({ Name, Type: 'Service', IncomeAccountRef: { value: income } });
    expect((await api(conn, 'item', item('Wire Nut'))).status).toBe(200);
    const dup = await api(conn, 'item', item('WIRE NUT'));
    expect(dup.status).toBe(400);
    expect(dup.body['Fault']['Error'][0]).toMatchObject({ code: '6240', Message: 'Duplicate Name Exists Error' });
    expect((await api(conn, 'item', item('1/2" EMT'))).body['Fault']['Error'][0]['element']).toBe('Name');
    expect((await api(conn, 'item', item('Parent:Child'))).status).toBe(400);
    expect((await api(conn, 'item', item('x'.repeat(101)))).body['Fault']['Error'][0]['code']).toBe('2050');
    expect((await api(conn, 'item', { Name: 'No account', Type: 'Service' })).body['Fault']['Error'][0]).toMatchObject({ code: '2020', element: 'IncomeAccountRef' });
    expect((await api(conn, 'item', { ...item('Bad ref'), IncomeAccountRef: { value: '999' } })).body['Fault']['Error'][0]['code']).toBe('2500');
    expect((await api(conn, 'item', { ...item('Cost without expense'), PurchaseCost: 3 })).body['Fault']['Error'][0]['element']).toBe('ExpenseAccountRef');
  });

  it('creates an Inventory item only with its asset and expense accounts and quantity; inactive items leave queries', async () => {
    const conn = await connect();
    const accounts = (await query(conn, 'select * from Account')).body['QueryResponse']['Account'] as { Id: string; Name: string }[];
    const id = (name: string) => ({ value: accounts.find((a) => a.Name === name)?.Id ?? '' });
    const base = { Name: 'Romex 12/2 250 ft', Sku: 'NM-122', Type: 'Inventory', UnitPrice: 120, PurchaseCost: 80, IncomeAccountRef: id('Sales of Product Income'), ExpenseAccountRef: id('Cost of Goods Sold') };
    expect((await api(conn, 'item', base)).body['Fault']['Error'][0]['element']).toBe('AssetAccountRef');
    const made = await api(conn, 'item', { ...base, AssetAccountRef: id('Inventory Asset'), TrackQtyOnHand: true, QtyOnHand: 0, InvStartDate: '2026-11-01' });
    expect(made.body['Item']).toMatchObject({ Type: 'Inventory', TrackQtyOnHand: true, QtyOnHand: 0, PurchaseCost: 80 });
    const off = await api(conn, 'item', { Id: made.body['Item']['Id'], SyncToken: '0', sparse: true, Active: false });
    expect(off.body['Item']['Active']).toBe(false);
    expect((await query(conn, "select * from Item where Sku = 'NM-122'")).body['QueryResponse']).toEqual({});
    expect((await query(conn, "select * from Item where Sku = 'NM-122' and Active = false")).body['QueryResponse']['Item']).toHaveLength(1);
    // The inactive item still holds its name.
    expect((await api(conn, 'item', { ...base, Type: 'NonInventory' })).body['Fault']['Error'][0]['code']).toBe('6240');
  });

  it('creates and queries accounts; a duplicate account name is refused', async () => {
    const conn = await connect();
    const made = await api(conn, 'account', { Name: 'Electrical Sales', AccountType: 'Income', AccountSubType: 'SalesOfProductIncome' });
    expect(made.body['Account']).toMatchObject({ Name: 'Electrical Sales', Classification: 'Revenue', AccountType: 'Income', SyncToken: '0' });
    expect((await api(conn, 'account', { Name: 'electrical sales', AccountType: 'Income' })).body['Fault']['Error'][0]['code']).toBe('6240');
    const found = await query(conn, "select * from Account where Name = 'Electrical Sales'");
    expect(found.body['QueryResponse']['Account'][0]['Id']).toBe(made.body['Account']['Id']);
  });

  it('runs a batch of 30 in order with per-operation faults, and refuses 31', async () => {
    const conn = await connect(sim, 1);
    const income = await incomeAccountId(conn);
    const ops = Array.from({ length: 30 }, (_, n) => ({ bId: `b${n}`, operation: 'create', Item: { Name: n === 29 ? 'Item 0' : `Item ${n}`, Sku: `S-${n}`, Type: 'Service', IncomeAccountRef: { value: income } } }));
    const batch = await api(conn, 'batch', { BatchItemRequest: ops });
    expect(batch.status).toBe(200);
    const replies = batch.body['BatchItemResponse'] as Record<string, Json>[];
    expect(replies).toHaveLength(30);
    expect(replies[0]).toMatchObject({ bId: 'b0', Item: { Name: 'Item 0' } });
    expect(replies[29]).toMatchObject({ bId: 'b29', Fault: { type: 'ValidationFault', Error: [{ code: '6240' }] } });
    expect(sim.items()[conn.realmId]).toHaveLength(29);
    const queryInBatch = await api(conn, 'batch', { BatchItemRequest: [{ bId: 'q', Query: "select * from Item where Sku = 'S-3'" }] });
    expect(queryInBatch.body['BatchItemResponse'][0]).toMatchObject({ bId: 'q', QueryResponse: { Item: [{ Name: 'Item 3' }] } });
    const tooMany = await api(conn, 'batch', { BatchItemRequest: [...ops, { ...ops[0], bId: 'b30' }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body['Fault']['type']).toBe('ValidationFault');
    expect(sim.items()[conn.realmId]).toHaveLength(29);
  });
});

describe('QuickBooks simulator: limits, stats, persistence', () => {
  it('answers 429 with the XML throttle fault past the per-minute limit, and again after a minute', async () => {
    const conn = await connect();
    for (let n = 0; n < 20; n += 1) expect((await query(conn, 'select * from Item')).status).toBe(200);
    const throttled = await query(conn, 'select * from Item');
    expect(throttled.status).toBe(429);
    expect(throttled.body['xml']).toContain('<Error code="3001"><Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message>');
    // The other company has its own allowance.
    expect((await query(await connect(sim, 1), 'select * from Item')).status).toBe(200);
    now += 60_001;
    expect((await query(conn, 'select * from Item')).status).toBe(200);
    expect(await (await fetch(`${sim.url}/__sim/stats`)).json()).toEqual({ requests: 23, writes: 0, throttled: 1 });
  });

  it('runs its minute faster with timeScale', async () => {
    const fast = await startQuickBooksSimulator({ timeScale: 600, limits: { requestsPerMinute: 2 } });
    try {
      const conn = await connect(fast);
      const ask = async () => (await fetch(`${fast.url}/v3/company/${conn.realmId}/query?query=select%20*%20from%20Item`, { headers: { authorization: `Bearer ${conn.access}` } })).status;
      expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 429]);
      // A minute at 600 times the speed is 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await ask()).toBe(200);
    } finally {
      await fast.close();
    }
  });

  it('limits batch requests a minute separately', async () => {
    const conn = await connect();
    const one = { BatchItemRequest: [{ bId: '1', Query: 'select * from Item' }] };
    for (let n = 0; n < 5; n += 1) expect((await api(conn, 'batch', one)).status).toBe(200);
    expect((await api(conn, 'batch', one)).status).toBe(429);
    expect((await query(conn, 'select * from Item')).status).toBe(200);
  });

  it('answers 429 past the concurrent requests of a company', async () => {
    const slow = await startQuickBooksSimulator({ latencyMs: 300, limits: { concurrentRequests: 3 } });
    try {
      const conn = await connect(slow);
      const statuses = await Promise.all(Array.from({ length: 5 }, async () => (await fetch(`${slow.url}/v3/company/${conn.realmId}/query?query=select%20*%20from%20Item`, { headers: { authorization: `Bearer ${conn.access}` } })).status));
      expect(statuses.sort()).toEqual([200, 200, 200, 429, 429]);
      expect(slow.stats()).toMatchObject({ requests: 5, throttled: 2 });
    } finally {
      await slow.close();
    }
  });

  it('counts writes, and reset clears items and counters', async () => {
    const conn = await connect();
    await api(conn, 'item', { Name: 'A', Type: 'Service', IncomeAccountRef: { value: await incomeAccountId(conn) } });
    expect(sim.stats()).toEqual({ requests: 2, writes: 1, throttled: 0 });
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    expect(sim.stats()).toEqual({ requests: 0, writes: 0, throttled: 0 });
    expect(sim.items()[conn.realmId]).toEqual([]);
  });

  it('keeps items and tokens in dataDir across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sim-qbo-'));
    try {
      const first = await startQuickBooksSimulator({ dataDir });
      const conn = await connect(first);
      const res = await fetch(`${first.url}/v3/company/${conn.realmId}/account`, { method: 'POST', headers: { authorization: `Bearer ${conn.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ Name: 'Kept', AccountType: 'Income' }) });
      expect(res.status).toBe(200);
      await first.close();
      const second = await startQuickBooksSimulator({ dataDir });
      try {
        const found = await fetch(`${second.url}/v3/company/${conn.realmId}/query?query=${encodeURIComponent("select * from Account where Name = 'Kept'")}`, { headers: { authorization: `Bearer ${conn.access}` } });
        expect(((await found.json()) as { QueryResponse: { Account: unknown[] } }).QueryResponse.Account).toHaveLength(1);
        expect((await token(second, { grant_type: 'refresh_token', refresh_token: conn.refresh })).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('parseQuery', () => {
  it('reads escaped quotes and clauses in either order', () => {
    expect(parseQuery("select * from Item where Name = 'O\\'Brien' MAXRESULTS 5 STARTPOSITION 11")).toMatchObject({
      entity: 'Item',
      conditions: [{ field: 'Name', op: '=', values: ["O'Brien"] }],
      startPosition: 11,
      maxResults: 5,
    });
    expect(parseQuery('select * from Item maxresults 1001')).toHaveProperty('type', 'ValidationFault');
    expect(parseQuery('delete from Item')).toHaveProperty('type', 'ValidationFault');
  });
});
