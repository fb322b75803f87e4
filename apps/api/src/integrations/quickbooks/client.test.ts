import { startQuickBooksSimulator, type QuickBooksSimulator } from '@tradelist/simulators/quickbooks';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ProviderAccessRefusedError, type TokenSource } from '../oauth-client.ts';
import { exchangeQuickBooksCode, parseQboFault, QuickBooksAccessRefusedError, QuickBooksClient, QuickBooksFaultError, type QuickBooksConfig } from './client.ts';

const REDIRECT = 'http://localhost:3000/dashboard/quickbooks/callback';

let sim: QuickBooksSimulator;
let config: QuickBooksConfig;

beforeAll(async () => {
  sim = await startQuickBooksSimulator();
  config = { authorizeUrl: sim.authorizeUrl, tokenUrl: sim.tokenUrl, revokeUrl: sim.revokeUrl, apiUrl: sim.url, clientId: sim.clientId, clientSecret: sim.clientSecret, batchSize: 30 };
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Connects the simulator's company `index` through its consent form; answers the access token. */
async function accessTokenFor(index: number): Promise<string> {
  const realmId = sim.companies[index]?.realmId ?? '';
  const form = new URLSearchParams({ client_id: sim.clientId, redirect_uri: REDIRECT, scope: 'com.intuit.quickbooks.accounting', state: 's', account: realmId, decision: 'allow' });
  const consent = await fetch(sim.authorizeUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await exchangeQuickBooksCode(config, { clientId: sim.clientId, clientSecret: sim.clientSecret }, code, REDIRECT);
  return tokens.accessToken;
}

/** A token source that hands out `tokens` in turn (the next one after each 401). */
function tokensOf(...tokens: string[]): TokenSource {
  let index = 0;
  return { current: async () => tokens[index] ?? '', afterUnauthorized: async () => tokens[++index] ?? '' };
}

describe('QuickBooks faults, in each shape Intuit answers them', () => {
  test('the API\'s JSON, the gateway\'s lower-case envelope and XML all give code, message and detail', () => {
    expect(parseQboFault(JSON.stringify({ Fault: { Error: [{ Message: 'Duplicate Name Exists Error', Detail: 'The name supplied already exists. : Id=3', code: '6240', element: 'Name' }], type: 'ValidationFault' }, time: '2026-11-25T10:00:00.000-08:00' }))).toEqual([
      { code: '6240', message: 'Duplicate Name Exists Error', detail: 'The name supplied already exists. : Id=3', element: 'Name' },
    ]);
    expect(parseQboFault(JSON.stringify({ warnings: null, fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Malformed bearer token: too short or too long', code: '3200', element: null }], type: 'AUTHENTICATION' }, queryResponse: null }))).toEqual([
      { code: '3200', message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Malformed bearer token: too short or too long', element: undefined },
    ]);
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse time="2019-09-11T21:34:30.237-07:00" xmlns="http://schema.intuit.com/finance/v3">
    <Fault type="SERVICE">
        <Error code="3100">
            <Message>message=AuthorizationFailed; errorCode=003100; statusCode=403</Message>
            <Detail>The access token does not have sufficient scope &amp; cannot be used</Detail>
        </Error>
    </Fault>
</IntuitResponse>`;
    expect(parseQboFault(xml)).toEqual([{ code: '3100', message: 'message=AuthorizationFailed; errorCode=003100; statusCode=403', detail: 'The access token does not have sufficient scope & cannot be used', element: undefined }]);
    expect(parseQboFault('{"QueryResponse":{}}')).toBeUndefined();
    expect(parseQboFault('{"fault":null,"queryResponse":{}}')).toBeUndefined();
    expect(parseQboFault('<html>Bad gateway</html>')).toBeUndefined();
    expect(parseQboFault('not json')).toBeUndefined();
  });

  test('a 403 for a company the grant does not open is refused with QuickBooks\' cause (error 3100), not a bare status', async () => {
    const token = await accessTokenFor(0);
    const client = new QuickBooksClient(config, sim.companies[1]?.realmId ?? '', tokensOf(token));
    const refused = await client.companyName().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuickBooksAccessRefusedError);
    expect(refused).toBeInstanceOf(ProviderAccessRefusedError);
    expect(refused).toMatchObject({
      status: 403,
      errors: [{ code: '3100', message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403' }],
      message: 'QuickBooks refused access (403): message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
    });
  });

  test('a 401 again after a refresh (a disconnected app: its tokens revoked) is refused with error 3200', async () => {
    const token = await accessTokenFor(0);
    await fetch(sim.revokeUrl, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${sim.clientId}:${sim.clientSecret}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const client = new QuickBooksClient(config, sim.companies[0]?.realmId ?? '', tokensOf(token, token));
    const refused = await client.query('select * from Item').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuickBooksAccessRefusedError);
    expect(refused).toMatchObject({ status: 401, errors: [{ code: '3200', message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401' }] });
  });

  test('a 401 in XML (no bearer token the gateway can read) is refused with its error 100', async () => {
    const client = new QuickBooksClient(config, sim.companies[0]?.realmId ?? '', tokensOf('', ''));
    const refused = await client.query('select * from Item').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, errors: [{ code: '100', message: 'General Authentication Error', detail: 'AuthenticationErrorGeneral: SRV-110-Authentication Failure , statusCode: 401' }] });
  });

  test('a 400 whose fault comes in the lower-case envelope or in XML is a fault with its errors', async () => {
    const client = new QuickBooksClient(config, sim.companies[0]?.realmId ?? '', tokensOf('t'));
    const lower = { fault: { error: [{ message: 'Invalid query', detail: 'QueryValidationError: property \'Foo\' is not queryable', code: '4001', element: null }], type: 'ValidationFault' } };
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(JSON.stringify(lower), { status: 400, headers: { 'content-type': 'application/json' } }));
    const first = await client.query('select Foo from Item').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(QuickBooksFaultError);
    expect(first).toMatchObject({ status: 400, errors: [{ code: '4001', message: 'Invalid query' }] });
    const xml = '<?xml version="1.0"?><IntuitResponse xmlns="http://schema.intuit.com/finance/v3"><Fault type="ValidationFault"><Error code="500"><Message>Unsupported Operation</Message><Detail>Operation Could not find resource</Detail></Error></Fault></IntuitResponse>';
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response(xml, { status: 400, headers: { 'content-type': 'application/xml' } }));
    const second = await client.readItem('1').catch((error: unknown) => error);
    expect(second).toMatchObject({ status: 400, errors: [{ code: '500', message: 'Unsupported Operation', detail: 'Operation Could not find resource' }] });
  });
});
