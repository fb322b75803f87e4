/**
 * Download benchmark (part of `npm run bench`), against a PostgreSQL server: a 100,000-item
 * edition made by the sample generator, measured as
 * - the limit: PostgreSQL's own `COPY (SELECT ...) TO STDOUT WITH CSV` of those rows;
 * - our CSV and .xlsx downloads of it through HTTP with markups: time, ratio to the limit, peak
 *   memory growth of the server, and the longest wait of GET /api/categories/ during the download;
 * - 1,000-item downloads, 20 at a time for 10 s: downloads per second, p50 and p99.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
 * a fresh database is created for the run and dropped after.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/database.ts';
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

async function prepareDatabase(): Promise<{ big: number; small: number }> {
  const handle = await openDatabase({ databaseUrl: benchUrl });
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
  await db
    .insertInto('user_factors')
    .values({ user_id: user.id, markup1_10_bp: 3500, markup11_20_bp: 3000, markup21_50_bp: 2500, markup51_150_bp: 2000, markup151_500_bp: 1500, markup501_bp: 1000, tax_bp: 825, inventory_option: 'Non-inventory', income_type: 'Sales', updated_at: now })
    .execute();
  await handle.close();
  return { big, small };
}

async function copyLimit(collectionId: number): Promise<{ ms: number; bytes: number }> {
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const started = performance.now();
  let bytes = 0;
  const stream = client.query(copyTo(`COPY (SELECT sku, name, description, group_name, unit, cost_cents FROM products WHERE collection_id = ${collectionId} ORDER BY id) TO STDOUT WITH CSV HEADER`));
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  const elapsed = performance.now() - started;
  await client.end();
  return { ms: elapsed, bytes };
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
  let longestCheap = 0;
  const cheapLoop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/categories/`).then((r) => r.arrayBuffer());
      longestCheap = Math.max(longestCheap, performance.now() - started);
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
  return { ms: elapsed, bytes, rssGrowthMb: (peak - baseline) / 1024, longestCheapMs: longestCheap };
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`No PostgreSQL at ${adminUrl} (${(error as Error).message}); the download benchmark needs one. Skipped.`);
    return;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  let server: ChildProcess | undefined;
  try {
    console.log(`Preparing ${BIG.toLocaleString('en-US')} + ${SMALL.toLocaleString('en-US')} items in ${dbName}...`);
    const editions = await prepareDatabase();
    if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    const port = String(3800 + Math.floor(Math.random() * 90));
    server = spawn('node', ['apps/api/dist/server.js'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: port, DATABASE_URL: benchUrl, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', RATE_LIMIT_SCALE: '1000000', DATA_DIR: path.join(os.tmpdir(), dbName) },
    });
    server.on('exit', (code, signal) => console.log(`server exited: ${code ?? signal}`));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150 && !(await fetch(`${base}/api/config/`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    const headers = await session(base);
    const cpus = os.cpus();
    console.log(`Hardware: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; PostgreSQL server\n`);

    // Warm up the server's code paths.
    for (const format of ['csv', 'xlsx']) await measureDownload(base, headers, server.pid!, { collection_id: editions.small, format });

    const copies = [];
    for (let i = 0; i < 3; i++) copies.push(await copyLimit(editions.big));
    const limit = median(copies.map((c) => c.ms));
    console.log(`COPY (SELECT ...) TO STDOUT WITH CSV, ${BIG.toLocaleString('en-US')} rows: ${ms(limit)} (median of 3, ${(copies[0]!.bytes / 1e6).toFixed(1)} MB)`);
    const targets = { csv: 2, xlsx: 4 };
    for (const format of ['csv', 'xlsx'] as const) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await measureDownload(base, headers, server.pid!, { collection_id: editions.big, format }));
      const time = median(runs.map((r) => r.ms));
      const growth = Math.max(...runs.map((r) => r.rssGrowthMb));
      const stall = Math.max(...runs.map((r) => r.longestCheapMs));
      const ratio = time / limit;
      console.log(
        `${format.toUpperCase().padEnd(4)} download, ${BIG.toLocaleString('en-US')} items: ${ms(time)} (median of 3, ${(runs[0]!.bytes / 1e6).toFixed(1)} MB), ` +
          `${ratio.toFixed(2)}× the COPY limit (target ≤ ${targets[format]}×: ${ratio <= targets[format] ? 'met' : 'MISSED'}), ` +
          `server RSS growth ${growth.toFixed(1)} MB (target < 64: ${growth < 64 ? 'met' : 'MISSED'}), ` +
          `longest GET /api/categories/ ${ms(stall)} (target ≤ 50: ${stall <= 50 ? 'met' : 'MISSED'})`,
      );
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const result = await autocannon({
        url: `${base}/api/download-products/`,
        method: 'POST',
        headers,
        body: JSON.stringify({ collection_id: editions.small, format }),
        connections: 20,
        duration: 10,
      });
      console.log(
        `${format.toUpperCase().padEnd(4)} ${SMALL.toLocaleString('en-US')}-item downloads, 20 at a time for 10 s: ${result.requests.average.toFixed(0)} downloads/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.requests.total} served, ${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
    }
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
