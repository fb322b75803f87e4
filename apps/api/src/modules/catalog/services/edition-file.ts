import { Readable } from 'node:stream';
import { csvChunks } from '@tradelist/pricing/csv';
import { contentDisposition } from '@tradelist/pricing/file-names';
import { columnsFor, createRowBuilder, type Cell } from '@tradelist/pricing/layouts';
import { xlsxStream } from '@tradelist/pricing/xlsx';
import type { Db } from '../../../db/database.ts';
import { pageOfProducts } from '../repositories/products.ts';
import type { AllowedDownload } from './download-edition.ts';

const PAGE_SIZE = 2_000;
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The edition's rows with the user's markups applied, read page by page (keyset pagination) so
 * that memory holds two pages whatever the size of the list. The next page is fetched while the
 * current one is being written, so the database and the writer work at the same time.
 */
async function* editionRows(db: Db, download: AllowedDownload): AsyncGenerator<Cell[]> {
  const build = createRowBuilder(download.layout, download.markups, {
    inventoryOption: download.inventoryOption,
    incomeType: download.incomeType,
  });
  const collectionId = download.collection.id;
  let page = await pageOfProducts(db, collectionId, 0, PAGE_SIZE);
  while (page.length > 0) {
    const next = page.length === PAGE_SIZE ? pageOfProducts(db, collectionId, page[page.length - 1]!.id, PAGE_SIZE) : Promise.resolve([]);
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

/** The file of an allowed download: its headers and a stream of its bytes. */
export function editionFile(db: Db, download: AllowedDownload): { contentType: string; contentDisposition: string; body: Readable } {
  const columns = columnsFor(download.layout);
  const rows = editionRows(db, download);
  return {
    contentType: CONTENT_TYPES[download.format],
    contentDisposition: contentDisposition(download.collection.name, download.format),
    body: download.format === 'csv' ? Readable.from(csvChunks(columns, rows), { objectMode: false }) : xlsxStream(columns, rows, { sheetName: 'Price list' }),
  };
}
