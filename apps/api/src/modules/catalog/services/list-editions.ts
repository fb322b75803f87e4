import type { Collection } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { presentCollection } from '../presenters/catalog.ts';
import { listAllCollections, type CollectionWithCategory } from '../repositories/catalog.ts';
import { requireCategory } from './import-edition.ts';

/** Every edition, scheduled ones included, or one category's (by name, slug or id), newest first. */
export async function listEditions(ctx: Pick<AppContext, 'db'>, category?: string): Promise<CollectionWithCategory[]> {
  const all = await listAllCollections(ctx.db);
  if (category === undefined) return all;
  const row = await requireCategory(ctx, category);
  return all.filter((edition) => edition.category_id === row.id);
}

/** Every edition as the operator console lists it. */
export async function listEditionSummaries(ctx: Pick<AppContext, 'db'>): Promise<Collection[]> {
  return (await listEditions(ctx)).map(presentCollection);
}
