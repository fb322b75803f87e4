import { Readable } from 'node:stream';
import { downloadMediaTypes } from '@tradelist/contract/catalog';
import { csvChunks } from '@tradelist/pricing/csv';
import { contentDisposition } from '@tradelist/pricing/file-names';
import { columnsFor, createChangeRowBuilder, createRowBuilder, noPreviousEditionRow, type Cell, type ChangedProductInput, type ProductLayout } from '@tradelist/pricing/layouts';
import { xlsxStream } from '@tradelist/pricing/xlsx';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { pagesOf } from '../../../lib/pages.ts';
import { countDifferingItems } from '../repositories/edition-changes.ts';
import { copyPageOfChangedProducts, copyPageOfProducts, copyPageOfRemovedProducts, type ChangedProductRow } from '../repositories/products.ts';
import type { AllowedDownload } from './download-edition.ts';
import { editionFileKey } from './edition-file-key.ts';
import { runEditionFileWorker } from './edition-file-off-thread.ts';
import { editionFileCache } from './edition-file-store.ts';
import { afterFullPage, PAGE_SIZE, productPages } from './edition-pages.ts';
import { buildEditionTemplateLater, openEditionTemplate } from './edition-templates.ts';
import { productInput } from './product-input.ts';

const CONTENT_TYPES = {
  csv: `${downloadMediaTypes.csv}; charset=utf-8`,
  xlsx: downloadMediaTypes.xlsx,
} as const;

/** The rows of a streamed file: how many it will have, and how many have been written so far. */
export interface RowProgress {
  expected: number;
  written: () => number;
}

/**
 * The file of an allowed download: its headers, its bytes, and either its size (served from
 * storage, so a Content-Length can be sent) or, streamed as it is generated, its rows.
 */
export type EditionFile = { contentType: string; contentDisposition: string; body: Readable } & FileLength;

/** How long a file is: its size in bytes when known in advance, otherwise its rows. */
export type FileLength = { size: number; rows?: undefined } | { size?: undefined; rows: RowProgress };

/** The edition's rows priced by the profile's rules, read page by page with COPY. */
async function* editionRows(db: Db, download: AllowedDownload, layout: ProductLayout): AsyncGenerator<Cell[]> {
  const build = createRowBuilder(layout, download.profile.rules, {
    inventoryOption: download.inventoryOption,
    incomeType: download.incomeType,
  });
  const collectionId = download.collection.id;
  for await (const page of pagesOf((afterId) => copyPageOfProducts(db, collectionId, afterId, PAGE_SIZE), afterFullPage)) {
    for (const product of page) yield build(productInput(product));
  }
}

function changedInput(row: ChangedProductRow): ChangedProductInput {
  return { sku: row.sku, name: row.name, unit: row.unit, group: row.group_name, previousCostCents: row.previous_cost_cents, costCents: row.cost_cents };
}

/**
 * The Changes layout's rows (product §10.16): the edition's new products and those at another
 * cost, in list order, then the previous edition's products that are gone. Without a previous
 * edition there is nothing to compare, and the file says so in its only row.
 */
async function* changeRows(db: Db, download: AllowedDownload): AsyncGenerator<Cell[]> {
  const previous = download.previousCollection;
  if (!previous) {
    yield noPreviousEditionRow();
    return;
  }
  const build = createChangeRowBuilder(download.profile.rules);
  const collectionId = download.collection.id;
  for await (const page of pagesOf((afterId) => copyPageOfChangedProducts(db, collectionId, previous.id, afterId, PAGE_SIZE), afterFullPage)) {
    for (const row of page) yield build(changedInput(row));
  }
  for await (const page of pagesOf((afterId) => copyPageOfRemovedProducts(db, collectionId, previous.id, afterId, PAGE_SIZE), afterFullPage)) {
    for (const row of page) yield build(changedInput(row));
  }
}

/** The same rows, telling `onRow` of each one as it is handed to the writer. */
async function* counted(rows: AsyncGenerator<Cell[]>, onRow: () => void): AsyncGenerator<Cell[]> {
  for await (const row of rows) {
    onRow();
    yield row;
  }
}

/**
 * How many rows (after the header) a download's file has: the edition's items, or for the
 * Changes layout its new, re-priced and removed items (one row when there is nothing to compare).
 */
async function countFileRows(db: Db, download: AllowedDownload): Promise<number> {
  if (download.layout !== 'changes') return download.collection.item_count;
  if (!download.previousCollection) return 1;
  return countDifferingItems(db, download.collection.id, download.previousCollection.id);
}

/** The .xlsx sheet's tab name and ZIP time stamp for a download (see generateEditionFile). */
function xlsxOptionsFor(download: AllowedDownload): { sheetName: string; modifiedAt: Date } {
  return { sheetName: download.layout === 'changes' ? 'Changes' : 'Price list', modifiedAt: new Date(`${download.collection.rundate}T00:00:00Z`) };
}

/**
 * A fresh generation of the file's bytes, streamed as they are written. The .xlsx entries are
 * stamped with the edition's run date, not the time of writing, so that every generation of the
 * same file has the same bytes, stored or not.
 */
export function generateEditionFile(db: Db, download: AllowedDownload, onRow: () => void = () => undefined): Readable {
  const columns = columnsFor(download.layout);
  const rows = counted(download.layout === 'changes' ? changeRows(db, download) : editionRows(db, download, download.layout), onRow);
  if (download.format === 'csv') return Readable.from(csvChunks(columns, rows), { objectMode: false });
  return xlsxStream(columns, rows, xlsxOptionsFor(download));
}

/** Hands over work to do once the file being written has been served (`openEditionFile`). */
type AfterServed = (work: () => void) => void;

/**
 * A user's file of a product layout, written on a worker thread (decision 0043): filled from the
 * edition's template in this machine's store, or, when the store has none yet, by the plain
 * writers from the database; the template is then written for the next users once this file has
 * been served, so that it does not compete with it.
 */
async function* userFileOffThread(ctx: AppContext, download: AllowedDownload & { layout: ProductLayout }, afterServed: AfterServed): AsyncGenerator<Buffer> {
  const { format, layout, collection } = download;
  const { sheetName, modifiedAt } = xlsxOptionsFor(download);
  const user = { rules: download.profile.rules, rowOptions: { inventoryOption: download.inventoryOption, incomeType: download.incomeType }, sheetName, modifiedAt: modifiedAt.toISOString() };
  const template = await openEditionTemplate(ctx, collection, format, layout);
  if (template) {
    yield* runEditionFileWorker({ kind: 'fill', format, layout, user }, template.body);
    return;
  }
  yield* runEditionFileWorker({ kind: 'plain', format, layout, user }, productPages(ctx.db, collection.id));
  afterServed(() => buildEditionTemplateLater(ctx, collection, format, layout));
}

/** The bytes to store for a download: written on a worker thread, or for Changes generated. */
function produceEditionFile(ctx: AppContext, download: AllowedDownload, afterServed: AfterServed): Readable {
  const { layout } = download;
  if (layout === 'changes') return generateEditionFile(ctx.db, download);
  return Readable.from(userFileOffThread(ctx, { ...download, layout }, afterServed), { objectMode: false });
}

/**
 * The name of a download's file: the edition's name; the Changes file is named apart from the
 * price list, which may sit beside it; a profile other than the default names itself
 * ("Electrical November 2026 - Commercial").
 */
export function downloadName(download: Pick<AllowedDownload, 'collection' | 'layout' | 'profile'>): string {
  const base = download.layout === 'changes' ? `${download.collection.name} — Changes` : download.collection.name;
  return download.profile.isDefault ? base : `${base} - ${download.profile.name}`;
}

/**
 * The file of an allowed download. The first request for an edition under given markups, format
 * and layout writes the file to storage and serves it from there, with its size; later requests
 * serve the stored file. When the cache is off or storage fails, the file is streamed as it is
 * generated. Nothing here counts or logs the download: the caller has done that. `signal` tells
 * that the client went away: a first generation that nobody else waits for then stops.
 */
export async function openEditionFile(ctx: AppContext, download: AllowedDownload, signal?: AbortSignal): Promise<EditionFile> {
  const headers = {
    contentType: CONTENT_TYPES[download.format],
    contentDisposition: contentDisposition(downloadName(download), download.format),
  };
  // The metrics count where each file came from and how long a generation took (docs/production.md).
  let generated = false;
  const started = performance.now();
  let afterServed: (() => void) | undefined;
  const stored = await editionFileCache(ctx.config, ctx.log).get(
    editionFileKey(download),
    () => {
      generated = true;
      return produceEditionFile(ctx, download, (work) => (afterServed = work));
    },
    signal,
  );
  if (stored) {
    if (afterServed) stored.body.once('close', afterServed);
    if (generated) ctx.metrics.downloadGenerated(download.format, 'miss', performance.now() - started);
    ctx.metrics.download(generated ? 'miss' : 'hit');
    return { ...headers, body: stored.body, size: stored.size };
  }
  const expected = await countFileRows(ctx.db, download);
  let written = 0;
  const streamStarted = performance.now();
  const body = generateEditionFile(ctx.db, download, () => {
    written += 1;
  });
  ctx.metrics.download('streamed');
  body.once('end', () => ctx.metrics.downloadGenerated(download.format, 'streamed', performance.now() - streamStarted));
  return { ...headers, body, rows: { expected, written: () => written } };
}
