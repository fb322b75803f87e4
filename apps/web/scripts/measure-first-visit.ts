/**
 * Prints how much JavaScript and CSS (gzip) a first visit to `/` downloads from the built app:
 * the entry of index.html with its static imports, plus the lazy chunk of the landing page route
 * with its static imports. The other chunks are listed apart: `/` does not load them.
 *
 * Run after `npm run build -w @tradelist/web`:  npx tsx apps/web/scripts/measure-first-visit.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The module whose chunk the router loads for `/` (see src/app/routes-config.tsx). */
const homeRouteModule = 'src/app/lazy/public.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error('No build manifest: run `npm run build -w @tradelist/web` first.');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

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

const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const homeKeys = manifest[homeRouteModule] ? [homeRouteModule] : [];
const firstVisit = staticClosure([...entries, ...homeKeys]);
const js = firstVisit.map((key) => manifest[key]!.file);
const css = [...new Set(firstVisit.flatMap((key) => manifest[key]!.css ?? []))];
const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`);
const later = allJs.filter((file) => !js.includes(file));

const row = (file: string) => `  ${gzipKb(file).toFixed(1).padStart(7)} kB  ${file}`;
const total = (files: string[]) => files.reduce((sum, file) => sum + gzipKb(file), 0).toFixed(1);

console.log('JavaScript a first visit to / loads (gzip, kB = 1000 bytes):');
for (const file of js) console.log(row(file));
console.log(`  ${total(js).padStart(7)} kB  total JavaScript for /`);
console.log('\nCSS a first visit to / loads (gzip):');
for (const file of css) console.log(row(file));
console.log(`  ${total(css).padStart(7)} kB  total CSS for /`);
console.log('\nJavaScript chunks loaded later, on demand (gzip):');
for (const file of later) console.log(row(file));
