import { startJobberSimulator, type JobberLimits, type JobberSimulator } from '@tradelist/simulators/jobber';
import { startQuickBooksSimulator, type QuickBooksLimits, type QuickBooksSimulator } from '@tradelist/simulators/quickbooks';
import type { SoftwareName } from '@tradelist/contract/sync';
import { afterAll, expect } from 'vitest';
import { insertCollection } from '../../src/modules/catalog/repositories/catalog.ts';
import { insertProducts } from '../../src/modules/catalog/repositories/products.ts';
import { createCatalogFixture, clientFor, type CatalogFixture, type Principal } from './catalog.ts';
import { setUpApiTest } from './api-test.ts';
import type { TestApp, TestClient } from './test-app.ts';

export interface SyncTest {
  t: TestApp;
  qbo: QuickBooksSimulator;
  jobber: JobberSimulator;
  fixture: CatalogFixture;
}

/**
 * The app pointed at a QuickBooks Online and a Jobber simulator (each with the limits given,
 * their real ones otherwise), on the catalog fixture. Jobs run when a test says so.
 */
export function setUpSyncTest(
  options: { env?: Record<string, string>; qboLimits?: Partial<QuickBooksLimits>; jobberLimits?: Partial<JobberLimits>; timeScale?: number; logStream?: { write(line: string): void } },
  ready: (setup: SyncTest) => void,
): void {
  let qbo: QuickBooksSimulator | undefined;
  let jobber: JobberSimulator | undefined;
  // Registered first, so it runs after the app is closed (hooks after the tests run in reverse order).
  afterAll(async () => {
    await qbo?.close();
    await jobber?.close();
  });
  const env = async () => {
    const scale = options.timeScale ? { timeScale: options.timeScale } : {};
    qbo = await startQuickBooksSimulator({ limits: options.qboLimits ?? {}, ...scale });
    jobber = await startJobberSimulator({ limits: options.jobberLimits ?? {}, ...scale });
    return {
      QBO_AUTHORIZE_URL: qbo.authorizeUrl,
      QBO_TOKEN_URL: qbo.tokenUrl,
      QBO_REVOKE_URL: qbo.revokeUrl,
      QBO_API_URL: qbo.url,
      QBO_CLIENT_ID: qbo.clientId,
      QBO_CLIENT_SECRET: qbo.clientSecret,
      JOBBER_AUTHORIZE_URL: jobber.authorizeUrl,
      JOBBER_TOKEN_URL: jobber.tokenUrl,
      JOBBER_API_URL: jobber.graphqlUrl,
      JOBBER_CLIENT_ID: jobber.clientId,
      JOBBER_CLIENT_SECRET: jobber.clientSecret,
      RATE_LIMIT_SCALE: '100',
      ...(options.timeScale ? { PROVIDER_TIME_SCALE: String(options.timeScale) } : {}),
      ...options.env,
    };
  };
  setUpApiTest({ env, logStream: options.logStream }, async ({ t }) => {
    const fixture = await createCatalogFixture(t);
    ready({ t, qbo: qbo!, jobber: jobber!, fixture });
  });
}

/** A signed-in user of the fixture. */
export async function userOf(s: SyncTest, principal: Principal, label: string): Promise<{ client: TestClient; userId: number }> {
  const { client, userId } = await clientFor(s.t, s.fixture, principal, label);
  return { client, userId: userId! };
}

/** Follows an authorization URL through the simulator's consent page as a person allowing access; answers the callback's query. */
export async function consent(authorizeUrl: string, accountIndex = 0): Promise<URLSearchParams> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]!.replaceAll('&amp;', '&')]));
  const accounts = [...html.matchAll(/<input type="radio" name="account" value="([^"]+)"/g)].map((m) => m[1]!);
  const action = new URL(/<form class="consent" method="post" action="([^"]+)"/.exec(html)![1]!, authorizeUrl);
  const answer = await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...hidden, account: accounts[accountIndex]!, decision: 'allow' }) });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

const paths: Record<SoftwareName, string> = { quickbook: 'quickbooks', jobber: 'jobber' };

/** Connects the client's user to a provider the way the browser does: connect, consent, callback, auth. */
export async function connect(client: TestClient, provider: SoftwareName, accountIndex = 0): Promise<{ status: number; body: Record<string, unknown>; callback: URLSearchParams }> {
  const started = await client.post(`/api/${paths[provider]}/connect/`);
  expect(started.statusCode, started.body).toBe(200);
  const callback = await consent(started.json().url, accountIndex);
  const body: Record<string, string> = { code: callback.get('code') ?? '', state: callback.get('state') ?? '' };
  if (provider === 'quickbook') body['realmId'] = callback.get('realmId') ?? '';
  const auth = await client.post(`/api/${paths[provider]}/auth/`, body);
  return { status: auth.statusCode, body: auth.json(), callback };
}

/** A free edition of `count` products (SKU-0001...), in its own category; answers its id. */
export async function freeEditionOf(s: SyncTest, label: string, count: number, name = (n: number) => `${label} item ${n}`): Promise<number> {
  const db = s.t.database.db;
  const category = await db.insertInto('categories').values({ name: `${label} category`, slug: `${label}-category`, is_free: true, position: 10 }).returning('id').executeTakeFirstOrThrow();
  const edition = await insertCollection(db, { category_id: category.id, collection_id: `${label.toUpperCase()}-2026-03`, name: `${label} list`, rundate: '2026-03-01', is_free: true, item_count: count, image: null });
  await insertProducts(
    db,
    Array.from({ length: count }, (_, i) => ({
      collection_id: edition.id,
      sku: `${label.toUpperCase()}-${String(i + 1).padStart(4, '0')}`,
      name: name(i + 1),
      description: `Description of ${label} item ${i + 1}`,
      unit: 'EA',
      group_name: 'Wires',
      cost_cents: 1000 + i * 37,
      manufacturer_part_number: null,
      upc: null,
    })),
  );
  return edition.id;
}

/** Starts a sync and answers its id (asserting the 202). */
export async function startSync(client: TestClient, provider: SoftwareName, collectionId: number, companyId?: string): Promise<number> {
  const response = await client.post('/api/sync-products/', { collection_id: collectionId, catelog_id: 'none', software_name: provider, ...(companyId ? { company_id: companyId } : {}) });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json().message).toBe('Sync process started');
  return response.json().sync_id;
}

/** Runs the due jobs (the sync) and answers the sync as GET /syncs/:id/ shows it. */
export async function runAndRead(s: SyncTest, client: TestClient, syncId: number): Promise<Record<string, unknown> & { status: string; created: number; updated: number; unchanged: number; failed: number; total: number }> {
  await s.t.ctx.queue.runDueJobs();
  const response = await client.get(`/api/syncs/${syncId}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The simulator's controls over HTTP, as the issue names them. */
export async function simStats(url: string): Promise<{ requests: number; writes: number; throttled: number }> {
  return (await fetch(`${url}/__sim/stats`)).json() as Promise<{ requests: number; writes: number; throttled: number }>;
}

export async function simItems<T>(url: string): Promise<Record<string, T[]>> {
  return (await fetch(`${url}/__sim/items`)).json() as Promise<Record<string, T[]>>;
}
