import path from 'node:path';
import { Readable } from 'node:stream';
import { downloadMediaTypes } from '@tradelist/contract/catalog';
import { csvChunks } from '@tradelist/pricing/csv';
import { contentDisposition } from '@tradelist/pricing/file-names';
import { columnsFor, createRowBuilder, type Cell } from '@tradelist/pricing/layouts';
import { xlsxStream } from '@tradelist/pricing/xlsx';
import type { Config } from '../../../config/env.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { FileCache } from '../../../lib/file-cache.ts';
import { copyPageOfProducts } from '../repositories/products.ts';
import type { AllowedDownload } from './download-edition.ts';
import { editionFileKey } from './edition-file-key.ts';

// Rows per COPY: 5,000 rows are about 0.9 MB of text; on PGlite one page holds the event loop
// for some tens of milliseconds.
const PAGE_SIZE = 5_000;
const CONTENT_TYPES = {
  csv: `${downloadMediaTypes.csv}; charset=utf-8`,
  xlsx: downloadMediaTypes.xlsx,
} as const;

/** The file of an allowed download: its headers, its bytes, and its size when it is known in advance. */
export interface EditionFile {
  contentType: string;
  contentDisposition: string;
  body: Readable;
  /** Set when the file is served from storage, so a Content-Length can be sent. */
  size?: number;
}

/**
 * The edition's rows with the user's markups applied, read page by page (keyset pagination with
 * COPY) so that memory holds two pages whatever the size of the list. The next page is fetched
 * while the current one is being written, so the database and the writer work at the same time.
 */
async function* editionRows(db: Db, download: AllowedDownload): AsyncGenerator<Cell[]> {
  const build = createRowBuilder(download.layout, download.markups, {
    inventoryOption: download.inventoryOption,
    incomeType: download.incomeType,
  });
  const collectionId = download.collection.id;
  let page = await copyPageOfProducts(db, collectionId, 0, PAGE_SIZE);
  while (page.length > 0) {
    const next = page.length === PAGE_SIZE ? copyPageOfProducts(db, collectionId, page[page.length - 1]!.id, PAGE_SIZE) : Promise.resolve([]);
    // A failed prefetch is reported when it is awaited below, not as an unhandled rejection.
    next.catch(() => undefined);
    for (const product of page) {
      yield build({
        sku: product.sku,
        name: product.name,
        description: product.description,
        unit: product.unit,
        group: product.group_name,
        costCents: product.cost_cents,
      });
    }
    page = await next;
  }
}

/**
 * A fresh generation of the file's bytes, streamed as they are written. The .xlsx entries are
 * stamped with the edition's run date, not the time of writing, so that every generation of the
 * same file has the same bytes, stored or not.
 */
export function generateEditionFile(db: Db, download: AllowedDownload): Readable {
  const columns = columnsFor(download.layout);
  const rows = editionRows(db, download);
  if (download.format === 'csv') return Readable.from(csvChunks(columns, rows), { objectMode: false });
  return xlsxStream(columns, rows, { sheetName: 'Price list', modifiedAt: new Date(`${download.collection.rundate}T00:00:00Z`) });
}

const caches = new Map<string, FileCache>();

/** The store of generated files under DATA_DIR/files (one per directory, shared by every request). */
export function editionFileCache(config: Config, log: AppContext['log']): FileCache {
  const dir = path.join(config.dataDir, 'files');
  let cache = caches.get(dir);
  if (!cache) {
    cache = new FileCache({
      dir,
      maxBytes: config.fileCacheMaxBytes,
      onStoreError: (error, key) => log.warn({ err: error, key }, 'a generated file could not be stored; it is streamed instead'),
    });
    caches.set(dir, cache);
  }
  return cache;
}

/**
 * The file of an allowed download. The first request for an edition under given markups, format
 * and layout writes the file to storage and serves it from there, with its size; later requests
 * serve the stored file. When the cache is off or storage fails, the file is streamed as it is
 * generated. Nothing here counts or logs the download: the caller has done that.
 */
export async function openEditionFile(ctx: AppContext, download: AllowedDownload): Promise<EditionFile> {
  const headers = {
    contentType: CONTENT_TYPES[download.format],
    contentDisposition: contentDisposition(download.collection.name, download.format),
  };
  const stored = await editionFileCache(ctx.config, ctx.log).get(editionFileKey(download), () => generateEditionFile(ctx.db, download));
  if (stored) return { ...headers, body: stored.body, size: stored.size };
  return { ...headers, body: generateEditionFile(ctx.db, download) };
}
