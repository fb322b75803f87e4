/**
 * `npm run lighthouse`: Lighthouse (mobile profile, its default simulated throttling) on the
 * public site's pages of the built app: /, /electrical, /faq, /all-blogs and one post. Prints
 * Performance, Accessibility, Best Practices and SEO with LCP, CLS and total blocking time per
 * page. Builds nothing: run `npm run build` first. A measurement, not a test (docs/benchmarks.md).
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sampleBlogPosts } from '../apps/api/src/db/sample/blog-posts.ts';
import { missingBuildOutputs, startBuiltServer } from './built-server.ts';

/** The Chromium of the browser tests (e2e/support/chromium.ts): Debian's, else @sparticuz/chromium's. */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = await import('@sparticuz/chromium');
  return packaged.default.executablePath();
}

const pages = ['/', '/electrical', '/faq', '/all-blogs', `/blog/${sampleBlogPosts[0]!.customUrl}`];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  page: string;
  scores: number[];
  lcpMs: number;
  cls: number;
  tbtMs: number;
  problems: string[];
}

const missing = missingBuildOutputs();
if (missing.length > 0) {
  console.error(`npm run lighthouse measures the built app and builds nothing: run \`npm run build\` first (missing ${missing.join(', ')}).`);
  process.exit(1);
}
console.log('Measuring the built app (run `npm run build` first after a change).');

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: Row[] = [];
try {
  // One request per page first, so the measurement sees a running server rather than its first request.
  for (const page of pages) await fetch(`${server.url}${page}`).then((response) => response.text());
  for (const page of pages) {
    const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not score ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // What kept a category below full marks, for whoever reads the output.
    const problems = Object.values(lhr.audits)
      .filter((item) => item.score !== null && item.score < 0.9 && (item.scoreDisplayMode === 'binary' || item.scoreDisplayMode === 'numeric' || item.scoreDisplayMode === 'metricSavings'))
      .map((item) => item.id);
    rows.push({
      page,
      scores: categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      problems,
    });
  }
} finally {
  chrome.kill();
  await server.stop();
}

const header = ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'CLS', 'TBT'];
const lines = rows.map((row) => [row.page, ...row.scores.map(String), `${(row.lcpMs / 1000).toFixed(1)} s`, row.cls.toFixed(3), `${Math.round(row.tbtMs)} ms`]);
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
console.log('\nLighthouse (mobile profile, simulated throttling):\n');
console.log(format(header));
console.log(`|${widths.map((width, column) => (column === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const line of lines) console.log(format(line));
for (const row of rows.filter((item) => item.problems.length > 0)) console.log(`\n${row.page}: audits below 90: ${row.problems.join(', ')}`);
const targets = [95, 95, 95, 100];
const short = rows.filter((row) => row.scores.some((score, index) => score < targets[index]!));
console.log(short.length === 0 ? '\nEvery page meets the targets (Performance, Accessibility and Best Practices 95+, SEO 100).' : `\nBelow target: ${short.map((row) => row.page).join(', ')}.`);
