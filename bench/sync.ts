/**
 * Sync benchmark (part of `npm run bench`): an edition of 1,000 and one of 10,000 items synced to
 * the QuickBooks Online and Jobber simulators with their real limits, then synced again unchanged.
 * For each: the time, the floor the provider's limits set, the ratio (target ≤ 1.2), and the
 * re-sync's writes (0) and reads (at most items / page size).
 * - QuickBooks' floor: its 40 batch requests a minute of 30 items each, N / 1,200 minutes.
 * - Jobber's floor: its query-cost bucket (10,000 points, restoring 500 a second), with costs as
 *   Jobber documents them (1 a requested field, a connection's selection times `first`): each
 *   item is one mutation of JobberClient.WRITE_COST (6) points, so (6 N − 10,000) / 500 seconds;
 *   the re-sync reads N / 500 pages of JobberClient.pageCost(500) (5,000) points, 10 N, from
 *   the bucket the first sync left (10,000 − 6 N + 500 × its seconds, at most 10,000), so
 *   (10 N − left) / 500 seconds. The request limit (2,500 in 300 s) binds neither.
 * The 10,000-item runs use the simulators' time scale (BENCH_SYNC_TIME_SCALE, default 8): the
 * simulators' clocks, and so their minute windows and the bucket's restore rate, run that many
 * times faster, and the app is told the same (PROVIDER_TIME_SCALE), so it paces for the same
 * limits; times are reported in the provider's time (wall time × scale). The scale multiplies the
 * processing time of the app and the simulators too (the QuickBooks simulator's name check grows
 * with the company's items), so it must stay low enough that a minute's 40 batches are still
 * processed within the shortened minute: at 20 they are not, at 8 they are. The 1,000-item runs
 * use real time. BENCH_SYNC_SIZES picks the sizes (default `1000,10000`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { rulesFromMarkups } from '@tradelist/pricing/rules';
import { providerVariables } from '@tradelist/simulators/start';
import { startJobberSimulator, type JobberSimulator } from '@tradelist/simulators/jobber';
import { startQuickBooksSimulator, type QuickBooksSimulator } from '@tradelist/simulators/quickbooks';
import type { SyncProvider } from '@tradelist/contract/sync';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config/env.ts';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/database.ts';
import { generateElectricalItems } from '../apps/api/src/db/sample/electrical-catalog.ts';
import { insertUser } from '../apps/api/src/modules/accounts/repositories/users.ts';
import { insertProducts } from '../apps/api/src/modules/catalog/repositories/products.ts';
import { completeAuthorization, startAuthorization } from '../apps/api/src/modules/sync/services/connections.ts';
import { runSync } from '../apps/api/src/modules/sync/services/run-sync.ts';
import { startSync } from '../apps/api/src/modules/sync/services/start-sync.ts';
import { JOBBER_PAGE_SIZE } from '../apps/api/src/modules/sync/services/jobber-sync.ts';
import { JOBBER_LIMITS, JobberClient } from '../apps/api/src/integrations/jobber/client.ts';
import { QBO_PAGE_SIZE } from '../apps/api/src/modules/sync/services/quickbooks-sync.ts';

const sizes = (process.env.BENCH_SYNC_SIZES ?? '1000,10000').split(',').map(Number);
const providers = (process.env.BENCH_SYNC_PROVIDERS ?? 'quickbooks,jobber').split(',') as SyncProvider[];
const bigScale = Number(process.env.BENCH_SYNC_TIME_SCALE ?? 8);

interface Figures {
  provider: string;
  items: number;
  scale: number;
  seconds: number;
  floor: number;
  resyncSeconds: number;
  resyncFloor: number;
  resyncWrites: number;
  resyncReads: number;
  readBound: number;
  created: number;
  /** Requests the provider refused for a limit during the first sync (pacing should make this 0). */
  throttled: number;
}

async function stats(url: string): Promise<{ requests: number; writes: number; throttled: number }> {
  return (await fetch(`${url}/__sim/stats`)).json() as Promise<{ requests: number; writes: number; throttled: number }>;
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

async function measure(provider: SyncProvider, items: number, scale: number): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tradelist-bench-sync-'));
  const timeScale = scale > 1 ? { timeScale: scale } : {};
  const quickbooks: QuickBooksSimulator = await startQuickBooksSimulator(timeScale);
  const jobber: JobberSimulator = await startJobberSimulator(timeScale);
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
  const { app, ctx } = await buildApp({ config, database, logger: false, startWorkers: false });
  await app.ready();
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

    const sync = async () => {
      const { sync_id } = await startSync(ctx, user, { collectionId: edition.id, categoryId: 'none', provider });
      const started = performance.now();
      await runSync(ctx, sync_id);
      const seconds = ((performance.now() - started) / 1000) * scale;
      const run = await db.selectFrom('sync_runs').selectAll().where('id', '=', sync_id).executeTakeFirstOrThrow();
      if (run.status !== 'succeeded' || run.failed > 0) throw new Error(`sync ${run.status}: ${run.error ?? JSON.stringify(run.errors)}`);
      return { seconds, run };
    };
    const first = await sync();
    const before = await stats(sim);
    const again = await sync();
    const after = await stats(sim);
    if (again.run.unchanged !== items) throw new Error(`the re-sync found ${again.run.unchanged} of ${items} unchanged`);
    /** Seconds the bucket needs to give `points`, beyond the full bucket a run starts with. */
    const bucketSeconds = (points: number): number => Math.max(0, points - JOBBER_LIMITS.maximumAvailable) / JOBBER_LIMITS.restoreRate;
    const floor = provider === 'quickbooks' ? (items / (30 * 40)) * 60 : bucketSeconds(items * JobberClient.WRITE_COST);
    // The re-sync starts with what the first sync left in the bucket, not a full one.
    const left = Math.max(0, Math.min(JOBBER_LIMITS.maximumAvailable, JOBBER_LIMITS.maximumAvailable - items * JobberClient.WRITE_COST + JOBBER_LIMITS.restoreRate * first.seconds));
    const resyncFloor = provider === 'quickbooks' ? 0 : bucketSeconds(Math.ceil(items / JOBBER_PAGE_SIZE) * JobberClient.pageCost(JOBBER_PAGE_SIZE) + JOBBER_LIMITS.maximumAvailable - left);
    return {
      provider: provider === 'quickbooks' ? 'QuickBooks Online' : 'Jobber',
      items,
      scale,
      seconds: first.seconds,
      floor,
      resyncSeconds: again.seconds,
      resyncFloor,
      resyncWrites: after.writes - before.writes,
      resyncReads: after.requests - before.requests,
      readBound: Math.ceil(items / (provider === 'quickbooks' ? QBO_PAGE_SIZE : JOBBER_PAGE_SIZE)),
      created: first.run.created,
      throttled: before.throttled,
    };
  } finally {
    await app.close();
    await database.close();
    await quickbooks.close();
    await jobber.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Figures[] = [];
for (const items of sizes) {
  for (const provider of providers) {
    const figures = await measure(provider, items, items >= 10_000 ? bigScale : 1);
    rows.push(figures);
    console.log(`${figures.provider}, ${items} items: ${figures.seconds.toFixed(1)} s (floor ${figures.floor.toFixed(1)} s); re-sync ${figures.resyncWrites} writes, ${figures.resyncReads} reads; ${figures.throttled} throttled`);
  }
}
console.log('\n| Provider | Items | Time scale | First sync | Floor | Ratio | Throttled | Re-sync | Re-sync floor | Re-sync writes | Re-sync reads (bound) |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const ratio = r.floor > 0 ? `${(r.seconds / r.floor).toFixed(2)}x` : 'n/a';
  console.log(`| ${r.provider} | ${r.items.toLocaleString('en-US')} | ${r.scale}x | ${r.seconds.toFixed(1)} s | ${r.floor.toFixed(1)} s | ${ratio} | ${r.throttled} | ${r.resyncSeconds.toFixed(1)} s | ${r.resyncFloor.toFixed(1)} s | ${r.resyncWrites} | ${r.resyncReads} (${r.readBound}) |`);
}
const failing = rows.filter((r) => (r.floor > 0 && r.seconds / r.floor > 1.2) || (r.resyncFloor > 0 && r.resyncSeconds / r.resyncFloor > 1.2) || r.resyncWrites !== 0 || r.resyncReads > r.readBound || r.created !== r.items);
if (failing.length > 0) {
  console.error(`\nOutside the targets: ${failing.map((r) => `${r.provider} ${r.items}`).join(', ')}`);
  process.exitCode = 1;
}
