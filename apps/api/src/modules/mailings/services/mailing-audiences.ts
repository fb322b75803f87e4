import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { MailingRow, User } from '../../../db/schema.ts';
import { renderEmailMarkdown } from '../../../mail/markdown.ts';
import { newEditionMail, productNewsMail, type MailContent } from '../../../mail/templates.ts';
import type { PreferenceKind } from '../../../mail/unsubscribe.ts';
import { compileRules } from '@tradelist/pricing/rules';
import { listSubscriptionsOfUser } from '../../billing/index.ts';
import { type CollectionWithCategory, editionAccess, type EditionChangesSummary, entitlementRepository, findCollectionById, getPricing } from '../../catalog/index.ts';

export type Recipient = Pick<User, 'id' | 'name' | 'email' | 'wants_edition_emails' | 'wants_product_news'>;

/**
 * What a kind of mailing needs besides the batching (send-mailing-batch.ts): the email
 * preference that lets a user receive it, who of the opted-in users may get it, and each user's
 * email. Loaded once per batch.
 */
export interface MailingAudience {
  preference: PreferenceKind;
  mayReceive(db: Db, user: Recipient): Promise<boolean>;
  compose(db: Db, user: Recipient): Promise<MailContent>;
}

/** A new edition's audience (product §10.14): new edition emails wanted and access to the edition's category. */
export async function newEditionAudience(ctx: AppContext, db: Db, mailing: MailingRow, edition: CollectionWithCategory): Promise<MailingAudience> {
  const now = ctx.clock.now();
  const editions = await entitlementRepository(db, now).editionsOfCategory(edition.category_id);
  const summary = mailing.summary as EditionChangesSummary;
  return {
    preference: 'wants_edition_emails',
    // A free list goes to every verified user; a paid one to those its current edition is open to (the entitlement rule).
    mayReceive: async (readDb, user) =>
      edition.is_free || editionAccess(edition, editions, await listSubscriptionsOfUser(readDb, user.id), now).kind !== 'refused',
    compose: async (readDb, user) => {
      // The user's default pricing profile prices the email's examples, as their files by default.
      const engine = compileRules((await getPricing(readDb, user.id)).profile.rules);
      const priceOf = (item: { sku: string; group?: string }, costCents: number) => engine.price({ sku: item.sku, group: item.group ?? '', costCents }).priceCents;
      return newEditionMail(user.name, {
        categoryName: edition.category_name,
        editionName: edition.name,
        rundate: edition.rundate,
        catalogUrl: `${ctx.config.appUrl}/dashboard/catalog`,
        changes: {
          hasPrevious: summary.previous !== null,
          added: summary.added,
          removed: summary.removed,
          priceUp: summary.priceUp,
          priceDown: summary.priceDown,
          increases: summary.largestIncreases.map((item) => ({
            name: item.name,
            sku: item.sku,
            oldPriceCents: priceOf(item, item.oldCents),
            newPriceCents: priceOf(item, item.newCents),
          })),
        },
      });
    },
  };
}

/** The product news email of a subject and markdown body. */
export function productNewsContent(subject: string, bodyMarkdown: string): MailContent {
  return productNewsMail(subject, renderEmailMarkdown(bodyMarkdown), bodyMarkdown);
}

/** Product news goes to every verified user who wants product news. */
export function productNewsAudience(mailing: MailingRow): MailingAudience {
  const mail = productNewsContent(mailing.subject ?? '', mailing.body_markdown ?? '');
  return { preference: 'wants_product_news', mayReceive: async () => true, compose: async () => mail };
}

/** The edition a new-edition mailing announces, if it still exists. */
export function findAnnouncedEdition(db: Db, mailing: MailingRow): Promise<CollectionWithCategory | undefined> {
  return mailing.collection_id === null ? Promise.resolve(undefined) : findCollectionById(db, mailing.collection_id);
}
