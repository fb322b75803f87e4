import { markupFields } from '@tradelist/contract/catalog';
import { describe, expect, it } from 'vitest';
import { incomeAccountSuggestions, markupFieldLabels, quickBooksItemTypes } from './field-labels';

describe('markup form labels', () => {
  it('names every band by its costs, in band order', () => {
    expect(markupFields.map((field) => markupFieldLabels[field])).toEqual([
      'Items costing up to $10.00',
      '$10.01 – $20.00',
      '$20.01 – $50.00',
      '$50.01 – $150.00',
      '$150.01 – $500.00',
      'Over $500.00',
    ]);
  });

  it('never shows a field name', () => {
    for (const label of Object.values(markupFieldLabels)) expect(label).not.toMatch(/markup|_/);
  });

  it('offers only choices that fit the 25-character limit', () => {
    for (const choice of [...quickBooksItemTypes, ...incomeAccountSuggestions]) {
      expect(choice.length).toBeLessThanOrEqual(25);
    }
  });
});
