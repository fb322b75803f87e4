import { createHash } from 'node:crypto';
import type { AllowedDownload } from './download-edition.ts';

/**
 * The version of the generated files' bytes. A stored file is reused only under the same
 * version, so bump it whenever the writers (packages/pricing) or the rows change their output;
 * edition-file-key.test.ts fails until you do, by comparing the writers' output to a fingerprint.
 */
export const EDITION_FILE_VERSION = 3;

/** The version of the edition templates' bytes (packages/pricing file-template.ts): bump it when they change. */
export const EDITION_TEMPLATE_VERSION = 2;

/** The edition's id, code, creation time and item count: what stands for its rows. */
function editionIdentity(collection: AllowedDownload['collection']): unknown[] {
  return [collection.id, collection.collection_id, new Date(collection.created_at).toISOString(), collection.item_count];
}

const sha256 = (inputs: unknown[]) => createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 40);

/**
 * The name an edition's template (decision 0043) is stored under, beside the generated files: a
 * hash of the template and file versions, the edition, the format and the layout. It holds nothing
 * of a user's, so every user's file of that edition, format and layout is filled from it.
 */
export function editionTemplateKey(download: Pick<AllowedDownload, 'collection' | 'format' | 'layout'>): string {
  const hash = sha256([EDITION_TEMPLATE_VERSION, EDITION_FILE_VERSION, ...editionIdentity(download.collection), download.format, download.layout]);
  return `${download.collection.id}-${hash}.${download.format}-template`;
}

/**
 * The name a generated file is stored under: a hash of everything its bytes depend on. An edition
 * never changes after publication, so its id, code, creation time and item count stand for its
 * rows (the creation time also tells a new database that reused an id from an old one). The
 * user's markups, tax and QuickBooks texts are hashed by value, so saving new markups gives a
 * new name, and users with the same markups share one file (it holds nothing else of theirs).
 * A Changes file also depends on the previous edition it compares with, which is hashed the same
 * way, so a new previous edition (or none) gives a new name.
 */
export function editionFileKey(download: AllowedDownload): string {
  const { collection, previousCollection: previous, markups } = download;
  const inputs = [
    EDITION_FILE_VERSION,
    ...editionIdentity(collection),
    download.format,
    download.layout,
    markups.markup1_10,
    markups.markup11_20,
    markups.markup21_50,
    markups.markup51_150,
    markups.markup151_500,
    markups.markup501,
    markups.tax,
    download.inventoryOption,
    download.incomeType,
    previous ? editionIdentity(previous) : null,
  ];
  return `${collection.id}-${sha256(inputs)}.${download.format}`;
}
