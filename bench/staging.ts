/**
 * Staging benchmark (part of `npm run bench`): how long a cheap request waits while the operator
 * console checks a 249,000-row supplier CSV (issue 17 §10). It builds the server, starts it on a
 * fresh embedded database (or on DATABASE_URL when set) with the sample data, signs in as the
 * demo operator, and uploads the file to POST /api/operator/edition-uploads/ while it sends
 * GET /api/categories/ one after the other; it prints the longest and the p99 wait of those
 * requests, before and during the staging, and how long the staging took.
 *
 * BENCH_SERVER_ROOT runs the server of another checkout of the repository (its apps/api is
 * built there), for a before/after comparison; BENCH_ROWS changes the row count.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { centsToDecimal } from '@tradelist/pricing/money';
import { generateElectricalItems } from '../apps/api/src/db/sample/electrical-catalog.ts';
import { startSeededServer, type BenchServer } from './support/seeded-server.ts';

const root = path.resolve(process.env.BENCH_SERVER_ROOT ?? path.join(import.meta.dirname, '..'));
const rows = Number(process.env.BENCH_ROWS ?? 249_000);
const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };

/** Builds what is missing, then starts the server with the sample data. */
async function startServer(): Promise<BenchServer> {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  return startSeededServer(root, 'staging');
}

/** Signs in as the demo operator: the cookies and XSRF header a browser would send. */
async function signIn(url: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const headers = () => ({ cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' });
  keep(await fetch(`${url}/api/config/`));
  const login = await fetch(`${url}/api/login_page/`, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(operator) });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  keep(login);
  return headers();
}

/** A supplier CSV of the sample generator's items (under the 32 MB upload limit). */
function supplierCsv(count: number): Buffer {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = ['sku,name,description,unit,group,cost'];
  for (const item of generateElectricalItems({ size: count })) {
    lines.push([item.sku, item.name, item.description.slice(0, 24), item.unit, item.group, centsToDecimal(item.costCents)].map(quote).join(','));
  }
  return Buffer.from(lines.join('\n'));
}

/** Sends the cheap request one after the other until `until` settles; each one's wait in ms. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const waits: number[] = [];
  while (!done) {
    const start = performance.now();
    const response = await fetch(`${url}/api/categories/`);
    await response.arrayBuffer();
    waits.push(performance.now() - start);
  }
  return waits;
}

const summary = (waits: number[]) => {
  const sorted = [...waits].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  return `${String(waits.length).padStart(6)} requests   longest ${sorted.at(-1)?.toFixed(0).padStart(5)} ms   p99 ${p99.toFixed(0).padStart(5)} ms`;
};

const server = await startServer();
try {
  const cpus = os.cpus();
  console.log(`Hardware: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`Node ${process.version}; server from ${root}; database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
  const headers = await signIn(server.url);
  const categories = (await (await fetch(`${server.url}/api/categories/`)).json()) as Array<{ id: number; name: string }>;
  const electrical = categories.find((category) => category.name === 'Electrical') ?? categories[0]!;
  const csv = supplierCsv(rows);
  console.log(`Supplier file: ${rows.toLocaleString('en-US')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB, category ${electrical.name}`);

  console.log(`GET /api/categories/ idle:            ${summary(await probe(server.url, new Promise((resolve) => setTimeout(resolve, 3000))))}`);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'supplier.csv');
  const started = performance.now();
  const staging = fetch(`${server.url}/api/operator/edition-uploads/?category_id=${electrical.id}`, { method: 'POST', headers, body: form }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { status?: string; edition?: { item_count: number }; error?: string },
  }));
  const during = await probe(server.url, staging);
  const result = await staging;
  console.log(`GET /api/categories/ while staging:   ${summary(during)}`);
  console.log(
    `Staging: ${((performance.now() - started) / 1000).toFixed(1)} s, answered ${result.status} ${result.body.status ?? result.body.error}` +
      `${result.body.edition ? ` (${result.body.edition.item_count.toLocaleString('en-US')} items)` : ''}`,
  );
} finally {
  await server.stop();
}
