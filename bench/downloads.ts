/**
 * Download benchmark (part of `npm run bench`), on PostgreSQL and on the embedded PGlite: a
 * 100,000-item edition made by the sample generator, measured as
 * - the limit: the database's own `COPY (SELECT ...) TO STDOUT WITH CSV` of those rows (on PGlite,
 *   `TO '/dev/blob'`, in the benchmark's process);
 * - our CSV and .xlsx downloads of it through HTTP with markups, each the median of 3: the
 *   edition's first download on the machine (the store is emptied: the user's file is written by
 *   the plain writers on a worker, then the server writes the edition's template, which the
 *   benchmark waits for), a user's first download (only the users' files are removed: the file
 *   is filled from the stored template, decision 0043), the next one (served from storage),
 *   and with the store turned off (FILE_CACHE_MAX_MB=0: generated while it streams). With each:
 *   the ratio to the limit, the server's peak memory growth, and the longest and p99 wait of
 *   GET /api/categories/ during the download;
 * - 1,000-item downloads, 20 at a time for 10 s (served from storage after the first).
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * a fresh database is created for the run and dropped after. BENCH_DOWNLOAD_DATABASES picks the
 * databases (default `postgres,pglite`); BENCH_NODE_ARGS adds options to the server's node (a CPU
 * profile: `--cpu-prof --cpu-prof-dir=<dir>`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { rulesFromMarkups } from '@tradelist/pricing/rules';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { generateElectricalItems } from '../apps/api/src/db/sample/electrical-catalog.ts';
import { hashPassword } from '../apps/api/src/security/passwords.ts';
import { insertProducts } from '../apps/api/src/modules/catalog/repositories/products.ts';

const root = path.resolve(import.meta.dirname, '..');
const BIG = 100_000;
const SMALL = 1_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `tl_bench_${process.pid}`;
const benchUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const account = { email: 'bench@example.com', password: 'bench password 2026' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

type Kind = 'postgres' | 'pglite';
type Format = 'csv' | 'xlsx';

/** Fills a migrated database: the two editions, a subscriber with markups and a large plan. */
async function prepareDatabase(handle: DatabaseHandle): Promise<{ big: number; small: number }> {
  await migrateToLatest(handle.db);
  const db = handle.db;
  const now = new Date();
  const category = await db.insertInto('categories').values({ name: 'Electrical', slug: 'electrical', position: 1 }).returning('id').executeTakeFirstOrThrow();
  const edition = async (code: string, items: ReturnType<typeof generateElectricalItems>) => {
    const row = await db
      .insertInto('collections')
      .values({ category_id: category.id, collection_id: code, name: `Electrical ${code}`, rundate: code.slice(-10), item_count: items.length, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProducts(
      db,
      items.map((item) => ({
        collection_id: row.id,
        sku: item.sku,
        name: item.name,
        description: item.description,
        unit: item.unit,
        group_name: item.group,
        cost_cents: item.costCents,
        manufacturer_part_number: item.manufacturerPartNumber,
        upc: item.upc,
      })),
      1_000,
    );
    return row.id;
  };
  const small = await edition('SMALL-2026-10-01', generateElectricalItems().slice(0, SMALL));
  const big = await edition('BIG-2026-11-01', generateElectricalItems({ size: BIG }));
  await sql`ANALYZE products`.execute(db);
  const plan = await db
    .insertInto('plans')
    .values({ slug: 'bench', name: 'Bench', description: 'bench', price_cents: 0, billing_interval: 'year', period_months: 12, download_max_per_period: 1_000_000_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ name: 'Bench', email: account.email, password_hash: await hashPassword(account.password), is_verified: true, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values({ user_id: user.id, plan_id: plan.id, status: 'active', period_start: new Date('2026-01-01T00:00:00Z'), current_period_start: new Date('2026-01-01T00:00:00Z'), period_end: new Date(now.getTime() + 86_400_000 * 365), source: 'complimentary', created_at: now, updated_at: now })
    .execute();
  const texts = { inventory_option: 'Non-inventory', income_type: 'Sales' };
  await db.insertInto('user_factors').values({ user_id: user.id, markup1_10_bp: null, markup11_20_bp: null, markup21_50_bp: null, markup51_150_bp: null, markup151_500_bp: null, markup501_bp: null, tax_bp: null, ...texts, updated_at: now }).execute();
  // The markups and tax of the user's default pricing profile (decision 0044).
  const rules = rulesFromMarkups({ markup1_10: 3500, markup11_20: 3000, markup21_50: 2500, markup51_150: 2000, markup151_500: 1500, markup501: 1000, tax: 825 });
  await db.updateTable('pricing_profiles').set({ rules: JSON.stringify(rules) }).where('user_id', '=', user.id).where('is_default', '=', true).execute();
  return { big, small };
}

const copySelect = (collectionId: number) => `SELECT sku, name, description, group_name, unit, cost_cents FROM products WHERE collection_id = ${collectionId} ORDER BY id`;

/** PostgreSQL's own CSV of the edition, streamed to this process and discarded. */
async function copyLimitPostgres(url: string, collectionId: number): Promise<{ ms: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  let bytes = 0;
  const stream = client.query(copyTo(`COPY (${copySelect(collectionId)}) TO STDOUT WITH CSV HEADER`));
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  const elapsed = performance.now() - started;
  await client.end();
  return { ms: elapsed, bytes };
}

/** PGlite's own CSV of the edition: COPY to its in-memory blob (it has no STDOUT stream). */
async function copyLimitPGlite(pglite: PGlite, collectionId: number): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const result = await pglite.query(`COPY (${copySelect(collectionId)}) TO '/dev/blob' WITH CSV HEADER`);
  const bytes = (await result.blob!.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function session(base: string): Promise<Record<string, string>> {
  const config = await fetch(`${base}/api/config/`);
  const cookies = config.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  const login = await fetch(`${base}/api/login_page/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const after = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const newXsrf = after.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { 'content-type': 'application/json', cookie: after.join('; '), 'x-xsrf-token': newXsrf };
}

/** One large download, measured with a memory sampler and a cheap request loop running beside it. */
async function measureDownload(base: string, headers: Record<string, string>, pid: number, body: object) {
  const baseline = rssKb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  let running = true;
  const cheapWaits: number[] = [];
  const cheapLoop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/categories/`).then((r) => r.arrayBuffer());
      cheapWaits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  let bytes = 0;
  let elapsed: number;
  try {
    const response = await fetch(`${base}/api/download-products/`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`download failed: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    elapsed = performance.now() - started;
  } finally {
    running = false;
    await cheapLoop;
    clearInterval(sampler);
  }
  cheapWaits.sort((a, b) => a - b);
  return {
    ms: elapsed,
    bytes,
    rssGrowthMb: (peak - baseline) / 1024,
    longestCheapMs: cheapWaits.at(-1) ?? 0,
    p99CheapMs: cheapWaits[Math.min(cheapWaits.length - 1, Math.floor(cheapWaits.length * 0.99))] ?? 0,
  };
}

interface Measure {
  label: string;
  ms: number;
  ratio: number;
  mb: number;
  growthMb: number;
  stallMs: number;
  stallP99Ms: number;
}

/** Starts the built server on `port` and waits until it answers. */
async function startServer(env: Record<string, string>): Promise<{ server: ChildProcess; base: string }> {
  const port = String(3800 + Math.floor(Math.random() * 90));
  // BENCH_NODE_ARGS: options for the server's node, such as `--cpu-prof --cpu-prof-dir=<dir>`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const server = spawn('node', [...nodeArgs, 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', RATE_LIMIT_SCALE: '1000000', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150 && !(await fetch(`${base}/api/config/`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
  return { server, base };
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

type Run = Awaited<ReturnType<typeof measureDownload>>;
type Report = (label: string, format: Format, runs: Run[]) => void;

/** A fresh database of `kind` with the editions, and the median of 3 COPYs of the large one. */
async function prepareBench(kind: Kind, adminClient: pg.Client | null, dataDir: string): Promise<{ editions: Awaited<ReturnType<typeof prepareDatabase>>; copies: Array<{ ms: number; bytes: number }> }> {
  console.log(`\n## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n\nPreparing ${BIG.toLocaleString('en-US')} + ${SMALL.toLocaleString('en-US')} items...`);
  const copies: Array<{ ms: number; bytes: number }> = [];
  if (kind === 'postgres') {
    await adminClient!.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await adminClient!.query(`CREATE DATABASE ${dbName}`);
    const handle = await openDatabase({ databaseUrl: benchUrl });
    const editions = await prepareDatabase(handle);
    await handle.close();
    for (let i = 0; i < 3; i++) copies.push(await copyLimitPostgres(benchUrl, editions.big));
    return { editions, copies };
  }
  mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
  const handle = await openDatabase({ pglite });
  const editions = await prepareDatabase(handle);
  await pglite.query('CHECKPOINT');
  for (let i = 0; i < 3; i++) copies.push(await copyLimitPGlite(pglite, editions.big));
  await handle.close();
  return { editions, copies };
}

/** Prints a measure (median of its runs, ratio to `limit`, memory and stall) and adds it to `rows`. */
function reporter(limit: number, rows: Measure[]): Report {
  const targets = { csv: 2, xlsx: 4 };
  return (label, format, runs) => {
    const time = median(runs.map((r) => r.ms));
    const growth = Math.max(...runs.map((r) => r.rssGrowthMb));
    const stall = Math.max(...runs.map((r) => r.longestCheapMs));
    const stallP99 = Math.max(...runs.map((r) => r.p99CheapMs));
    const ratio = time / limit;
    console.log(
      `${label}: ${ms(time)} (median of 3, ${(runs[0]!.bytes / 1e6).toFixed(1)} MB), ` +
        `${ratio.toFixed(2)}× the COPY limit (target ≤ ${targets[format]}×: ${ratio <= targets[format] ? 'met' : 'MISSED'}), ` +
        `server RSS growth ${growth.toFixed(1)} MB (target < 64: ${growth < 64 ? 'met' : 'MISSED'}), ` +
        `GET /api/categories/ meanwhile: longest ${ms(stall)} (target ≤ 50: ${stall <= 50 ? 'met' : 'MISSED'}), p99 ${ms(stallP99)}`,
    );
    rows.push({ label, ms: time, ratio, mb: runs[0]!.bytes / 1e6, growthMb: growth, stallMs: stall, stallP99Ms: stallP99 });
  };
}

/**
 * Waits until the edition's template of `format` is in the store: after the edition's first
 * download on a machine, the server writes it once the user's file is written (decision 0043).
 */
async function templateWritten(filesDir: string, format: Format): Promise<void> {
  const present = () => existsSync(filesDir) && readdirSync(filesDir).some((name) => name.endsWith(`.${format}-template`));
  for (let i = 0; i < 600 && !present(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!present()) throw new Error(`The ${format} template was not written`);
}

/** The large edition's downloads with the store on: the edition's first on the machine, a user's first, the next. */
async function benchStoreOn(base: string, headers: Record<string, string>, pid: number, edition: number, filesDir: string, report: Report): Promise<void> {
  // The users' files; the editions' templates (decision 0043) lie beside them.
  const removeUserFiles = () => {
    for (const name of existsSync(filesDir) ? readdirSync(filesDir) : []) if (!name.endsWith('-template')) rmSync(path.join(filesDir, name));
  };
  for (const format of ['csv', 'xlsx'] as const) {
    const cold = [];
    for (let i = 0; i < 3; i++) {
      rmSync(filesDir, { recursive: true, force: true });
      cold.push(await measureDownload(base, headers, pid, { collection_id: edition, format }));
      await templateWritten(filesDir, format);
    }
    report(`${format.toUpperCase()} first download of the edition on this machine (no template: plain writers on a worker)`, format, cold);
    const first = [];
    for (let i = 0; i < 3; i++) {
      removeUserFiles();
      first.push(await measureDownload(base, headers, pid, { collection_id: edition, format }));
    }
    report(`${format.toUpperCase()} first download (file written from the stored template)`, format, first);
    const stored = [];
    for (let i = 0; i < 3; i++) stored.push(await measureDownload(base, headers, pid, { collection_id: edition, format }));
    report(`${format.toUpperCase()} next download (served from storage)`, format, stored);
  }
}

/** The small edition's downloads, 20 at a time for 10 s (from the store after the first). */
async function benchConcurrentSmall(base: string, headers: Record<string, string>, edition: number): Promise<void> {
  for (const format of ['csv', 'xlsx'] as const) {
    const result = await autocannon({
      url: `${base}/api/download-products/`,
      method: 'POST',
      headers,
      body: JSON.stringify({ collection_id: edition, format }),
      connections: 20,
      duration: 10,
    });
    console.log(
      `${format.toUpperCase().padEnd(4)} ${SMALL.toLocaleString('en-US')}-item downloads, 20 at a time for 10 s (from storage): ${result.requests.average.toFixed(0)} downloads/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.requests.total} served, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
  }
}

/** Every figure of one database; returns the rows of the summary table. */
async function benchDatabase(kind: Kind, adminClient: pg.Client | null): Promise<Measure[]> {
  const dataDir = path.join(os.tmpdir(), `${dbName}_${kind}`);
  rmSync(dataDir, { recursive: true, force: true });
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'postgres' ? benchUrl : '',
    // Required with DATABASE_URL (config/env.ts).
    SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
    TOKEN_ENCRYPTION_KEY: `bench:${Buffer.alloc(32, 5).toString('base64')}`,
  };
  let server: ChildProcess | undefined;
  try {
    const { editions, copies } = await prepareBench(kind, adminClient, dataDir);
    const limit = median(copies.map((c) => c.ms));
    console.log(`COPY (SELECT ...) ${kind === 'postgres' ? 'TO STDOUT' : "TO '/dev/blob'"} WITH CSV, ${BIG.toLocaleString('en-US')} rows: ${ms(limit)} (median of 3, ${(copies[0]!.bytes / 1e6).toFixed(1)} MB)`);
    const rows: Measure[] = [{ label: 'COPY limit', ms: limit, ratio: 1, mb: copies[0]!.bytes / 1e6, growthMb: 0, stallMs: 0, stallP99Ms: 0 }];
    const report = reporter(limit, rows);
    if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    let base: string;
    ({ server, base } = await startServer(serverEnv));
    let headers = await session(base);
    // Warm up the server's code paths; the small edition's templates are written after.
    for (const format of ['csv', 'xlsx'] as const) {
      await measureDownload(base, headers, server.pid!, { collection_id: editions.small, format });
      await templateWritten(path.join(dataDir, 'files'), format);
    }
    await benchStoreOn(base, headers, server.pid!, editions.big, path.join(dataDir, 'files'), report);
    await benchConcurrentSmall(base, headers, editions.small);
    await stopServer(server);
    ({ server, base } = await startServer({ ...serverEnv, FILE_CACHE_MAX_MB: '0' }));
    headers = await session(base);
    for (const format of ['csv', 'xlsx'] as const) await measureDownload(base, headers, server.pid!, { collection_id: editions.small, format });
    for (const format of ['csv', 'xlsx'] as const) {
      const streamed = [];
      for (let i = 0; i < 3; i++) streamed.push(await measureDownload(base, headers, server.pid!, { collection_id: editions.big, format }));
      report(`${format.toUpperCase()} download with the store off (streamed)`, format, streamed);
    }
    return rows;
  } finally {
    if (server) await stopServer(server);
    if (kind === 'postgres') await adminClient!.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const kinds = (process.env.BENCH_DOWNLOAD_DATABASES ?? 'postgres,pglite').split(',').map((k) => k.trim()) as Kind[];
  const cpus = os.cpus();
  console.log(`Hardware: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}`);
  const summary = new Map<Kind, Measure[]>();
  let admin: pg.Client | null = null;
  try {
    if (kinds.includes('postgres')) {
      admin = new pg.Client({ connectionString: adminUrl });
      try {
        await admin.connect();
        summary.set('postgres', await benchDatabase('postgres', admin));
      } catch (error) {
        if (!(error instanceof Error && /ECONNREFUSED|connect/.test(error.message) && summary.size === 0)) throw error;
        console.log(`No PostgreSQL at ${adminUrl} (${error.message}); skipped.`);
      }
    }
    if (kinds.includes('pglite')) summary.set('pglite', await benchDatabase('pglite', null));
  } finally {
    await admin?.end().catch(() => undefined);
  }
  console.log('\n## Summary (median of 3; ratio to the same database\'s COPY)\n');
  console.log('| Measure | ' + [...summary.keys()].map((k) => (k === 'postgres' ? 'PostgreSQL' : 'PGlite')).join(' | ') + ' |');
  console.log('|---|' + [...summary.keys()].map(() => '---:').join('|') + '|');
  const labels = [...summary.values()][0]?.map((m) => m.label) ?? [];
  for (const label of labels) {
    const cells = [...summary.values()].map((rows) => {
      const m = rows.find((r) => r.label === label);
      return m ? `${ms(m.ms)} (${m.ratio.toFixed(1)}×${m.label === 'COPY limit' ? '' : `; GET meanwhile longest ${ms(m.stallMs)}, p99 ${ms(m.stallP99Ms)}`})` : '–';
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
}

await main();
