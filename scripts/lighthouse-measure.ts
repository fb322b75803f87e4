/**
 * The measurement behind `npm run lighthouse` (scripts/lighthouse.ts starts it under a Node that
 * Lighthouse 13 accepts, with LIGHTHOUSE_TOOL_DIR naming the cached Lighthouse): Lighthouse's
 * mobile profile, with its default simulated throttling, on the public site's pages of the built
 * app: /, /electrical, /faq, /all-blogs and one post. Prints Performance, Accessibility, Best
 * Practices and SEO with LCP, CLS and total blocking time per page, and exits 1 when a page is
 * below target. Builds nothing. A measurement, not a test (docs/benchmarks.md).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleBlogPosts } from '../apps/api/src/db/sample/blog-posts.ts';
import { startBuiltServer } from './built-server.ts';
import { CATEGORIES, formatReport, pagesBelowTarget, summarize, type LighthouseResult, type PageRow } from './lighthouse-report.ts';

interface Lighthouse {
  (url: string, flags: Record<string, unknown>): Promise<{ lhr: LighthouseResult & { lighthouseVersion: string } } | undefined>;
}
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/** The Chromium of the browser tests (e2e/support/chromium.ts): Debian's, else @sparticuz/chromium's. */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = await import('@sparticuz/chromium');
  return packaged.default.executablePath();
}

const toolDir = process.env.LIGHTHOUSE_TOOL_DIR;
if (!toolDir) {
  console.error('Run this through `npm run lighthouse`, which installs Lighthouse and sets LIGHTHOUSE_TOOL_DIR.');
  process.exit(1);
}
const requireFromTool = createRequire(path.join(toolDir, 'package.json'));
const importFromTool = async (name: string) => (await import(pathToFileURL(requireFromTool.resolve(name)).href)) as Record<string, unknown>;
const lighthouse = (await importFromTool('lighthouse')).default as Lighthouse;
const chromeLauncher = (await importFromTool('chrome-launcher')) as unknown as ChromeLauncher;

const pages = ['/', '/electrical', '/faq', '/all-blogs', `/blog/${sampleBlogPosts[0]!.customUrl}`];

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: await chromiumPath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: PageRow[] = [];
let version = '';
try {
  // One request per page first, so the measurement sees a running server rather than its first request.
  for (const page of pages) await fetch(`${server.url}${page}`).then((response) => response.text());
  for (const page of pages) {
    const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    version = result.lhr.lighthouseVersion;
    rows.push(summarize(page, result.lhr));
  }
} finally {
  chrome.kill();
  await server.stop();
}

console.log(`\nLighthouse ${version} under Node ${process.versions.node} (mobile profile, simulated throttling):\n`);
console.log(formatReport(rows));
if (pagesBelowTarget(rows).length > 0) process.exitCode = 1;
