import type { AppContext } from '../../../context.ts';
import { isUniqueViolation, type Db } from '../../../db/database.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { insertCollection, listCollectionCodesLike, setCategoryAnnounced } from '../repositories/catalog.ts';
import { analyzeProducts, insertProducts, type NewProduct } from '../repositories/products.ts';
import type { CheckedEditionWithItems } from './check-edition.ts';
import type { EditionAnnouncements } from './edition-announcements.ts';
import { editionCode } from './edition-naming.ts';
import { queueEditionTemplates } from './edition-templates.ts';

/**
 * Publishes a checked edition: the edition and all its rows in one transaction (or none), the
 * category made available if it was only announced, the edition's announcement scheduled for its
 * run date (through `announcements`), and the audit entry, all in that transaction; `inTransaction` adds the
 * caller's part (the console removes the staged upload). Before its run date the edition is
 * seen by operators only.
 */
export async function publishCheckedEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  checked: CheckedEditionWithItems,
  actor: Actor,
  announcements: EditionAnnouncements,
  inTransaction?: (trx: Db) => Promise<void>,
): Promise<{ id: number; code: string }> {
  const { edition, category } = checked;
  // Two imports of the same month at once may pick the same code: the loser retries with the next one.
  for (let attempt = 1; ; attempt++) {
    const code = await freeEditionCode(ctx, editionCode(checked.slug, edition.rundate));
    try {
      const now = ctx.clock.now();
      const id = await ctx.db.transaction().execute(async (trx) => {
        const collection = await insertCollection(trx, {
          category_id: category.id,
          collection_id: code,
          name: edition.name,
          rundate: edition.rundate,
          image: null,
          is_free: edition.isFree,
          item_count: checked.items.length,
          created_at: now,
        });
        await insertProducts(
          trx,
          checked.items.map((item): NewProduct => ({ collection_id: collection.id, ...item })),
          1000,
        );
        if (category.wasAnnounced) await setCategoryAnnounced(trx, category.id, false);
        await announcements.schedule(trx, { collectionId: collection.id, rundate: edition.rundate }, actor.email, now);
        await queueEditionTemplates(trx, collection.id, now);
        await recordOperatorAction(trx, now, actor, {
          action: 'edition.publish',
          subjectType: 'edition',
          subjectId: collection.id,
          after: {
            code,
            name: edition.name,
            category: category.name,
            rundate: edition.rundate,
            items: checked.items.length,
            file: checked.fileName,
            sha256: checked.sha256,
          },
        });
        await inTransaction?.(trx);
        return collection.id;
      });
      await analyzeProducts(ctx.db);
      return { id, code };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** `base`, or `base-2`, `base-3`... whichever no edition uses yet. */
export async function freeEditionCode(ctx: Pick<AppContext, 'db'>, base: string): Promise<string> {
  const taken = new Set(await listCollectionCodesLike(ctx.db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

