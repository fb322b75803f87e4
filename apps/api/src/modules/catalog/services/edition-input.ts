import { idField } from '@tradelist/contract/fields';
import type { AppContext } from '../../../context.ts';
import type { CategoryRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { findCategoryById, findCategoryByName, listCategories } from '../repositories/catalog.ts';
import { editionName } from './edition-naming.ts';

// What an operator says about a new edition besides its file: the category, the run date and
// the name, each checked with a message that says how to put it right.

/** The category named by a name, slug or numeric id; a clear NOT_FOUND listing the categories otherwise. */
export async function requireCategory(ctx: Pick<AppContext, 'db'>, reference: string): Promise<CategoryRow> {
  const text = reference.trim();
  // Digits name an id, and an id outside the column's range names no category (issue 7 §1.1).
  const id = idField().safeParse(text);
  const category = id.success ? await findCategoryById(ctx.db, id.data) : /^\d+$/.test(text) ? undefined : await findCategoryByName(ctx.db, text);
  if (category) return category;
  const known = (await listCategories(ctx.db)).map((c) => `"${c.name}" (id ${c.id})`);
  throw new AppError('NOT_FOUND', `There is no category "${text}". ${known.length ? `Categories: ${known.join(', ')}.` : 'There are no categories yet.'}`);
}

/** True for a real calendar date written YYYY-MM-DD. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The run date as given (VALIDATION_FAILED unless it is a real date). */
export function requireRundate(rundate: string): string {
  if (!isCalendarDate(rundate)) throw new AppError('VALIDATION_FAILED', `The run date "${rundate}" is not a date written YYYY-MM-DD.`);
  return rundate;
}

/** The edition's name as given, or the category's name with the run date; 1 to 200 characters once spaces are folded. */
export function requireEditionName(name: string | undefined, category: Pick<CategoryRow, 'name'>, rundate: string): string {
  const folded = (name ?? editionName(category.name, rundate)).replace(/\s+/g, ' ').trim();
  if (folded === '' || folded.length > 200) throw new AppError('VALIDATION_FAILED', 'The edition name must have 1 to 200 characters.');
  return folded;
}
