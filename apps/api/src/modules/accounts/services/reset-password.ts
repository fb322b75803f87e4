import type { ResetPasswordRequest } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { hashPassword, newPasswordErrors } from '../../../security/passwords.ts';
import { passwordChangedMail } from '../../../mail/templates.ts';
import { deleteSessionsOfUser } from '../../../security/sessions-repository.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { findUserById, updateUser } from '../repositories/users.ts';
import { clearClaimedAccount } from './clear-claimed-account.ts';
import { checkUserLink, consumeUserLink } from './user-links.ts';

export const resetLinkInvalidMessage = 'This password reset link is invalid or has expired. Please request a new one.';
export const passwordResetMessage = 'Your password has been reset. You can now log in with your new password.';

/**
 * Sets a new password through a reset link: the link is used up, every other reset link dies,
 * every session of the account is signed out, and the owner is told by email.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<{ message: string }> {
  const holderId = await checkUserLink(ctx, ctx.db, input.uid, input.token, 'reset');
  if (holderId === null) throw new AppError('LINK_INVALID', resetLinkInvalidMessage);
  const fields = newPasswordErrors(input.new_password1, input.new_password2, { password: 'new_password1', repeat: 'new_password2' });
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const passwordHash = await hashPassword(input.new_password1);
  // A reset proves the mailbox: an account nobody had proven is cleared before it is handed over.
  const holder = await findUserById(ctx.db, holderId);
  if (holder && !holder.is_verified) await clearClaimedAccount(ctx, holder.id);
  await runUnitOfWork(ctx, async (trx) => {
    const userId = await consumeUserLink(ctx, trx, input.uid, input.token, 'reset');
    const user = userId === null ? undefined : await findUserById(trx, userId);
    if (!user) throw new AppError('LINK_INVALID', resetLinkInvalidMessage);
    const now = ctx.clock.now();
    // The reset proves the owner reads this mailbox, so the account counts as verified.
    await updateUser(trx, user.id, { password_hash: passwordHash, password_changed_at: now, is_verified: true }, now);
    await invalidateUserTokens(trx, user.id, 'reset', now);
    await deleteSessionsOfUser(trx, user.id);
    await queueEmail(ctx, trx, user.email, passwordChangedMail(user.is_verified ? user.name : null, ctx.config.supportEmail));
  });
  return { message: passwordResetMessage };
}
