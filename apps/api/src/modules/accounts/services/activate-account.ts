import type { ActivateRequest } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { emailChangedMail } from '../../../mail/templates.ts';
import { queueStripeCustomerUpdate } from '../../billing/index.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { findUserByEmail, findUserById, updateUser } from '../repositories/users.ts';
import { clearClaimedAccount } from './clear-claimed-account.ts';
import { checkUserLink, consumeUserLinkWithPayload } from './user-links.ts';

/** product §8: the message for an invalid, used or expired activation link. */
export const activationFailedMessage = 'Activation failed. Invalid or expired link.';
export const activatedMessage = 'Your account has been activated. You can now log in.';
/** The activation page's message after a new email is confirmed (docs/decisions/0022). */
export const emailConfirmedMessage = 'Your new email address is confirmed. From now on you log in with it.';
/** A new address that another account took while its link waited. */
export const emailTakenAtConfirmationMessage = 'This email address now belongs to another account, so it cannot be confirmed.';

/**
 * POST /activate/ (product §2.2): the link of the activation page is either a registration's
 * activation link or the confirmation of a new email (its own token purpose); each works once.
 */
export async function activateAccount(ctx: AppContext, input: ActivateRequest): Promise<{ message: string }> {
  if ((await checkUserLink(ctx, ctx.db, input.uid, input.token, 'confirm_email')) !== null) return confirmNewEmail(ctx, input);
  return activateRegistration(ctx, input);
}

/**
 * Uses an activation link once and marks the account verified. Using it proves the mailbox, so an
 * account nobody had proven is first cleared of what someone else may have attached to it; a link
 * of a later registration of the same address sets that registration's password and name, so
 * whoever proves the mailbox never keeps a password someone else chose (docs/decisions/0022).
 */
async function activateRegistration(ctx: AppContext, input: ActivateRequest): Promise<{ message: string }> {
  const userId = await checkUserLink(ctx, ctx.db, input.uid, input.token, 'activate');
  const user = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw new AppError('LINK_INVALID', activationFailedMessage);
  if (!user.is_verified) await clearClaimedAccount(ctx, user.id);
  const activated = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await consumeUserLinkWithPayload(ctx, trx, input.uid, input.token, 'activate');
    if (claimed === null) return false;
    const now = ctx.clock.now();
    const registration = claimed.password_hash ? { password_hash: claimed.password_hash, password_changed_at: now, ...(claimed.name ? { name: claimed.name } : {}) } : {};
    await updateUser(trx, claimed.userId, { is_verified: true, ...registration }, now);
    // The account is active now; any other activation link it was sent is spent.
    await invalidateUserTokens(trx, claimed.userId, 'activate', now);
    return true;
  });
  if (!activated) throw new AppError('LINK_INVALID', activationFailedMessage);
  return { message: activatedMessage };
}

/**
 * Confirms a new email from its mailbox: the account's email becomes the address the link was
 * made for, unless another account uses it by now (checked again here, and by the unique index
 * when two confirm at once). Reset links mailed to the old address die; the old address is told;
 * the user's Stripe customer gets the new address through a job queued with the change.
 */
async function confirmNewEmail(ctx: AppContext, input: ActivateRequest): Promise<{ message: string }> {
  const confirm = () =>
    runUnitOfWork(ctx, async (trx) => {
      const claimed = await consumeUserLinkWithPayload(ctx, trx, input.uid, input.token, 'confirm_email');
      const user = claimed ? await findUserById(trx, claimed.userId, { forUpdate: true }) : undefined;
      if (!claimed?.email || !user) throw new AppError('LINK_INVALID', activationFailedMessage);
      const other = await findUserByEmail(trx, claimed.email);
      if (other && other.id !== user.id) throw new AppError('LINK_INVALID', emailTakenAtConfirmationMessage);
      const now = ctx.clock.now();
      await updateUser(trx, user.id, { email: claimed.email }, now);
      await invalidateUserTokens(trx, user.id, 'reset', now);
      await invalidateUserTokens(trx, user.id, 'confirm_email', now);
      await queueEmail(ctx, trx, user.email, emailChangedMail(user.name, claimed.email, ctx.config.supportEmail));
      await queueStripeCustomerUpdate(ctx, trx, user);
    });
  await confirm().catch((error: unknown) => Promise.reject(isUniqueViolation(error) ? new AppError('LINK_INVALID', emailTakenAtConfirmationMessage) : error));
  return { message: emailConfirmedMessage };
}
