/**
 * `npm run bench`: every benchmark, one after the other (never concurrently, so they do not
 * disturb each other): HTTP throughput and latency (http.ts), edition downloads against
 * PostgreSQL (downloads.ts), a cheap call's wait while a large supplier file is staged
 * (staging.ts), then syncs to the QuickBooks and Jobber simulators (sync.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
for (const script of ['http.ts', 'downloads.ts', 'staging.ts', 'sync.ts']) {
  console.log(`\n### ${script}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
