/**
 * What `npm run lighthouse` reads from each Lighthouse result and prints: the four category
 * scores, LCP, CLS and total blocking time, the audits that kept a page down, and whether every
 * page meets the targets (docs/benchmarks.md).
 */

/** The categories measured, in the order printed. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Performance, Accessibility and Best Practices 95 or more, SEO 100. */
export const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 };

/** The part of a Lighthouse result (LHR) this script reads. */
export interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number; errorMessage?: string } | undefined>;
}

export interface PageRow {
  page: string;
  /** 0 to 100 per category; null when Lighthouse could not score it. */
  scores: (number | null)[];
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits scored below 90, for whoever reads the output. */
  problems: string[];
  /** Why a category or the page could not be scored (Lighthouse's runtime and audit errors). */
  errors: string[];
}

/** One page's row from its Lighthouse result. */
export function summarize(page: string, lhr: LighthouseResult): PageRow {
  const audits = Object.values(lhr.audits).filter((audit) => audit !== undefined);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const errors = [
    ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ...audits.filter((audit) => audit.scoreDisplayMode === 'error').map((audit) => `${audit.id}: ${audit.errorMessage ?? 'error'}`),
  ];
  return {
    page,
    scores: CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return typeof score === 'number' ? Math.round(score * 100) : null;
    }),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    problems: audits
      .filter((audit) => audit.score !== null && audit.score < 0.9 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
      .map((audit) => audit.id),
    errors: [...new Set(errors)],
  };
}

/** The pages with a category below its target, or not scored at all. */
export function pagesBelowTarget(rows: PageRow[]): string[] {
  return rows.filter((row) => CATEGORIES.some((category, index) => (row.scores[index] ?? -1) < TARGETS[category])).map((row) => row.page);
}

/** The table (markdown, as docs/benchmarks.md keeps it), then the problems and the verdict. */
export function formatReport(rows: PageRow[]): string {
  const header = ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'CLS', 'TBT'];
  const number = (value: number, text: string) => (Number.isFinite(value) ? text : '–');
  const lines = rows.map((row) => [
    `\`${row.page}\``,
    ...row.scores.map((score) => (score === null ? 'error' : String(score))),
    number(row.lcpMs, `${(row.lcpMs / 1000).toFixed(1)} s`),
    number(row.cls, row.cls.toFixed(3)),
    number(row.tbtMs, `${Math.round(row.tbtMs)} ms`),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const out = [format(header), `|${widths.map((width, column) => `${'-'.repeat(width + 1)}${column === 0 ? '-' : ':'}`).join('|')}|`, ...lines.map(format)];
  for (const row of rows) {
    if (row.errors.length > 0) out.push('', `${row.page}: not scored: ${row.errors.join('; ')}`);
    if (row.problems.length > 0) out.push('', `${row.page}: audits below 90: ${row.problems.join(', ')}`);
  }
  const short = pagesBelowTarget(rows);
  out.push(
    '',
    short.length === 0
      ? 'Every page meets the targets (Performance, Accessibility and Best Practices 95+, SEO 100).'
      : `Below target (Performance, Accessibility and Best Practices 95+, SEO 100): ${short.join(', ')}.`,
  );
  return out.join('\n');
}
