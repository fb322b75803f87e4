/**
 * The sync benchmark's world: the QuickBooks Online and Jobber simulators with their real limits,
 * the app on an in-memory PGlite told the simulators' time scale, a user with markups on the
 * default pricing profile, an edition of sample items, and a connection made through the
 * simulator's consent page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { rulesFromMarkups } from '@tradelist/pricing/rules';
import { providerVariables } from '@tradelist/simulators/start';
import { startJobberSimulator } from '@tradelist/simulators/jobber';
import { startQuickBooksSimulator } from '@tradelist/simulators/quickbooks';
import type { SyncProvider } from '@tradelist/contract/sync';
import { buildApp, loggerOptions } from '../../apps/api/src/app.ts';
import type { AppContext } from '../../apps/api/src/context.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { migrateToLatest, openDatabase, type Db } from '../../apps/api/src/db/database.ts';
import type { User } from '../../apps/api/src/db/schema.ts';
import { generateElectricalItems } from '../../apps/api/src/db/sample/electrical-catalog.ts';
import { insertUser } from '../../apps/api/src/modules/accounts/repositories/users.ts';
import { insertProducts } from '../../apps/api/src/modules/catalog/repositories/products.ts';
import { completeAuthorization, startAuthorization } from '../../apps/api/src/modules/sync/services/connections.ts';

/** What the simulator counted: API requests, items written, requests refused for a limit. */
export interface SimStats {
  requests: number;
  writes: number;
  throttled: number;
}

export async function simStats(url: string): Promise<SimStats> {
  return (await fetch(`${url}/__sim/stats`)).json() as Promise<SimStats>;
}

/** Through the simulator's consent page as a person allowing access. */
async function consent(authorizeUrl: string): Promise<URLSearchParams> {
  const html = await (await fetch(authorizeUrl)).text();
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]!.replaceAll('&amp;', '&')]));
  const account = /<input type="radio" name="account" value="([^"]+)"/.exec(html)![1]!;
  const action = new URL(/<form class="consent" method="post" action="([^"]+)"/.exec(html)![1]!, authorizeUrl);
  const answer = await fetch(action, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...hidden, account, decision: 'allow' }) });
  return new URL(answer.headers.get('location')!).searchParams;
}

/** One provider's bench: the app, its user and edition, the simulator's address. */
export interface SyncBench {
  ctx: AppContext;
  db: Db;
  user: User;
  editionId: number;
  /** The connected simulator's address. */
  sim: string;
  /** The `sync finished` log line of a sync (its counts, how it read the target: decision 0051). */
  syncLog(syncId: number): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** Starts everything for `items` sample items synced to `provider` at time scale `scale`, connected and with the simulator's counters at zero. */
export async function openSyncBench(provider: SyncProvider, items: number, scale: number): Promise<SyncBench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tradelist-bench-sync-'));
  const timeScale = scale > 1 ? { timeScale: scale } : {};
  const quickbooks = await startQuickBooksSimulator(timeScale);
  const jobber = await startJobberSimulator(timeScale);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    PROVIDER_TIME_SCALE: String(scale),
    ...providerVariables({ quickbooks, jobber }),
  });
  const database = await openDatabase({ pglite: new PGlite() });
  await migrateToLatest(database.db);
  // Only the app's `sync finished` lines are kept, by sync id.
  const finished = new Map<number, Record<string, unknown>>();
  const stream = {
    write(line: string) {
      if (!line.includes('"sync finished"')) return;
      const entry = JSON.parse(line) as Record<string, unknown>;
      finished.set(Number(entry['syncId']), entry);
    },
  };
  const { app, ctx } = await buildApp({ config, database, logger: { ...loggerOptions('info'), stream }, startWorkers: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    await quickbooks.close();
    await jobber.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const db = database.db;
    const now = new Date();
    const user = await insertUser(db, { name: 'Bench', email: 'bench@example.com', password_hash: null, google_subject: null, is_verified: true, password_changed_at: now, last_login_at: null, created_at: now, updated_at: now });
    // The markups and tax of the user's default pricing profile (decision 0044).
    const rules = rulesFromMarkups({ markup1_10: 2500, markup11_20: 2000, markup21_50: 1500, markup51_150: 1000, markup151_500: 800, markup501: 500, tax: 800 });
    await db.updateTable('pricing_profiles').set({ rules: JSON.stringify(rules) }).where('user_id', '=', user.id).where('is_default', '=', true).execute();
    const category = await db.insertInto('categories').values({ name: 'Bench', slug: 'bench', is_free: true, position: 1 }).returning('id').executeTakeFirstOrThrow();
    const list = generateElectricalItems({ size: items });
    const edition = await db.insertInto('collections').values({ category_id: category.id, collection_id: 'BENCH-2026-11-01', name: 'Bench list', rundate: '2026-11-01', is_free: true, item_count: list.length, image: null }).returning('id').executeTakeFirstOrThrow();
    await insertProducts(db, list.map((i) => ({ collection_id: edition.id, sku: i.sku, name: i.name, description: i.description, unit: i.unit, group_name: i.group, cost_cents: i.costCents, manufacturer_part_number: i.manufacturerPartNumber, upc: i.upc })), 1_000);

    const cookie = 'bench-session-cookie-0123456789abcdef0123456789';
    const { url } = await startAuthorization(ctx, user, cookie, provider);
    const callback = await consent(url);
    await completeAuthorization(ctx, user, cookie, provider, { code: callback.get('code')!, state: callback.get('state')!, ...(provider === 'quickbooks' ? { realmId: callback.get('realmId')! } : {}) });
    const sim = provider === 'quickbooks' ? quickbooks.url : jobber.url;
    await fetch(`${sim}/__sim/reset`, { method: 'POST' });
    return { ctx, db, user, editionId: edition.id, sim, syncLog: (syncId) => finished.get(syncId), close };
  } catch (error) {
    await close();
    throw error;
  }
}
