import { escapeHtml, formatMoney, frame, type MailContent } from './templates.ts';

/** An item an automatic sync left as it was in the user's software, with its price there and the list's. */
export interface HeldBackItem {
  name: string;
  sku: string;
  /** The price in the user's software, which was kept. */
  keptCents: number;
  /** The price of the new edition, with the user's markups, which was not written. */
  listCents: number;
}

/** A link of an email: its words and its address. */
interface MailLink {
  label: string;
  url: string;
}

/** How many held-back items an email lists by name (the preview lists them all). */
export const HELD_BACK_LISTED = 10;

const AUTOMATIC_FOOTER = 'You received this email because "Keep prices current automatically each month" is on for this connection in your Tradelist settings.';

const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;

/** Paragraphs, then a list of lines under a heading each, then links, as text and as HTML. */
function syncMail(kind: string, subject: string, paragraphs: string[], lists: Array<{ heading: string; lines: string[] }>, links: MailLink[]): MailContent {
  const text = [
    ...paragraphs,
    ...lists.map((list) => [list.heading, ...list.lines.map((line) => `- ${line}`)].join('\n')),
    ...links.map((link) => `${link.label}: ${link.url}`),
    '— Tradelist',
    AUTOMATIC_FOOTER,
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = [
    ...paragraphs.map(paragraph),
    ...lists.map((list) => `${paragraph(list.heading)}<ul style="margin:0 0 16px;padding-left:20px">${list.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`),
    ...links.map((link) => `<p style="margin:0 0 12px"><a href="${escapeHtml(link.url)}" style="color:#f26b1d;font-weight:600">${escapeHtml(link.label)}</a></p>`),
  ].join('');
  return { kind, subject, text, html: frame(html, undefined, AUTOMATIC_FOOTER) };
}

function heldBackLines(held: HeldBackItem[], total: number): string[] {
  const lines = held.slice(0, HELD_BACK_LISTED).map((item) => `${item.name} (${item.sku}): kept at ${formatMoney(item.keptCents, 'usd')}, the list says ${formatMoney(item.listCents, 'usd')}`);
  if (total > lines.length) lines.push(`and ${items(total - lines.length)} more`);
  return lines;
}

/**
 * After an automatic sync of a new edition (product §10.22): what it created, updated and left
 * alone, and what it held back (price decreases, items edited in the user's software), with a
 * link to the sync's record and to a preview where the user can approve what was held back.
 */
export function automaticSyncDoneMail(
  name: string,
  sync: {
    providerName: string;
    editionName: string;
    categoryName: string;
    created: number;
    updated: number;
    leftAlone: number;
    failed: number;
    decreases: { items: HeldBackItem[]; total: number };
    edited: { items: HeldBackItem[]; total: number };
    recordUrl: string;
    previewUrl: string;
  },
): MailContent {
  const paragraphs = [
    `Hi ${name},`,
    `We synced ${sync.editionName} of the ${sync.categoryName} list to ${sync.providerName} for you.`,
    `${items(sync.created)} created, ${items(sync.updated)} updated, ${items(sync.leftAlone)} left alone${sync.failed > 0 ? `; ${items(sync.failed)} refused by ${sync.providerName} (see the record)` : ''}.`,
  ];
  const lists: Array<{ heading: string; lines: string[] }> = [];
  if (sync.decreases.total > 0) lists.push({ heading: `Held back: ${items(sync.decreases.total)} whose price went down. We never lower a price on our own.`, lines: heldBackLines(sync.decreases.items, sync.decreases.total) });
  if (sync.edited.total > 0) lists.push({ heading: `Held back: ${items(sync.edited.total)} edited in ${sync.providerName} since our last sync. We never overwrite your edits on our own.`, lines: heldBackLines(sync.edited.items, sync.edited.total) });
  if (lists.length === 0) paragraphs.push('Nothing was held back.');
  const links = [{ label: 'See the record of this sync', url: sync.recordUrl }];
  if (lists.length > 0) links.push({ label: 'Review what was held back', url: sync.previewUrl });
  return syncMail('automatic-sync-done', `${sync.editionName} is in ${sync.providerName}`, paragraphs, lists, links);
}

/**
 * An automatic sync that could not run or failed (product §10.22): the reason and how to fix it.
 * Sent once; nothing is retried until the next edition.
 */
export function automaticSyncFailedMail(
  name: string,
  failure: { providerName: string; editionName: string; categoryName: string; reason: string; fix: { kind: 'reconnect' | 'retry'; url: string } },
): MailContent {
  const paragraphs = [
    `Hi ${name},`,
    `We could not sync ${failure.editionName} of the ${failure.categoryName} list to ${failure.providerName}: ${failure.reason}`,
    failure.fix.kind === 'reconnect'
      ? `To fix it, connect ${failure.providerName} again in your settings, then sync this edition from your catalog. We will not try again on our own; the next edition is synced automatically once you are connected.`
      : `This is usually brief. Sync this edition from your catalog when you are ready; we will not try again on our own, and the next edition is synced automatically.`,
  ];
  const link = failure.fix.kind === 'reconnect' ? { label: `Connect ${failure.providerName} again`, url: failure.fix.url } : { label: 'Open your catalog', url: failure.fix.url };
  return syncMail('automatic-sync-failed', `We could not sync ${failure.editionName} to ${failure.providerName}`, paragraphs, [], [link]);
}
