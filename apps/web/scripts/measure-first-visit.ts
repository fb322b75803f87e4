/**
 * Prints how much JavaScript and CSS (gzip) a first visit to `/` downloads from the built app:
 * what the server's page for / references (app/site/render-site.tsx): the site's hydration entry
 * and the home page's chunk, with their static imports, as the browser loads them (the browser
 * test "a first visit to / ..." in e2e/tests/shell.spec.ts checks that it loads nothing else).
 * The other chunks are listed apart: / does not load them.
 *
 * Run after `npm run build -w @tradelist/web`:  npx tsx apps/web/scripts/measure-first-visit.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ClientManifest } from '@tradelist/contract/site';
import { siteClientEntry, sitePages } from '../src/app/site/site-pages';

/** product: a first visit to / loads at most this much gzipped JavaScript. */
const budgetKb = 100;

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('No build manifest: run `npm run build -w @tradelist/web` first.');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;

/** Gzip size in kB (1000 bytes), as Vite prints them. */
function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length / 1000;
}

/** The manifest keys reached from `keys` through static imports. */
function staticClosure(keys: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    queue.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen];
}

const firstVisit = staticClosure([siteClientEntry, sitePages.home.module]);
const js = firstVisit.map((key) => manifest[key]!.file);
const css = [...new Set(firstVisit.flatMap((key) => manifest[key]!.css ?? []))];
const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);
const later = allJs.filter((file) => !js.includes(file));

const row = (file: string) => `  ${gzipKb(file).toFixed(1).padStart(7)} kB  ${file}`;
const sum = (files: string[]) => files.reduce((total, file) => total + gzipKb(file), 0);

console.log('JavaScript a first visit to / loads (gzip, kB = 1000 bytes):');
for (const file of js) console.log(row(file));
const jsKb = sum(js);
console.log(`  ${jsKb.toFixed(1).padStart(7)} kB  total JavaScript for / (budget ${budgetKb} kB: ${jsKb <= budgetKb ? 'within' : 'OVER'})`);
console.log('\nCSS a first visit to / loads (gzip):');
for (const file of css) console.log(row(file));
console.log(`  ${sum(css).toFixed(1).padStart(7)} kB  total CSS for /`);
console.log('\nJavaScript chunks loaded later, on demand (gzip):');
for (const file of later) console.log(row(file));
