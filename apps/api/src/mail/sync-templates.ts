import { formatUsd } from '@tradelist/pricing/money';
import { escapeHtml, frame, type MailContent } from './templates.ts';

/** A link of an email: its words and its address. */
interface MailLink {
  label: string;
  url: string;
}

const AUTOMATIC_FOOTER = 'You received this email because "Keep prices current automatically each month" is on for this connection in your Tradelist settings.';

const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;

/** A list after the paragraphs: its lines as text and as HTML (already escaped). */
interface MailList {
  text: string;
  html: string;
}

/** Paragraphs, then a list if any, then links, as text and as HTML. */
function syncMail(kind: string, subject: string, paragraphs: string[], links: MailLink[], list?: MailList): MailContent {
  const text = [
    ...paragraphs,
    ...(list ? [list.text] : []),
    ...links.map((link) => `${link.label}: ${link.url}`),
    '— Tradelist',
    AUTOMATIC_FOOTER,
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = [
    ...paragraphs.map(paragraph),
    ...(list ? [list.html] : []),
    ...links.map((link) => `<p style="margin:0 0 12px"><a href="${escapeHtml(link.url)}" style="color:#f26b1d;font-weight:600">${escapeHtml(link.label)}</a></p>`),
  ].join('');
  return { kind, subject, text, html: frame(html, undefined, AUTOMATIC_FOOTER) };
}

/** An item an automatic sync held back: our price, the price in the user's software (null: not a whole number of cents, or changed there during the sync), and why. */
export interface HeldBackLine {
  sku: string;
  name: string;
  reason: 'down' | 'edited';
  ourCents: number;
  theirCents: number | null;
}

/**
 * The items held back, as many as the sync kept (the largest changes), then "and N more" for the
 * rest of the `count`: SKU, name, our price, theirs, and why.
 */
function heldBackList(providerName: string, items: HeldBackLine[], count: number): MailList {
  const why = (item: HeldBackLine) => (item.reason === 'down' ? 'would go down' : `edited in ${providerName}`);
  const theirs = (item: HeldBackLine) => (item.theirCents === null ? '—' : formatUsd(item.theirCents));
  const more = count - items.length;
  const moreText = more > 0 ? `and ${more.toLocaleString('en-US')} more` : '';
  const text = [...items.map((item) => `- ${item.sku} ${item.name}: ours ${formatUsd(item.ourCents)}, ${providerName} ${theirs(item)} (${why(item)})`), ...(moreText ? [moreText] : [])].join('\n');
  const pad = 'padding:4px 8px;border-bottom:1px solid #e5e5e5';
  const cell = `${pad};text-align:left`;
  const money = `${pad};text-align:right;white-space:nowrap`;
  const rows = items
    .map((item) => `<tr><td style="${cell}">${escapeHtml(item.sku)}</td><td style="${cell}">${escapeHtml(item.name)}</td><td style="${money}">${formatUsd(item.ourCents)}</td><td style="${money}">${theirs(item)}</td><td style="${cell}">${escapeHtml(why(item))}</td></tr>`)
    .join('');
  const head = `<tr><th style="${cell}">SKU</th><th style="${cell}">Item</th><th style="${money}">Our price</th><th style="${money}">In ${escapeHtml(providerName)}</th><th style="${cell}">Why</th></tr>`;
  const html = `<table style="border-collapse:collapse;margin:0 0 16px;font-size:14px">${head}${rows}</table>${moreText ? `<p style="margin:0 0 16px">${escapeHtml(moreText)}</p>` : ''}`;
  return { text, html };
}

/**
 * After an automatic sync of a new edition (product §10.22): what it created, updated and found
 * already current, and how many items it held back (a price that would go down, an item edited
 * in the user's software), naming the largest (`heldBackItems`, up to 20) and counting the rest,
 * with a link to the sync's record and to a preview of the same edition, where what was held
 * back shows and can be approved.
 */
export function automaticSyncDoneMail(
  name: string,
  sync: { providerName: string; editionName: string; categoryName: string; created: number; updated: number; unchanged: number; heldBack: number; heldBackItems: HeldBackLine[]; failed: number; recordUrl: string; previewUrl: string },
): MailContent {
  const paragraphs = [
    `Hi ${name},`,
    `We synced ${sync.editionName} of the ${sync.categoryName} list to ${sync.providerName} for you.`,
    `${items(sync.created)} created, ${items(sync.updated)} updated, ${items(sync.unchanged)} already current${sync.failed > 0 ? `; ${items(sync.failed)} refused by ${sync.providerName} (see the record)` : ''}.`,
    sync.heldBack > 0
      ? `Held back: ${items(sync.heldBack)}, left as they are in ${sync.providerName}. We never lower a price and never overwrite an item you edited in ${sync.providerName} on our own; preview the sync to see them and approve the ones you want.`
      : 'Nothing was held back.',
  ];
  const links = [{ label: 'See the record of this sync', url: sync.recordUrl }];
  if (sync.heldBack > 0) links.push({ label: 'Preview what was held back', url: sync.previewUrl });
  const list = sync.heldBack > 0 && sync.heldBackItems.length > 0 ? heldBackList(sync.providerName, sync.heldBackItems, sync.heldBack) : undefined;
  return syncMail('automatic-sync-done', `${sync.editionName} is in ${sync.providerName}`, paragraphs, links, list);
}

/**
 * An automatic sync that could not run or failed (product §10.22): the reason and how to fix it
 * (connect again; sync from the catalog later; or, when another sync kept the connection busy,
 * once that one has finished). Sent once; nothing is retried until the next edition.
 */
export function automaticSyncFailedMail(
  name: string,
  failure: { providerName: string; editionName: string; categoryName: string; reason: string; fix: { kind: 'reconnect' | 'retry' | 'wait'; url: string } },
): MailContent {
  const fixes = {
    reconnect: `To fix it, connect ${failure.providerName} again in your settings, then sync this edition from your catalog. We will not try again on our own; the next edition is synced automatically once you are connected.`,
    retry: `This is usually brief. Sync this edition from your catalog when you are ready; we will not try again on our own, and the next edition is synced automatically.`,
    wait: `We do not run two syncs to ${failure.providerName} at once, so we waited for that one, and we will not try again on our own. Once it has finished, sync this edition from your catalog; the next edition is synced automatically.`,
  };
  const paragraphs = [`Hi ${name},`, `We could not sync ${failure.editionName} of the ${failure.categoryName} list to ${failure.providerName}: ${failure.reason}`, fixes[failure.fix.kind]];
  const link = failure.fix.kind === 'reconnect' ? { label: `Connect ${failure.providerName} again`, url: failure.fix.url } : { label: 'Open your catalog', url: failure.fix.url };
  return syncMail('automatic-sync-failed', `We could not sync ${failure.editionName} to ${failure.providerName}`, paragraphs, [link]);
}
