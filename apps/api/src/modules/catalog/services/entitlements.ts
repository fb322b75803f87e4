import type { Db } from '../../../db/database.ts';
import type { PlanRow, SubscriptionRow } from '../../../db/schema.ts';
import { utcDay } from '../../../lib/clock.ts';
import { entitlingSubscription, findPlanById, listEditionsCountedInPeriod, listSubscriptionsOfUser } from '../../billing/index.ts';
import { listCollectionsOfCategory, type CollectionWithCategory } from '../repositories/catalog.ts';

/**
 * The one place that answers "may this user download (or sync) this edition, and how many
 * downloads are left this period" (product §4 catalog rights, decisions 0006 and 0036). Downloads,
 * the preview, the catalog screen, syncs and the announcement emails ask here; which subscription
 * entitles the user now is billing's rule (`entitlingSubscription`), asked through its index.
 */

/** product §8 shows this text when a download is refused for want of a subscription. */
export const notSubscribedMessage = 'Not Subscribed';
export const editionNotInPlanMessage = 'Not Subscribed: this edition is not part of your subscription.';

/** The message of a download refused at the plan's maximum. */
export function downloadLimitMessage(allowed: number): string {
  return `You have used all ${allowed} downloads of your plan for this period.`;
}

/**
 * When an edition became current (the moment users saw it as the category's newest), to the
 * millisecond: one published on its run date was current from the moment it was stored; one
 * stored earlier (scheduled) from the start of its run date, UTC, when it was released; one
 * stored later (a back-dated import, the sample data) from the start of its run date, as its date
 * says.
 */
export function editionCurrentFrom(edition: Pick<CollectionWithCategory, 'rundate' | 'created_at'>): Date {
  const stored = new Date(edition.created_at);
  return utcDay(stored) === edition.rundate ? stored : new Date(`${edition.rundate}T00:00:00.000Z`);
}

/**
 * The editions of one category the user holds as bought: an edition is current from the moment
 * it was published until the next edition was, and it is bought when that time overlaps one of
 * the user's subscriptions (from its start to its period end). Times are compared, not days: an
 * edition current when the subscription began stays bought even if the next one came out later
 * that day, and an edition that came out after the subscription ended, even on its last day, is
 * not. `editions` are one category's, newest first.
 */
export function boughtEditions<T extends Pick<CollectionWithCategory, 'rundate' | 'created_at'>>(
  editions: T[],
  subscriptions: Array<Pick<SubscriptionRow, 'period_start' | 'period_end'>>,
): T[] {
  return editions.filter((edition, index) => {
    const currentFrom = editionCurrentFrom(edition);
    const currentUntil = index === 0 ? undefined : editionCurrentFrom(editions[index - 1]!);
    return subscriptions.some((s) => currentFrom < s.period_end && (currentUntil === undefined || currentUntil > s.period_start));
  });
}

/** Why an edition may or may not be downloaded or synced, downloads left aside. */
export type EditionAccess =
  | { kind: 'free' }
  | { kind: 'current' | 'bought'; subscription: SubscriptionRow }
  | { kind: 'refused'; reason: 'not-subscribed' | 'not-in-plan' };

/**
 * Free editions are open to every signed-in user. A paid edition needs a subscription that
 * entitles the user now, and must be the category's current edition or one the user bought
 * (after expiry even bought editions stop: "downloads stay available until the plan expires").
 */
export function editionAccess(
  edition: Pick<CollectionWithCategory, 'id' | 'is_free'>,
  editionsOfCategory: Array<Pick<CollectionWithCategory, 'id' | 'rundate' | 'created_at'>>,
  subscriptions: SubscriptionRow[],
  now: Date,
): EditionAccess {
  if (edition.is_free) return { kind: 'free' };
  const subscription = entitlingSubscription(subscriptions, now);
  if (!subscription) return { kind: 'refused', reason: 'not-subscribed' };
  if (editionsOfCategory[0]?.id === edition.id) return { kind: 'current', subscription };
  if (boughtEditions(editionsOfCategory, subscriptions).some((e) => e.id === edition.id)) return { kind: 'bought', subscription };
  return { kind: 'refused', reason: 'not-in-plan' };
}

/**
 * The downloads of the current period: the editions used (downloaded completely, or being sent
 * now, each edition counted once whatever its format or layout) and allowed.
 */
export interface DownloadAllowance {
  subscriptionId: number;
  used: number;
  allowed: number;
  left: number;
  periodStart: Date;
  periodEnd: Date;
  /** The editions already counted this period: downloading one of them again takes nothing. */
  countedEditionIds: ReadonlySet<number>;
}

/** What the rules need to read; the database's version is `entitlementRepository`. */
export interface EntitlementRepository {
  subscriptionsOfUser(userId: number): Promise<SubscriptionRow[]>;
  /** A category's editions, newest first. */
  editionsOfCategory(categoryId: number): Promise<CollectionWithCategory[]>;
  planById(planId: number): Promise<Pick<PlanRow, 'download_max_per_period'> | undefined>;
  /** The distinct editions of the period's completed downloads and of reservations still live at `now`. */
  editionsCountedInPeriod(subscriptionId: number, periodStart: Date, now: Date): Promise<number[]>;
}

/**
 * The rules' reads from the database, as users see it at `now` (editions whose run date has
 * come: product §10.18). With `lockSubscriptions`, the user's subscription rows are
 * locked (SELECT ... FOR UPDATE) until the transaction ends, so that two downloads of one user
 * count their period one after the other: with a maximum of 5, 50 simultaneous requests for ten
 * editions get the files of 5 editions, and two first downloads of one edition count it once.
 */
export function entitlementRepository(db: Db, now: Date, options: { lockSubscriptions?: boolean } = {}): EntitlementRepository {
  const today = utcDay(now);
  return {
    subscriptionsOfUser: (userId) => listSubscriptionsOfUser(db, userId, { forUpdate: options.lockSubscriptions ?? false }),
    editionsOfCategory: (categoryId) => listCollectionsOfCategory(db, categoryId, today),
    planById: (planId) => findPlanById(db, planId),
    editionsCountedInPeriod: (subscriptionId, periodStart, now) => listEditionsCountedInPeriod(db, subscriptionId, periodStart, now),
  };
}

/** The allowance of a subscription's current period. */
async function allowanceOf(repo: EntitlementRepository, subscription: SubscriptionRow, now: Date): Promise<DownloadAllowance> {
  const plan = await repo.planById(subscription.plan_id);
  const allowed = plan?.download_max_per_period ?? 0;
  const counted = new Set(await repo.editionsCountedInPeriod(subscription.id, subscription.current_period_start, now));
  return {
    subscriptionId: subscription.id,
    used: counted.size,
    allowed,
    left: Math.max(0, allowed - counted.size),
    periodStart: subscription.current_period_start,
    periodEnd: subscription.period_end,
    countedEditionIds: counted,
  };
}

/** The user's downloads this period, or null without a subscription that entitles them now. */
export async function downloadAllowance(repo: EntitlementRepository, userId: number, now: Date): Promise<DownloadAllowance | null> {
  const subscription = entitlingSubscription(await repo.subscriptionsOfUser(userId), now);
  return subscription ? allowanceOf(repo, subscription, now) : null;
}

/**
 * The answer for one edition. A counted download belongs to the subscription's period: it takes one from
 * `allowance` unless its edition is already counted there. A free one is not counted.
 */
export type DownloadDecision =
  | { allowed: true; counted: false }
  | { allowed: true; counted: true; subscription: SubscriptionRow; allowance: DownloadAllowance }
  | { allowed: false; code: 'NOT_SUBSCRIBED' | 'DOWNLOAD_LIMIT_REACHED'; message: string };

const refusalMessage = (reason: 'not-subscribed' | 'not-in-plan') => (reason === 'not-subscribed' ? notSubscribedMessage : editionNotInPlanMessage);

/**
 * May the user download this edition now? Paid editions count against the plan's maximum per
 * period, each edition once (decision 0029): the first download of an edition in the period takes
 * one, and at the maximum it is refused (DOWNLOAD_LIMIT_REACHED); the same edition again, in any
 * format, layout or markups, takes nothing and is never refused for the maximum. Free editions
 * never count. Called with the user's subscriptions locked (`lockSubscriptions`), two first
 * downloads of one edition at the same time count it once: the second sees the first's reservation.
 */
export async function decideDownload(
  repo: EntitlementRepository,
  userId: number,
  edition: Pick<CollectionWithCategory, 'id' | 'is_free' | 'category_id'>,
  now: Date,
): Promise<DownloadDecision> {
  if (edition.is_free) return { allowed: true, counted: false };
  const access = editionAccess(edition, await repo.editionsOfCategory(edition.category_id), await repo.subscriptionsOfUser(userId), now);
  if (access.kind === 'refused') return { allowed: false, code: 'NOT_SUBSCRIBED', message: refusalMessage(access.reason) };
  if (access.kind === 'free') return { allowed: true, counted: false };
  const allowance = await allowanceOf(repo, access.subscription, now);
  if (allowance.left === 0 && !allowance.countedEditionIds.has(edition.id)) {
    return { allowed: false, code: 'DOWNLOAD_LIMIT_REACHED', message: downloadLimitMessage(allowance.allowed) };
  }
  return { allowed: true, counted: true, subscription: access.subscription, allowance };
}

/** May the user sync this edition now? The same rights as a download, but syncs do not count (product §10.10). */
export async function decideSync(
  repo: EntitlementRepository,
  userId: number,
  edition: Pick<CollectionWithCategory, 'id' | 'is_free' | 'category_id'>,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; code: 'NOT_SUBSCRIBED'; message: string }> {
  if (edition.is_free) return { allowed: true };
  const access = editionAccess(edition, await repo.editionsOfCategory(edition.category_id), await repo.subscriptionsOfUser(userId), now);
  if (access.kind !== 'refused') return { allowed: true };
  return { allowed: false, code: 'NOT_SUBSCRIBED', message: refusalMessage(access.reason) };
}
