// The QuickBooks simulator driven by Intuit's own OAuth client (intuit-oauth) and by the widely
// used node-quickbooks, each pointed at the simulator through the endpoint settings it offers
// (intuit-oauth: setAuthorizeURLs and absolute URLs for makeApiCall; node-quickbooks: its static
// V3_ENDPOINT_BASE_URL, TOKEN_URL and REVOKE_URL). What they accept, the simulator answers as
// QuickBooks does; a drift in the simulator's shapes fails here.
import OAuthClient from 'intuit-oauth';
import QuickBooks, { type BatchItemRequest } from 'node-quickbooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QBO_ACCOUNTING_SCOPE, startQuickBooksSimulator, type QuickBooksSimulator } from './quickbooks.ts';

const REDIRECT = 'http://localhost:3000/dashboard/quickbooks/callback';

let sim: QuickBooksSimulator;
const original = {
  authorize: OAuthClient.authorizeEndpoint,
  token: OAuthClient.tokenEndpoint,
  revoke: OAuthClient.revokeEndpoint,
  userInfo: OAuthClient.userinfo_endpoint_sandbox,
  v3: QuickBooks.V3_ENDPOINT_BASE_URL,
  qbToken: QuickBooks.TOKEN_URL,
  qbRevoke: QuickBooks.REVOKE_URL,
};

beforeAll(async () => {
  sim = await startQuickBooksSimulator();
  QuickBooks.V3_ENDPOINT_BASE_URL = `${sim.url}/v3/company/`;
  QuickBooks.TOKEN_URL = sim.tokenUrl;
  QuickBooks.REVOKE_URL = sim.revokeUrl;
});
afterAll(async () => {
  OAuthClient.authorizeEndpoint = original.authorize;
  OAuthClient.tokenEndpoint = original.token;
  OAuthClient.revokeEndpoint = original.revoke;
  OAuthClient.userinfo_endpoint_sandbox = original.userInfo;
  QuickBooks.V3_ENDPOINT_BASE_URL = original.v3;
  QuickBooks.TOKEN_URL = original.qbToken;
  QuickBooks.REVOKE_URL = original.qbRevoke;
  await sim.close();
});
beforeEach(async () => {
  expect((await fetch(`${sim.url}/__sim/reset`, { method: 'POST' })).status).toBe(204);
});

/** intuit-oauth's client, its endpoints set to the simulator's. */
function oauthClient(): OAuthClient {
  return new OAuthClient({ clientId: sim.clientId, clientSecret: sim.clientSecret, environment: 'sandbox', redirectUri: REDIRECT }).setAuthorizeURLs({
    authorizeEndpoint: sim.authorizeUrl,
    tokenEndpoint: sim.tokenUrl,
    revokeEndpoint: sim.revokeUrl,
    userInfoEndpoint: `${sim.url}/v1/openid_connect/userinfo`,
  });
}

/** Opens the consent page at `authorizeUri`, allows company `index`; answers the callback URL. */
async function consent(authorizeUri: string, index = 0): Promise<string> {
  const page = await fetch(authorizeUri);
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]?.replaceAll('&amp;', '&')]));
  const answer = await fetch(sim.authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, account: sim.companies[index]?.realmId ?? '', decision: 'allow' }),
  });
  expect(answer.status).toBe(302);
  return answer.headers.get('location') ?? '';
}

/** Connects company `index` with intuit-oauth; answers the client holding its tokens. */
async function connected(index = 0): Promise<OAuthClient> {
  const client = oauthClient();
  await client.createToken(await consent(client.authorizeUri({ scope: [OAuthClient.scopes.Accounting], state: 'st' }), index));
  return client;
}

/** node-quickbooks over OAuth 2.0 for the client's company, its calls as promises. */
function qbo(client: OAuthClient) {
  const token = client.getToken();
  const q = new QuickBooks(sim.clientId, sim.clientSecret, token.access_token ?? '', false, token.realmId ?? '', true, false, '75', '2.0', token.refresh_token ?? '');
  // node-quickbooks' own types describe answers loosely; each test names the shape it reads.
  const call = <T>(start: (callback: (err: unknown, data?: unknown) => void) => void): Promise<T> =>
    new Promise((resolve, reject) => start((err, data) => (err ? reject(err) : resolve(data as T))));
  return { q, call };
}

describe('QuickBooks simulator, driven by intuit-oauth', () => {
  it('builds the authorize URL, exchanges the code, refreshes, calls the API and revokes', async () => {
    const client = oauthClient();
    const uri = client.authorizeUri({ scope: [OAuthClient.scopes.Accounting], state: 'state-1' });
    expect(uri.startsWith(`${sim.authorizeUrl}?`)).toBe(true);
    expect(new URL(uri).searchParams.get('scope')).toBe(QBO_ACCOUNTING_SCOPE);
    const callback = await consent(uri, 1);
    expect(new URL(callback).searchParams.get('state')).toBe('state-1');

    const created = await client.createToken(callback);
    const token = client.getToken();
    expect(created.json).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(token.realmId).toBe(sim.companies[1]?.realmId);
    expect(client.isAccessTokenValid()).toBe(true);
    expect(token.x_refresh_token_expires_in).toBeGreaterThan(0);

    const first = { access: token.access_token, refresh: token.refresh_token };
    await client.refresh();
    expect(client.getToken().refresh_token).not.toBe(first.refresh);
    expect(client.getToken().access_token).not.toBe(first.access);
    // The spent refresh token is refused, as Intuit's rotating refresh tokens are.
    await expect(client.refreshUsingToken(first.refresh ?? '')).rejects.toMatchObject({ authResponse: { json: { error: 'invalid_grant' } } });
    const fresh = client.getToken();
    client.setToken({ ...fresh, realmId: fresh.realmId });

    const realmId = String(client.getToken().realmId);
    const info = await client.makeApiCall({ url: `${sim.url}/v3/company/${realmId}/companyinfo/${realmId}?minorversion=75` });
    expect(info.json).toMatchObject({ CompanyInfo: { CompanyName: sim.companies[1]?.name } });

    const refresh = client.getToken().refresh_token ?? '';
    await client.revoke({ refresh_token: refresh });
    await expect(oauthClient().refreshUsingToken(refresh)).rejects.toMatchObject({ authResponse: { json: { error: 'invalid_grant' } } });
  });

  it('reads a validation fault the way Intuit\'s client does (Fault.Error with Message, Detail, code)', async () => {
    const client = await connected();
    const realmId = String(client.getToken().realmId);
    const fault = await client.makeApiCall({ url: `${sim.url}/v3/company/${realmId}/item?minorversion=75`, method: 'POST', body: { Name: 'No type' } }).catch((error: unknown) => error);
    expect(fault).toMatchObject({ faultType: 'ValidationFault', fault: { type: 'ValidationFault', errors: [{ code: '2020', message: expect.stringContaining('Required param missing') }] } });
  });
});

describe('QuickBooks simulator, driven by node-quickbooks', () => {
  it('creates, queries, reads, sparse-updates with the SyncToken, and refuses a stale SyncToken', async () => {
    const { q, call } = qbo(await connected());
    const accounts = await call<{ QueryResponse: { Account: { Id: string; Name: string }[] } }>((cb) => q.findAccounts({ Name: 'Sales of Product Income' }, cb));
    const income = accounts.QueryResponse.Account[0]?.Id ?? '';
    expect(income).not.toBe('');

    const created = await call<{ Id: string; SyncToken: string; Name: string; UnitPrice: number }>((cb) =>
      q.createItem({ Name: 'Copper pipe 15mm', Type: 'NonInventory', UnitPrice: 12.5, IncomeAccountRef: { value: income } }, cb),
    );
    expect(created).toMatchObject({ Name: 'Copper pipe 15mm', SyncToken: '0', UnitPrice: 12.5 });

    const found = await call<{ QueryResponse: { Item?: { Id: string }[] } }>((cb) => q.findItems([{ field: 'Name', value: 'Copper%', operator: 'LIKE' }], cb));
    expect(found.QueryResponse.Item?.map((i) => i.Id)).toEqual([created.Id]);
    const counted = await call<{ QueryResponse: { totalCount: number } }>((cb) => q.findItems({ count: true }, cb));
    expect(counted.QueryResponse.totalCount).toBe(1);

    // node-quickbooks sends sparse: true unless told otherwise: the fields left out are kept.
    const updated = await call<{ SyncToken: string; UnitPrice: number; Name: string }>((cb) => q.updateItem({ Id: created.Id, SyncToken: created.SyncToken, UnitPrice: 13 }, cb));
    expect(updated).toMatchObject({ SyncToken: '1', UnitPrice: 13, Name: 'Copper pipe 15mm' });
    const read = await call<{ SyncToken: string; UnitPrice: number }>((cb) => q.getItem(created.Id, cb));
    expect(read).toMatchObject({ SyncToken: '1', UnitPrice: 13 });

    const stale = await call((cb) => q.updateItem({ Id: created.Id, SyncToken: '0', UnitPrice: 14 }, cb)).catch((error: { response?: { status: number; data: unknown } }) => error.response);
    expect(stale).toMatchObject({ status: 400, data: { Fault: { type: 'ValidationFault', Error: [{ code: '5010', Message: 'Stale Object Error' }] } } });
  });

  it('runs a batch: each operation answers its item or its fault by bId', async () => {
    const { q, call } = qbo(await connected());
    const accounts = await call<{ QueryResponse: { Account: { Id: string }[] } }>((cb) => q.findAccounts({ Name: 'Sales of Product Income' }, cb));
    const income = { value: accounts.QueryResponse.Account[0]?.Id ?? '' };
    const answer = await call<{ BatchItemResponse: Array<{ bId: string; Item?: { Name: string }; Fault?: { Error: { code: string }[] }; QueryResponse?: { Item?: unknown[] } }> }>((cb) =>
      q.batch([
        { bId: 'a', operation: 'create', Item: { Name: 'Breaker 20A', Type: 'NonInventory', UnitPrice: 9, IncomeAccountRef: income } },
        { bId: 'b', operation: 'create', Item: { Name: 'Breaker 20A', Type: 'NonInventory', UnitPrice: 9, IncomeAccountRef: income } },
        // A query operation has no `operation`, which node-quickbooks' type asks for.
        { bId: 'c', Query: "select * from Item where Name = 'Breaker 20A'" } as unknown as BatchItemRequest,
      ], cb),
    );
    expect(answer.BatchItemResponse.map((r) => r.bId)).toEqual(['a', 'b', 'c']);
    expect(answer.BatchItemResponse[0]?.Item?.Name).toBe('Breaker 20A');
    expect(answer.BatchItemResponse[1]?.Fault?.Error[0]?.code).toBe('6240');
    expect(answer.BatchItemResponse[2]?.QueryResponse?.Item).toHaveLength(1);
  });

  it('gets QuickBooks\' refusals in the gateway\'s shapes: 403 (another company) and 401 (revoked token) in the lower-case envelope', async () => {
    const client = await connected(0);
    const { q, call } = qbo(client);
    const other = sim.companies[1]?.realmId ?? '';
    const mine = await call<{ CompanyName: string }>((cb) => q.getCompanyInfo(String(client.getToken().realmId), cb));
    expect(mine.CompanyName).toBe(sim.companies[0]?.name);
    const other403 = new QuickBooks(sim.clientId, sim.clientSecret, client.getToken().access_token ?? '', false, other, true, false, '75', '2.0', '');
    const refused = await new Promise<{ status: number; data: unknown } | undefined>((resolve) => other403.findItems({}, (err) => resolve((err as { response?: { status: number; data: unknown } }).response)));
    expect(refused).toMatchObject({ status: 403, data: { fault: { type: 'SERVICE', error: [{ code: '3100', message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403' }] } } });

    await call((cb) => q.revokeAccess(true, cb));
    const unauthorized = await call((cb) => q.findItems({}, cb)).catch((error: { response?: { status: number; data: unknown } }) => error.response);
    expect(unauthorized).toMatchObject({ status: 401, data: { fault: { type: 'AUTHENTICATION', error: [{ code: '3200' }] } } });
  });

  it('refreshes its access token at the simulator\'s token endpoint', async () => {
    const client = await connected();
    const { q, call } = qbo(client);
    const before = { token: q.token, refresh: q.refreshToken };
    const answer = await call<{ access_token: string; refresh_token: string; expires_in: number }>((cb) => q.refreshAccessToken(cb));
    expect(answer.expires_in).toBe(3600);
    expect(q.token).toBe(answer.access_token);
    expect(q.token).not.toBe(before.token);
    expect(q.refreshToken).not.toBe(before.refresh);
    expect((await call<{ QueryResponse: unknown }>((cb) => q.findItems({}, cb))).QueryResponse).toEqual({});
  });
});
