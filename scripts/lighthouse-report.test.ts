import { describe, expect, test } from 'vitest';
import { formatReport, pagesBelowTarget, summarize, type LighthouseResult } from './lighthouse-report.ts';
import { nodeAtLeast, toolCacheDir } from './lighthouse-tool.ts';

/** A Lighthouse result with the given category scores (0 to 1, null when not scored). */
function result(scores: [number | null, number | null, number | null, number | null], extra: Partial<LighthouseResult> = {}): LighthouseResult {
  const [performance, accessibility, bestPractices, seo] = scores;
  return {
    categories: { performance: { score: performance }, accessibility: { score: accessibility }, 'best-practices': { score: bestPractices }, seo: { score: seo } },
    audits: {
      'largest-contentful-paint': { id: 'largest-contentful-paint', score: 0.95, scoreDisplayMode: 'numeric', numericValue: 2250 },
      'cumulative-layout-shift': { id: 'cumulative-layout-shift', score: 1, scoreDisplayMode: 'numeric', numericValue: 0.0004 },
      'total-blocking-time': { id: 'total-blocking-time', score: 1, scoreDisplayMode: 'numeric', numericValue: 19.4 },
      'unused-javascript': { id: 'unused-javascript', score: 0.5, scoreDisplayMode: 'metricSavings' },
      'heading-order': { id: 'heading-order', score: 0, scoreDisplayMode: 'binary' },
      'font-size': { id: 'font-size', score: null, scoreDisplayMode: 'notApplicable' },
      'cache-insight': { id: 'cache-insight', score: 0.5, scoreDisplayMode: 'informative' },
    },
    ...extra,
  };
}

describe('npm run lighthouse: reading a result', () => {
  test('scores as whole percents, LCP, CLS and TBT, and the scored audits below 90', () => {
    const row = summarize('/', result([0.974, 1, 0.96, 1]));
    expect(row).toEqual({ page: '/', scores: [97, 100, 96, 100], lcpMs: 2250, cls: 0.0004, tbtMs: 19.4, problems: ['unused-javascript', 'heading-order'], errors: [] });
  });

  test('a page Lighthouse could not load: its categories are null, with the reason, and it is below target', () => {
    const failed = result([null, 1, null, 1], {
      runtimeError: { code: 'FAILED_DOCUMENT_REQUEST', message: 'Lighthouse was unable to reliably load the page you requested. (Details: net::ERR_ABORTED)' },
      audits: { 'largest-contentful-paint': { id: 'largest-contentful-paint', score: null, scoreDisplayMode: 'error', errorMessage: 'FAILED_DOCUMENT_REQUEST' } },
    });
    const row = summarize('/faq', failed);
    expect(row.scores).toEqual([null, 100, null, 100]);
    expect(row.errors).toEqual([
      'FAILED_DOCUMENT_REQUEST: Lighthouse was unable to reliably load the page you requested. (Details: net::ERR_ABORTED)',
      'largest-contentful-paint: FAILED_DOCUMENT_REQUEST',
    ]);
    expect(Number.isNaN(row.lcpMs)).toBe(true);
    // Not scored is below target, never a pass.
    expect(pagesBelowTarget([row])).toEqual(['/faq']);
    const report = formatReport([row]);
    expect(report).toContain('| `/faq` | error |  100 | error | 100 |   – |   – |   – |');
    expect(report).toContain('/faq: not scored: FAILED_DOCUMENT_REQUEST');
    expect(report).toContain('Below target (Performance, Accessibility and Best Practices 95+, SEO 100): /faq.');
  });

  test('targets: 95 for performance, accessibility and best practices, 100 for SEO', () => {
    const rows = [
      summarize('/', result([0.95, 0.95, 0.95, 1])),
      summarize('/electrical', result([0.94, 1, 1, 1])),
      summarize('/faq', result([1, 0.94, 1, 1])),
      summarize('/all-blogs', result([1, 1, 0.94, 1])),
      summarize('/blog/x', result([1, 1, 1, 0.99])),
    ];
    expect(pagesBelowTarget(rows)).toEqual(['/electrical', '/faq', '/all-blogs', '/blog/x']);
    expect(formatReport(rows.slice(0, 1))).toContain('Every page meets the targets (Performance, Accessibility and Best Practices 95+, SEO 100).');
  });

  test('the table is markdown with one row per page, as docs/benchmarks.md keeps it', () => {
    const report = formatReport([summarize('/', result([0.97, 1, 1, 1])), summarize('/all-blogs', result([0.99, 1, 1, 1]))]);
    expect(report.split('\n').slice(0, 4)).toEqual([
      '| Page         | Perf | A11y |  BP | SEO |   LCP |   CLS |   TBT |',
      '|--------------|-----:|-----:|----:|----:|------:|------:|------:|',
      '| `/`          |   97 |  100 | 100 | 100 | 2.3 s | 0.000 | 19 ms |',
      '| `/all-blogs` |   99 |  100 | 100 | 100 | 2.3 s | 0.000 | 19 ms |',
    ]);
  });
});

describe('npm run lighthouse: the Node it runs under and where Lighthouse is kept', () => {
  test('Lighthouse 13 runs under this Node from 22.19 on; older ones use the cached Node 24', () => {
    expect(nodeAtLeast('v20.20.2', '22.19.0')).toBe(false);
    expect(nodeAtLeast('v22.18.9', '22.19.0')).toBe(false);
    expect(nodeAtLeast('v22.19.0', '22.19.0')).toBe(true);
    expect(nodeAtLeast('v24.9.0', '22.19.0')).toBe(true);
    expect(nodeAtLeast('23.0.0', '22.19.0')).toBe(true);
  });

  test('the cache folder is named after the lock file, under XDG_CACHE_HOME when set', () => {
    const first = toolCacheDir('{"lock":1}', { XDG_CACHE_HOME: '/var/cache/me' });
    expect(first).toMatch(/^\/var\/cache\/me\/tradelist\/lighthouse-[0-9a-f]{12}$/);
    expect(toolCacheDir('{"lock":1}', { XDG_CACHE_HOME: '/var/cache/me' })).toBe(first);
    expect(toolCacheDir('{"lock":2}', { XDG_CACHE_HOME: '/var/cache/me' })).not.toBe(first);
    expect(toolCacheDir('{"lock":1}', { HOME: '/home/x' })).toMatch(/\/\.cache\/tradelist\/lighthouse-[0-9a-f]{12}$/);
  });
});
