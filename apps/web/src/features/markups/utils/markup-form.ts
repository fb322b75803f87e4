import { markupFields, userFactor, type MarkupField, type UserFactor } from '@tradelist/contract/catalog';
import { emptyMarkups, type Markups } from '@tradelist/pricing/markups';
import { percentToBasisPoints } from '@tradelist/pricing/money';
import { z } from 'zod';

/** The fields entered in percent: the six bands and the tax. */
export const percentFields = [...markupFields, 'tax'] as const;
export type PercentField = MarkupField | 'tax';

/** The markup form as typed: every input is text; an empty percent is an empty (0 %) band. */
export type MarkupFormValues = Record<PercentField | 'inventory_option' | 'income_type', string>;

export const emptyMarkupFormValues: MarkupFormValues = {
  markup1_10: '',
  markup11_20: '',
  markup21_50: '',
  markup51_150: '',
  markup151_500: '',
  markup501: '',
  tax: '',
  inventory_option: '',
  income_type: '',
};

/** A typed percent as the contract reads it: '' is null, anything else a number (NaN fails). */
function percentInput(field: PercentField) {
  return z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(userFactor.shape[field]);
}

/**
 * product §5 on the typed form: percents empty or numbers >= 0 (the contract's rules), the two
 * texts at most 25 characters. Its output is the contract's user factor, ready to save.
 */
export const markupFormSchema = z.object({
  markup1_10: percentInput('markup1_10'),
  markup11_20: percentInput('markup11_20'),
  markup21_50: percentInput('markup21_50'),
  markup51_150: percentInput('markup51_150'),
  markup151_500: percentInput('markup151_500'),
  markup501: percentInput('markup501'),
  tax: percentInput('tax'),
  inventory_option: userFactor.shape.inventory_option,
  income_type: userFactor.shape.income_type,
});

/** Saved values as the form shows them: null percents become empty inputs. */
export function toMarkupFormValues(saved: UserFactor): MarkupFormValues {
  const values = { ...emptyMarkupFormValues, inventory_option: saved.inventory_option, income_type: saved.income_type };
  for (const field of percentFields) {
    const percent = saved[field];
    values[field] = percent === null ? '' : String(percent);
  }
  return values;
}

/** One typed percent in basis points, or null when it is empty or not a valid value (product §5: ignored). */
function lenientBasisPoints(field: PercentField, text: string | undefined): number | null {
  const parsed = percentInput(field).safeParse(text ?? '');
  if (!parsed.success || parsed.data === null) return null;
  return percentToBasisPoints(parsed.data);
}

/**
 * The percents typed that the preview cannot use: below 0 (product §5: not accepted), not a number,
 * or otherwise refused by the form. The preview counts each as empty (0 %) and says so.
 */
export function ignoredPercentFields(values: Partial<MarkupFormValues>): PercentField[] {
  return percentFields.filter((field) => !percentInput(field).safeParse(values[field] ?? '').success);
}

/**
 * The live preview's markups from the form AS TYPED: a valid percent counts, and an empty,
 * negative or otherwise invalid one counts as empty (0 %), so the preview never stops on a typo.
 */
export function previewMarkups(values: Partial<MarkupFormValues>): Markups {
  const markups: Markups = { ...emptyMarkups };
  for (const field of percentFields) markups[field] = lenientBasisPoints(field, values[field]);
  return markups;
}
