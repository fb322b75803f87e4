/**
 * HTTP benchmark (part of `npm run bench`): requests per second and p50/p99 latency of the cheapest public call and of
 * POST /api/login_page/ under concurrent load, with the hardware it ran on.
 *
 * With BENCH_URL it measures that running server (start it with RATE_LIMIT_SCALE=100000, or the
 * login figures measure the rate limiter's 429s). Without it, it builds and starts one on a
 * fresh embedded database (or on DATABASE_URL when set), seeds the demo account and stops it after.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startSeededServer, type BenchServer } from './support/seeded-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const demo = { email: 'demo@example.com', password: 'tradelist-demo-2024' };

/** Builds what is missing, then starts the server with the sample data. */
async function startServer(): Promise<BenchServer> {
  if (!existsSync(path.join(root, 'apps/api/dist/server.js')) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  return startSeededServer(root, 'http');
}

/** The session and XSRF cookies a browser would hold, for the login benchmark. */
async function browserCookies(url: string): Promise<{ cookie: string; xsrf: string }> {
  const response = await fetch(`${url}/api/config/`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), xsrf };
}

async function measure(name: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ duration: durationSeconds, ...options });
  const non2xx = result.non2xx;
  console.log(
    `${name.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   ` +
      `(${result.connections} connections, ${result.requests.total} requests, ${non2xx} non-2xx, ${result.errors} errors)`,
  );
}

const given = process.env.BENCH_URL;
const server = given ? { url: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
try {
  const cpus = os.cpus();
  console.log(`Hardware: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`);
  console.log(`Node ${process.version}; server ${server.url}; database ${process.env.DATABASE_URL && !given ? 'PostgreSQL' : given ? '(as configured)' : 'PGlite'}; ${durationSeconds} s per run\n`);
  const categories = await fetch(`${server.url}/api/categories/`).then((r) => r.ok, () => false);
  const cheapPath = categories ? '/api/categories/' : '/api/config/';
  await measure(`GET ${cheapPath}`, { url: `${server.url}${cheapPath}`, connections: 50 });
  const { cookie, xsrf } = await browserCookies(server.url);
  await measure('POST /api/login_page/', {
    url: `${server.url}/api/login_page/`,
    method: 'POST',
    connections: 16,
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: JSON.stringify(demo),
  });
} finally {
  await server.stop();
}
