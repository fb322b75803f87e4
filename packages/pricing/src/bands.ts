/**
 * The six markup price bands (product §9, §10.7), keyed by the markup field
 * names of packages/contract (catalog.ts `markupFields`; bands.test.ts checks they match).
 */
import { requireNonNegativeInteger, type Cents } from './money.ts';

/** The markup fields in band order, spelled as the contract spells them. */
export const markupFields = ['markup1_10', 'markup11_20', 'markup21_50', 'markup51_150', 'markup151_500', 'markup501'] as const;
export type MarkupField = (typeof markupFields)[number];

export interface MarkupBand {
  field: MarkupField;
  /** The highest cost in the band, inclusive; null for the open-ended top band. */
  maxCostCents: Cents | null;
  /** How the band is shown to a user: "$0–10", …, "$500+". */
  label: string;
}

/** product §10.7: cost ≤ $10.00, $10.01–20.00, $20.01–50.00, $50.01–150.00, $150.01–500.00, above $500.00. */
export const markupBands: readonly MarkupBand[] = [
  { field: 'markup1_10', maxCostCents: 10_00, label: '$0–10' },
  { field: 'markup11_20', maxCostCents: 20_00, label: '$10–20' },
  { field: 'markup21_50', maxCostCents: 50_00, label: '$20–50' },
  { field: 'markup51_150', maxCostCents: 150_00, label: '$50–150' },
  { field: 'markup151_500', maxCostCents: 500_00, label: '$150–500' },
  { field: 'markup501', maxCostCents: null, label: '$500+' },
];

/** The band whose markup applies to a cost in cents (a negative or fractional cost throws). */
export function bandFor(costCents: Cents): MarkupField {
  requireNonNegativeInteger(costCents, 'Cost');
  for (const band of markupBands) {
    if (band.maxCostCents === null || costCents <= band.maxCostCents) return band.field;
  }
  throw new RangeError('The band list must end with an open band');
}

/** "$0–10", "$10–20", "$20–50", "$50–150", "$150–500" or "$500+". */
export function bandLabel(field: MarkupField): string {
  const band = markupBands.find((candidate) => candidate.field === field);
  if (!band) throw new RangeError(`Unknown markup field ${String(field)}`);
  return band.label;
}
