import type { OperatorCategory } from '@tradelist/contract/operator-content';
import type { saveCategoryRequest } from '@tradelist/contract/operator-content';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { CategoryRow } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { slugOfName } from '../../../lib/slug.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { countEditions, findCategoryClash, insertCategory, listCategoriesWithEditionCounts, lockCategory, updateCategory } from '../repositories/category-admin.ts';

export type CategoryFields = z.output<typeof saveCategoryRequest>;

export const categoryNameTakenMessage = 'A category with this name already exists.';
export const categoryNotFoundMessage = 'This category does not exist.';


function present(row: CategoryRow, editionCount: number): OperatorCategory {
  return { id: row.id, name: row.name, slug: row.slug, tagline: row.tagline, image: row.image, is_free: row.is_free, is_announced: row.is_announced, edition_count: editionCount };
}

/** What the audit log keeps of a category. */
const snapshot = (row: CategoryRow) => ({ name: row.name, tagline: row.tagline, image: row.image, is_free: row.is_free, is_announced: row.is_announced });

/** Every category for the console, announced ones included. */
export async function listOperatorCategories(ctx: Pick<AppContext, 'db'>): Promise<OperatorCategory[]> {
  return (await listCategoriesWithEditionCounts(ctx.db)).map((row) => present(row, row.edition_count));
}

/** Adds a category; its slug comes from its name and never changes (edition codes use it). */
export async function createCategory(ctx: AppContext, actor: Actor, fields: CategoryFields): Promise<OperatorCategory> {
  const slug = slugOfName(fields.name);
  if (!slug) throw validationFailed({ name: ['Use at least one letter or digit in the name.'] });
  return ctx.db.transaction().execute(async (trx) => {
    if (await findCategoryClash(trx, fields.name, slug, null)) throw validationFailed({ name: [categoryNameTakenMessage] });
    const row = await insertCategory(trx, { ...fields, slug, created_at: ctx.clock.now() });
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'category.create', subjectType: 'category', subjectId: row.id, before: null, after: { slug, ...snapshot(row) } });
    return present(row, 0);
  });
}

/** Changes a category's name, tagline, image, free or paid, announced or available. */
export async function editCategory(ctx: AppContext, actor: Actor, id: number, fields: CategoryFields): Promise<OperatorCategory> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockCategory(trx, id);
    if (!before) throw new AppError('NOT_FOUND', categoryNotFoundMessage);
    if (await findCategoryClash(trx, fields.name, null, id)) throw validationFailed({ name: [categoryNameTakenMessage] });
    const row = await updateCategory(trx, id, fields);
    await recordOperatorAction(trx, ctx.clock.now(), actor, { action: 'category.update', subjectType: 'category', subjectId: id, before: snapshot(before), after: snapshot(row) });
    return present(row, await countEditions(trx, id));
  });
}
