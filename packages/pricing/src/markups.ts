/**
 * A user's markups and tax applied to a cost (product §10.8): price = cost ×
 * (1 + band %), rounded half-up to the cent; price with tax = price × (1 + tax %), rounded the
 * same way. Tax always comes after the markup. An empty (null) band or tax is 0 %.
 */
import { bandFor, markupFields, type MarkupField } from './bands.ts';
import { applyBasisPoints, percentToBasisPoints, requireNonNegativeInteger, type BasisPoints, type Cents } from './money.ts';

/** A user's markup per band and sales tax in basis points; null is an empty field, i.e. 0 %. */
export interface Markups {
  markup1_10: BasisPoints | null;
  markup11_20: BasisPoints | null;
  markup21_50: BasisPoints | null;
  markup51_150: BasisPoints | null;
  markup151_500: BasisPoints | null;
  markup501: BasisPoints | null;
  tax: BasisPoints | null;
}

/** Every band and the tax empty: prices equal costs. */
export const emptyMarkups: Markups = {
  markup1_10: null,
  markup11_20: null,
  markup21_50: null,
  markup51_150: null,
  markup151_500: null,
  markup501: null,
  tax: null,
};

/** One product's price under a user's markups. */
export interface Price {
  band: MarkupField;
  markupBp: BasisPoints;
  priceCents: Cents;
  taxBp: BasisPoints;
  priceWithTaxCents: Cents;
}

/** The price of a cost (non-negative integer cents) under `markups`; tax is applied to the marked-up price. */
export function priceFor(costCents: Cents, markups: Markups): Price {
  const band = bandFor(costCents);
  const markupBp = markups[band] ?? 0;
  const taxBp = markups.tax ?? 0;
  const priceCents = applyBasisPoints(costCents, markupBp);
  return { band, markupBp, priceCents, taxBp, priceWithTaxCents: applyBasisPoints(priceCents, taxBp) };
}

/** A stored user factor's percents (as in the contract's `userFactor`) as basis points; absent or null is empty. */
export function markupsFromPercents(percents: Partial<Record<MarkupField | 'tax', number | null>>): Markups {
  const markups: Markups = { ...emptyMarkups };
  for (const field of [...markupFields, 'tax'] as const) {
    const percent = percents[field];
    markups[field] = percent === undefined || percent === null ? null : percentToBasisPoints(percent);
  }
  return markups;
}

/** Throws unless every markup and the tax is empty or a non-negative integer number of basis points. */
export function requireValidMarkups(markups: Markups): void {
  for (const field of [...markupFields, 'tax'] as const) {
    const value = markups[field];
    if (value !== null) requireNonNegativeInteger(value, field);
  }
}
