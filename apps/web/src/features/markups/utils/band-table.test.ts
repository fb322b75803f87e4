import { formatUsd } from '@tradelist/pricing/money';
import { MAX_BANDS } from '@tradelist/pricing/rules';
import { describe, expect, it } from 'vitest';
import { addBand, bandRangeLabel, defaultBandDrafts, mergeWithNext, removeBand, splitBand, splitPoint, type BandDraft } from './band-table';

const table = (...starts: string[]): BandDraft[] => starts.map((from, index) => ({ from, markup: String((index + 1) * 10) }));
const starts = (bands: BandDraft[]) => bands.map((band) => band.from);

describe('the default table', () => {
  it('is the six bands of product §9, with empty markups', () => {
    expect(defaultBandDrafts()).toEqual([
      { from: '0.00', markup: '' },
      { from: '10.01', markup: '' },
      { from: '20.01', markup: '' },
      { from: '50.01', markup: '' },
      { from: '150.01', markup: '' },
      { from: '500.01', markup: '' },
    ]);
  });
});

describe('splitBand', () => {
  it('splits a band halfway to the next start; both halves keep its markup', () => {
    const split = splitBand(table('0.00', '10.01', '20.01'), 1);
    expect(split).toEqual([
      { from: '0.00', markup: '10' },
      { from: '10.01', markup: '20' },
      { from: '15.01', markup: '20' },
      { from: '20.01', markup: '30' },
    ]);
  });

  it('splits the top band as far above its start as its whole dollars, at least $10.00', () => {
    expect(starts(splitBand(table('0.00', '500.01'), 1))).toEqual(['0.00', '500.01', '1000.01']);
    expect(starts(splitBand(table('0.00'), 0))).toEqual(['0.00', '10.00']);
    expect(starts(splitBand(table('0.00', '3.00'), 1))).toEqual(['0.00', '3.00', '13.00']);
  });

  it('leaves a band of one cent, an unreadable start and a full table as they are', () => {
    expect(splitPoint(table('0.00', '0.01'), 0)).toBeNull();
    expect(splitPoint(table('0.00', 'ten', '20.00'), 1)).toBeNull();
    expect(splitPoint(table('0.00', '0.02'), 0)).toBe(1);
    const full = Array.from({ length: MAX_BANDS }, (_, index) => ({ from: String(index), markup: '' }));
    expect(splitBand(full, 3)).toEqual(full);
    expect(addBand(full)).toHaveLength(MAX_BANDS);
  });
});

describe('addBand', () => {
  it('adds a band above the top one, with its markup', () => {
    expect(addBand(defaultBandDrafts()).at(-1)).toEqual({ from: '1000.01', markup: '' });
    expect(addBand(table('0.00', '10.01'))).toEqual([...table('0.00', '10.01'), { from: '20.01', markup: '20' }]);
  });
});

describe('mergeWithNext', () => {
  it('joins a band with the one above it, keeping its own start and markup', () => {
    expect(mergeWithNext(table('0.00', '10.01', '20.01'), 0)).toEqual([
      { from: '0.00', markup: '10' },
      { from: '20.01', markup: '30' },
    ]);
  });

  it('leaves the top band as it is', () => {
    expect(mergeWithNext(table('0.00', '10.01'), 1)).toEqual(table('0.00', '10.01'));
  });
});

describe('removeBand', () => {
  it('gives a removed band’s costs to the band below', () => {
    expect(removeBand(table('0.00', '10.01', '20.01'), 1)).toEqual([
      { from: '0.00', markup: '10' },
      { from: '20.01', markup: '30' },
    ]);
  });

  it('starts the next band at $0.00 when the first goes, and keeps the last band', () => {
    expect(removeBand(table('0.00', '10.01', '20.01'), 0)).toEqual([
      { from: '0.00', markup: '20' },
      { from: '20.01', markup: '30' },
    ]);
    expect(removeBand(table('0.00'), 0)).toEqual(table('0.00'));
  });
});

describe('bandRangeLabel', () => {
  const label = (bands: BandDraft[], index: number) => bandRangeLabel(bands, index, (cents) => formatUsd(cents));

  it('names each band by the costs it covers, to the next start less one cent', () => {
    const bands = defaultBandDrafts();
    expect(bands.map((_, index) => label(bands, index))).toEqual([
      'Items costing up to $10.00',
      '$10.01 – $20.00',
      '$20.01 – $50.00',
      '$50.01 – $150.00',
      '$150.01 – $500.00',
      'Over $500.00',
    ]);
    expect(label(table('0.00'), 0)).toBe('Every item');
  });

  it('falls back to the band’s number while its edges are not readable or in order', () => {
    const bands = table('0.00', '5.00', '4.00', 'abc', '9.00');
    expect(bands.map((_, index) => label(bands, index))).toEqual(['Items costing up to $4.99', 'Band 2', 'Band 3', 'Band 4', 'Band 5']);
  });
});
