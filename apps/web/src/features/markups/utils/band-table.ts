import { defaultBandStarts, MAX_BANDS } from '@tradelist/pricing/rules';
import { centsToDecimal, parseDollars, type Cents } from '@tradelist/pricing/money';

/**
 * One band of the markup table as typed: where it starts, in dollars ("10.01"), and its markup
 * in percent ('' is empty, i.e. 0 %). A band runs from its start to the next band's start less
 * one cent; the first starts at $0.00.
 */
export interface BandDraft {
  from: string;
  markup: string;
}

/** The six bands of product §9 with empty markups: what a new account starts from. */
export function defaultBandDrafts(): BandDraft[] {
  return defaultBandStarts.map((cents) => ({ from: centsToDecimal(cents), markup: '' }));
}

const startOf = (band: BandDraft | undefined): Cents | null => (band === undefined ? null : parseDollars(band.from, { plain: true }));

/**
 * Where a new band would start inside band `index`: halfway to the next band's start, or, in the
 * top band, as far above its start as its start is whole dollars (at least $10.00 above). Null
 * when the band cannot be split: too narrow, an unreadable start, or the table is full.
 */
export function splitPoint(bands: readonly BandDraft[], index: number): Cents | null {
  if (bands.length >= MAX_BANDS) return null;
  const start = startOf(bands[index]);
  if (start === null) return null;
  if (index === bands.length - 1) return start + Math.max(start - (start % 100), 10_00);
  const next = startOf(bands[index + 1]);
  if (next === null || next - start < 2) return null;
  return start + Math.floor((next - start) / 2);
}

/** Band `index` split in two at `splitPoint`; both halves keep its markup. Unchanged when it cannot be split. */
export function splitBand(bands: readonly BandDraft[], index: number): BandDraft[] {
  const at = splitPoint(bands, index);
  if (at === null) return [...bands];
  const band = bands[index]!;
  return [...bands.slice(0, index + 1), { from: centsToDecimal(at), markup: band.markup }, ...bands.slice(index + 1)];
}

/** A band added above the top one (the top band split): its start is `splitPoint` of the top band. */
export function addBand(bands: readonly BandDraft[]): BandDraft[] {
  return splitBand(bands, bands.length - 1);
}

/** Band `index` and the one above it made one, with band `index`'s start and markup. Unchanged for the top band. */
export function mergeWithNext(bands: readonly BandDraft[], index: number): BandDraft[] {
  if (index < 0 || index >= bands.length - 1) return [...bands];
  return [...bands.slice(0, index + 1), ...bands.slice(index + 2)];
}

/**
 * Band `index` removed: the band below it takes its costs; when the first band goes, the next
 * one starts at $0.00. A table keeps at least one band.
 */
export function removeBand(bands: readonly BandDraft[], index: number): BandDraft[] {
  if (bands.length <= 1 || index < 0 || index >= bands.length) return [...bands];
  const rest = [...bands.slice(0, index), ...bands.slice(index + 1)];
  if (index === 0) rest[0] = { ...rest[0]!, from: centsToDecimal(0) };
  return rest;
}

/**
 * The costs a band covers, in contractors' words: "Items costing up to $10.00", "$10.01 – $20.00",
 * "Over $500.00" (a band ends at the next band's start less one cent); "Every item" for a table
 * of one band; "Band 3" while a start cannot be read or is not above the one before.
 */
export function bandRangeLabel(bands: readonly BandDraft[], index: number, format: (cents: Cents) => string): string {
  const start = index === 0 ? 0 : startOf(bands[index]);
  const next = index === bands.length - 1 ? null : startOf(bands[index + 1]);
  const previous = index === 0 ? null : startOf(bands[index - 1]);
  if (start === null || (previous !== null && start <= previous) || (index > 0 && previous === null)) return `Band ${index + 1}`;
  if (index === bands.length - 1) return index === 0 ? 'Every item' : `Over ${format(start - 1)}`;
  if (next === null || next <= start) return `Band ${index + 1}`;
  return index === 0 ? `Items costing up to ${format(next - 1)}` : `${format(start)} – ${format(next - 1)}`;
}
