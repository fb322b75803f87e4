import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyMarkupFormValues, ignoredPercentFields, markupFormSchema, previewMarkups, toMarkupFormValues } from './markup-form';

const typed = (values: Partial<typeof emptyMarkupFormValues>) => ({ ...emptyMarkupFormValues, ...values });

describe('markupFormSchema', () => {
  it('turns empty percents into null and numbers into numbers', () => {
    const parsed = markupFormSchema.parse(
      typed({ markup1_10: '10', markup11_20: ' 12.5 ', markup501: '0', tax: '8.25', inventory_option: ' Inventory ' }),
    );
    expect(parsed).toEqual({
      markup1_10: 10,
      markup11_20: 12.5,
      markup21_50: null,
      markup51_150: null,
      markup151_500: null,
      markup501: 0,
      tax: 8.25,
      inventory_option: 'Inventory',
      income_type: '',
    });
  });

  it('refuses negative, non-numeric and over-precise percents with a message per field', () => {
    const result = markupFormSchema.safeParse(typed({ markup1_10: '-1', markup11_20: 'abc', tax: '8.255' }));
    expect(result.success).toBe(false);
    const fields = result.success ? {} : z.flattenError(result.error).fieldErrors;
    expect(fields.markup1_10).toEqual(['Enter a number of 0 or more.']);
    expect(fields.markup11_20).toEqual(['Enter a number.']);
    expect(fields.tax).toEqual(['Use at most two decimal places.']);
  });

  it('limits the two texts to 25 characters (product §5)', () => {
    expect(markupFormSchema.safeParse(typed({ income_type: 'x'.repeat(25) })).success).toBe(true);
    const result = markupFormSchema.safeParse(typed({ income_type: 'x'.repeat(26) }));
    expect(result.success ? [] : z.flattenError(result.error).fieldErrors.income_type).toEqual([
      'Ensure this field has no more than 25 characters.',
    ]);
  });
});

describe('toMarkupFormValues', () => {
  it('shows saved percents as typed text and null as empty', () => {
    expect(
      toMarkupFormValues({
        markup1_10: 10,
        markup11_20: 12.5,
        markup21_50: null,
        markup51_150: 0,
        markup151_500: null,
        markup501: 100,
        tax: 8.25,
        inventory_option: 'Inventory',
        income_type: 'Sales',
      }),
    ).toEqual({
      markup1_10: '10',
      markup11_20: '12.5',
      markup21_50: '',
      markup51_150: '0',
      markup151_500: '',
      markup501: '100',
      tax: '8.25',
      inventory_option: 'Inventory',
      income_type: 'Sales',
    });
  });
});

describe('previewMarkups', () => {
  it('converts valid percents to basis points', () => {
    expect(previewMarkups(typed({ markup1_10: '10', markup21_50: '0.01', markup501: '150', tax: '8.25' }))).toEqual({
      markup1_10: 1000,
      markup11_20: null,
      markup21_50: 1,
      markup51_150: null,
      markup151_500: null,
      markup501: 15000,
      tax: 825,
    });
  });

  it('treats negative, invalid and missing values as empty', () => {
    expect(previewMarkups({ markup1_10: '-5', markup11_20: 'abc', markup21_50: '1e400', tax: '1.234' })).toEqual({
      markup1_10: null,
      markup11_20: null,
      markup21_50: null,
      markup51_150: null,
      markup151_500: null,
      markup501: null,
      tax: null,
    });
  });
});

describe('ignoredPercentFields', () => {
  it('names the typed percents the preview counts as 0 %: below 0, not a number, too precise (product §5)', () => {
    expect(ignoredPercentFields(typed({ markup1_10: '-5', markup21_50: 'abc', markup501: '10', tax: '1.234' }))).toEqual([
      'markup1_10',
      'markup21_50',
      'tax',
    ]);
  });

  it('names none when every percent is empty or valid', () => {
    expect(ignoredPercentFields(typed({ markup1_10: '0', markup11_20: '12.5', tax: '' }))).toEqual([]);
    expect(ignoredPercentFields({})).toEqual([]);
  });
});
