import { syncProviders } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import { endStripeSubscriptionsNow } from '../../billing/index.ts';
import { removeProfilePicture } from '../../profile/index.ts';
import { disconnect } from '../../sync/index.ts';
import type { User } from '../../../db/schema.ts';
import { deleteUser } from '../repositories/users.ts';
import { confirmIdentity } from './confirm-identity.ts';

/** product §8.10: the toast after a deletion. */
export const userDeletedMessage = 'User deleted successfully.';

/**
 * DELETE /users/{id}/delete/ (product §2.13, docs/decisions/0014): a running Stripe
 * subscription is canceled at Stripe first (a failure there refuses the deletion, so no one is
 * charged for an account that is gone); the QuickBooks and Jobber grants are revoked at the
 * providers and their tokens deleted; the profile picture's file is removed. Then the user row is
 * deleted in one statement. The database does the rest: sessions, links, onboarding answers,
 * markups and subscriptions go with it (ON DELETE CASCADE); the download log, payments and funnel
 * events stay without a user (ON DELETE SET NULL), for the refund rule's history, accounting and
 * the operator's counts. The email is free again at once, so signing up with it later works.
 * The session alone is not enough: the current password (or a recent Google sign-in) confirms it.
 */
export async function deleteAccount(ctx: AppContext, user: User, session: { cookieValue: string; clientAddress: string }, currentPassword: string | undefined): Promise<{ message: string }> {
  await confirmIdentity(ctx, user, session, currentPassword);
  const userId = user.id;
  await endStripeSubscriptionsNow(ctx, userId);
  for (const provider of syncProviders) await disconnect(ctx, userId, provider);
  await removeProfilePicture(ctx, userId);
  await deleteUser(ctx.db, userId);
  return { message: userDeletedMessage };
}
