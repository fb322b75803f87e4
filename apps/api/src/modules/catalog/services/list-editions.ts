import { editionWithdrawnMessage, type OperatorEdition } from '@tradelist/contract/operator-editions';
import type { MessageBody } from '@tradelist/contract/errors';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { utcDay } from '../../../lib/clock.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { presentOperatorEdition } from '../presenters/operator-editions.ts';
import { listAllCollections, listCurrentCollections, type CollectionWithCategory } from '../repositories/catalog.ts';
import { deleteCollection, lockCollection } from '../repositories/edition-uploads.ts';
import type { EditionAnnouncements } from './edition-announcements.ts';
import { requireCategory } from './edition-input.ts';

/** Every edition, scheduled ones included, or one category's (by name, slug or id), newest first. */
export async function listEditions(ctx: Pick<AppContext, 'db'>, category?: string): Promise<CollectionWithCategory[]> {
  const all = await listAllCollections(ctx.db);
  if (category === undefined) return all;
  const row = await requireCategory(ctx, category);
  return all.filter((edition) => edition.category_id === row.id);
}

/** Every edition as the operator console lists it: scheduled, current or previous, and its announcement. */
export async function listEditionSummaries(ctx: Pick<AppContext, 'db' | 'clock'>, announcements: EditionAnnouncements): Promise<OperatorEdition[]> {
  const today = utcDay(ctx.clock.now());
  const editions = await listAllCollections(ctx.db);
  const current = new Set((await listCurrentCollections(ctx.db, today)).map((edition) => edition.id));
  const mailings = new Map((await announcements.ofEditions(ctx.db, editions.map((edition) => edition.id))).map((mailing) => [mailing.collection_id, mailing]));
  return editions.map((edition) =>
    presentOperatorEdition(edition, edition.rundate > today ? 'scheduled' : current.has(edition.id) ? 'current' : 'previous', mailings.get(edition.id)),
  );
}

/** One edition as the console lists it. */
export async function findOperatorEdition(ctx: Pick<AppContext, 'db' | 'clock'>, announcements: EditionAnnouncements, id: number): Promise<OperatorEdition> {
  const edition = (await listEditionSummaries(ctx, announcements)).find((candidate) => candidate.id === id);
  if (!edition) throw new AppError('NOT_FOUND', 'No collection found');
  return edition;
}

/**
 * Withdraws a published edition before its run date (product §10.13): users never saw it, so it
 * is removed with its rows and its announcement, and the audit log keeps what it was. From its
 * run date on it is the users' and stays.
 */
export async function withdrawEdition(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, id: number): Promise<MessageBody> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const edition = await lockCollection(trx, id);
    if (!edition) throw new AppError('NOT_FOUND', 'No collection found');
    if (edition.rundate <= utcDay(now)) {
      throw new AppError('EDITION_RELEASED', `${edition.collection_id} is already available to users (run date ${edition.rundate}); it can no longer be withdrawn.`);
    }
    await deleteCollection(trx, edition.id);
    await recordOperatorAction(trx, now, actor, {
      action: 'edition.withdraw',
      subjectType: 'edition',
      subjectId: edition.id,
      before: { code: edition.collection_id, name: edition.name, category: edition.category_name, rundate: edition.rundate, items: edition.item_count },
      after: null,
    });
    return { message: editionWithdrawnMessage(edition.collection_id) };
  });
}
