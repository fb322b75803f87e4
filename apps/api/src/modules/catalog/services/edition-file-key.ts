import { createHash } from 'node:crypto';
import type { PricingRules } from '@tradelist/pricing/rules';
import type { AllowedDownload } from './download-edition.ts';

/**
 * The version of the generated files' bytes. A stored file is reused only under the same
 * version, so bump it whenever the writers (packages/pricing) or the rows change their output;
 * edition-file-key.test.ts fails until you do, by comparing the writers' output to a fingerprint.
 */
export const EDITION_FILE_VERSION = 4;

/** The version of the edition templates' bytes (packages/pricing file-template.ts): bump it when they change (3: each row's SKU and group; 4: the .xlsx's shared strings). */
export const EDITION_TEMPLATE_VERSION = 4;

/** The edition's id, code, creation time and item count: what stands for its rows. */
function editionIdentity(collection: AllowedDownload['collection']): unknown[] {
  return [collection.id, collection.collection_id, new Date(collection.created_at).toISOString(), collection.item_count];
}

/** The rules as one canonical text: every field in the engine's order, so equal rules give equal text. */
function pricingRulesKey(rules: PricingRules): unknown[] {
  return [
    rules.bands.map((band) => [band.fromCents, band.markupBp]),
    rules.groupMarkups.map((entry) => [entry.group, entry.markupBp]),
    rules.itemOverrides.map((entry) => [entry.sku, entry.kind, entry.kind === 'markup' ? entry.markupBp : entry.kind === 'price' ? entry.priceCents : null]),
    rules.ending,
    rules.minPriceCents,
    rules.minMarginCents,
    rules.taxBp,
  ];
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
 * profile's whole rules (bands, overrides, ending, minimums, tax) and the QuickBooks texts are
 * hashed by value, so any change to a profile gives a new name, and users with the same rules
 * share one file (it holds nothing else of theirs: the file's name is not part of its bytes).
 * A Changes file also depends on the previous edition it compares with, which is hashed the same
 * way, so a new previous edition (or none) gives a new name.
 */
export function editionFileKey(download: AllowedDownload): string {
  const { collection, previousCollection: previous, profile } = download;
  const inputs = [
    EDITION_FILE_VERSION,
    ...editionIdentity(collection),
    download.format,
    download.layout,
    pricingRulesKey(profile.rules),
    download.inventoryOption,
    download.incomeType,
    previous ? editionIdentity(previous) : null,
  ];
  return `${collection.id}-${sha256(inputs)}.${download.format}`;
}
