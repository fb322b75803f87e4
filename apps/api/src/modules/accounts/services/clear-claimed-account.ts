import { syncProviders } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import { deleteSessionsOfUser } from '../../../security/sessions-repository.ts';
import { endStripeSubscriptionsNow, setStripeCustomer } from '../../billing/index.ts';
import { removeProfilePicture } from '../../profile/index.ts';
import { disconnect } from '../../sync/index.ts';
import { clearAccountSetup } from '../repositories/users.ts';

/**
 * An account whose address nobody had proven is about to go to the person who just proved that
 * mailbox (a verified Google sign-in, a registration's own link, a password reset): whatever
 * someone else attached to it goes first (docs/decisions/0022). The QuickBooks and Jobber grants
 * are revoked and deleted, running Stripe subscriptions canceled and the Stripe customer
 * forgotten, the profile picture, onboarding answers and markups deleted, every session ended.
 * The caller sets the password (or none) and the name. For an account just registered and never
 * used, nothing of this exists and nothing is asked of a provider.
 */
export async function clearClaimedAccount(ctx: AppContext, userId: number): Promise<void> {
  for (const provider of syncProviders) await disconnect(ctx, userId, provider);
  await endStripeSubscriptionsNow(ctx, userId);
  await removeProfilePicture(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await setStripeCustomer(trx, userId, null);
    await clearAccountSetup(trx, userId, ctx.clock.now());
    await deleteSessionsOfUser(trx, userId);
  });
}
