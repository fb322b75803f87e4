import type { ListGroups } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { utcDay } from '../../../lib/clock.ts';
import { countItemsByGroup, findCurrentEdition } from '../repositories/list-groups.ts';

/** What a category's current edition holds, group by group: the /electrical table reads it (product §2.2). */
export async function listGroups(ctx: AppContext, categorySlug: string): Promise<ListGroups> {
  const found = await findCurrentEdition(ctx.db, categorySlug, utcDay(ctx.clock.now()));
  if (!found) throw new AppError('NOT_FOUND', 'No such category.');
  const { edition } = found;
  if (!edition) return { edition: null, groups: [] };
  return {
    edition: { collection_id: edition.collection_id, name: edition.name, rundate: edition.rundate, item_count: edition.item_count },
    groups: await countItemsByGroup(ctx.db, edition.id),
  };
}
