import { OPERATOR_PAGE_SIZE } from '@tradelist/contract/operator-users';
import { csvChunks } from '@tradelist/pricing/csv';
import type { Cell, Column } from '@tradelist/pricing/layouts';
import type { AppContext } from '../../../context.ts';
import { listDrawEntries, listDrawWinners, listNewsletterSubscribers, listSetupCallRequests } from '../repositories/signup-lists.ts';

/**
 * The operator's lists of the public site's sign-ups (product §10.13): the newsletter, the
 * free-year draw and the setup-call requests, page by page and as CSV files. The files go
 * through the price lists' CSV writer, so a cell that starts with = + - @ (or a tab or CR) is
 * neutralised before a spreadsheet reads it as a formula.
 */

const pageOf = (page: number) => ({ limit: OPERATOR_PAGE_SIZE, offset: (page - 1) * OPERATOR_PAGE_SIZE });
const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const paged = <T>(items: T[], total: number, page: number) => ({ items, total, page, page_size: OPERATOR_PAGE_SIZE });

export async function newsletterPage(ctx: Pick<AppContext, 'db'>, page: number) {
  const { rows, total } = await listNewsletterSubscribers(ctx.db, pageOf(page));
  return paged(rows.map((r) => ({ ...r, subscribed_at: r.subscribed_at.toISOString(), unsubscribed_at: iso(r.unsubscribed_at) })), total, page);
}

export async function drawPage(ctx: Pick<AppContext, 'db'>, page: number) {
  const [{ rows, total }, winners] = await Promise.all([listDrawEntries(ctx.db, pageOf(page)), listDrawWinners(ctx.db)]);
  return {
    ...paged(rows.map((r) => ({ ...r, signed_up_at: r.signed_up_at.toISOString() })), total, page),
    winners: winners.map(presentWinner),
  };
}

export async function setupCallPage(ctx: Pick<AppContext, 'db'>, page: number) {
  const { rows, total } = await listSetupCallRequests(ctx.db, pageOf(page));
  return paged(rows.map((r) => ({ ...r, requested_at: r.requested_at.toISOString() })), total, page);
}

/** A winner as the console shows it. */
export function presentWinner(row: { id: number; email: string; drawn_at: Date; drawn_by_email: string; entries: number }) {
  return { id: row.id, email: row.email, drawn_at: row.drawn_at.toISOString(), drawn_by: row.drawn_by_email, entries: row.entries };
}

const text = (header: string, width = 30): Column => ({ header, kind: 'text', width });

/** A CSV export: its file name (of the day) and its content. */
export interface CsvExport {
  fileName: string;
  content: string;
}

async function csvExport(ctx: Pick<AppContext, 'clock'>, name: string, columns: Column[], rows: Cell[][]): Promise<CsvExport> {
  let content = '';
  for await (const chunk of csvChunks(columns, rows)) content += chunk;
  return { fileName: `tradelist-${name}-${ctx.clock.now().toISOString().slice(0, 10)}.csv`, content };
}

export async function newsletterCsv(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<CsvExport> {
  const { rows } = await listNewsletterSubscribers(ctx.db);
  return csvExport(ctx, 'newsletter', [text('Email'), text('Subscribed at'), text('Unsubscribed at')], rows.map((r) => [r.email, r.subscribed_at.toISOString(), iso(r.unsubscribed_at) ?? '']));
}

export async function drawCsv(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<CsvExport> {
  const [{ rows }, winners] = await Promise.all([listDrawEntries(ctx.db), listDrawWinners(ctx.db)]);
  const wonAt = new Map<string, string>();
  for (const winner of winners) if (!wonAt.has(winner.email)) wonAt.set(winner.email, winner.drawn_at.toISOString());
  return csvExport(ctx, 'free-year-draw', [text('Email'), text('Signed up at'), text('Won at')], rows.map((r) => [r.email, r.signed_up_at.toISOString(), wonAt.get(r.email) ?? '']));
}

export async function setupCallCsv(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<CsvExport> {
  const { rows } = await listSetupCallRequests(ctx.db);
  return csvExport(
    ctx,
    'setup-call-requests',
    [text('Name'), text('Email'), text('Phone'), text('Preferred time'), text('Requested at')],
    rows.map((r) => [r.name, r.email, r.phone ?? '', r.preferred_time, r.requested_at.toISOString()]),
  );
}
