import { afterEach, describe, expect, test, vi } from 'vitest';
import { JOBBER_API_VERSION, JobberClient, type JobberConfig } from './client.ts';

const config: JobberConfig = { authorizeUrl: 'http://jobber.test/authorize', tokenUrl: 'http://jobber.test/token', apiUrl: 'http://jobber.test/api/graphql', clientId: 'c', clientSecret: 's' };
const tokens = { current: async () => 'token', afterUnauthorized: async () => 'token' };
let accountNumber = 0;

/** A stub Jobber answering the given bodies in turn; it records each request's time, query and version header. */
function stubJobber(...answers: object[]) {
  const requests: Array<{ at: number; query: string; version: string | null }> = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    requests.push({ at: performance.now(), query: (JSON.parse(String(init.body)) as { query: string }).query, version: headers.get('x-jobber-graphql-version') });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return Response.json(answer);
  });
  return requests;
}

const cost = (requested: number, available: number, restoreRate = 100) => ({ requestedQueryCost: requested, actualQueryCost: null, throttleStatus: { maximumAvailable: 1000, currentlyAvailable: available, restoreRate } });
const page = { productOrServices: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } };

describe('JobberClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('lists with the productOrServices root field, in a version Jobber still serves', async () => {
    const requests = stubJobber({ data: page, extensions: { cost: cost(100, 900) } });
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens);
    expect(await client.listPage(10, null)).toEqual({ items: [], next: null });
    expect(requests[0]!.query).toMatch(/\{ productOrServices\(first: \$first, after: \$after\)/);
    expect(requests[0]!.version).toBe(JOBBER_API_VERSION);
    expect(JOBBER_API_VERSION > '2025-05-25').toBe(true);
  });

  test('reads the account with Jobber\'s account query', async () => {
    const requests = stubJobber({ data: { account: { id: 'QWNjb3VudC8x', name: 'Bright Spark Electric' } }, extensions: { cost: cost(3, 997) } });
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens);
    expect(await client.account()).toEqual({ id: 'QWNjb3VudC8x', name: 'Bright Spark Electric' });
    expect(requests[0]!.query).toContain('account { id name }');
  });

  test('reads items by id with productOrService, one aliased field each, in the order asked; null for one the account does not hold', async () => {
    const item = { id: 'UHJvZHVjdE9yU2VydmljZS8x', name: 'Wire', description: null, category: 'PRODUCT', defaultUnitCost: 12.5, internalUnitCost: 10, taxable: true, visible: true };
    const requests = stubJobber({ data: { r0: null, r1: item }, extensions: { cost: cost(18, 982) } });
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens);
    expect(await client.readItems(['gone', item.id])).toEqual([null, item]);
    expect(requests[0]!.query).toContain('r0: productOrService(id: $p0) { id name description category defaultUnitCost internalUnitCost taxable visible } r1: productOrService(id: $p1)');
    // Jobber's rule: the field and its eight fields, for each item.
    expect(JobberClient.ITEM_READ_COST).toBe(9);
  });

  test('after THROTTLED, waits until the bucket has restored the points Jobber asked for, then repeats once', async () => {
    // Jobber asks 250 points for this page (more than the client's own estimate of 100), the bucket is empty, and 100 come back a second.
    const requests = stubJobber(
      { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: cost(250, 0) } },
      { data: page, extensions: { cost: cost(250, 0) } },
    );
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens, 10);
    await client.listPage(10, null);
    expect(requests).toHaveLength(2);
    expect(client.counts.throttled).toBe(1);
    // 250 points at 100 a second is 2.5 s of Jobber's time, 250 ms at a time scale of 10.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(240);
  });

  test('paces the next request like it by what Jobber charged, not by its own estimate', async () => {
    const requests = stubJobber({ data: page, extensions: { cost: cost(400, 0) } }, { data: page, extensions: { cost: cost(400, 0) } });
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens, 10);
    await client.listPage(10, null);
    await client.listPage(10, null);
    // 400 points at 100 a second: 4 s of Jobber's time, 400 ms here.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(390);
  });

  test('logs Jobber\'s versioning warning', async () => {
    stubJobber({ data: page, extensions: { cost: cost(100, 900), versioning: { version: '2026-02-17', warning: 'Support for API version 2026-02-17 is scheduled to stop soon.' } } });
    const warnings: string[] = [];
    const client = new JobberClient(config, `account-${++accountNumber}`, tokens, 1, { warn: (_details, message) => warnings.push(message) });
    await client.listPage(10, null);
    expect(warnings).toEqual(['Jobber API version warning: Support for API version 2026-02-17 is scheduled to stop soon.']);
  });
});
