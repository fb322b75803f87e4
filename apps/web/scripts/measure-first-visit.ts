/**
 * Prints how much JavaScript and CSS (gzip, kB = 1000 bytes as Vite prints them) a first visit to `/` downloads from the built app:
 * the entry script of dist/index.html and everything it imports statically, chunk by chunk.
 * Chunks reached only through `import()` (lazy routes) are listed apart: `/` does not load them.
 *
 * Run after `npm run build -w @tradelist/web`:  npx tsx apps/web/scripts/measure-first-visit.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length / 1000;
}

/** The files a built module imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const found = new Set<string>();
  // Minified output: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]!));
  }
  return [...found];
}

/** Every file reached from `entries` through static imports, in discovery order. */
function closure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attribute = (tag: string, name: string) => new RegExp(`${name}="/?([^"]+)"`).exec(tag)?.[1];
const scriptTags = html.match(/<script[^>]*type="module"[^>]*>/g) ?? [];
const preloadTags = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
const cssTags = html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
const entries = [...scriptTags.map((tag) => attribute(tag, 'src')), ...preloadTags.map((tag) => attribute(tag, 'href'))]
  .filter((file): file is string => Boolean(file));

const firstVisit = closure(entries);
const css = cssTags.map((tag) => attribute(tag, 'href')).filter((file): file is string => Boolean(file));
const allJs = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);
const lazy = allJs.filter((file) => !firstVisit.includes(file));

const row = (file: string) => `  ${gzipKb(file).toFixed(1).padStart(7)} kB  ${file}`;
const total = (files: string[]) => files.reduce((sum, file) => sum + gzipKb(file), 0).toFixed(1);

console.log('JavaScript a first visit to / loads (gzip, kB = 1000 bytes as Vite prints them):');
for (const file of firstVisit) console.log(row(file));
console.log(`  ${total(firstVisit).padStart(7)} kB  total JavaScript for /`);
console.log('\nStylesheets linked from index.html (gzip, kB = 1000 bytes as Vite prints them):');
for (const file of css) console.log(row(file));
console.log(`  ${total(css).padStart(7)} kB  total CSS for /`);
console.log('\nChunks loaded later, on demand (gzip, kB = 1000 bytes as Vite prints them):');
for (const file of lazy) console.log(row(file));
