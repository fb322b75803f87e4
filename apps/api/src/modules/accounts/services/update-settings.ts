import { emailTakenMessage, type updateSettingsRequest, type UpdateSettingsResponse } from '@tradelist/contract/accounts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { validationFailed } from '../../../errors.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { activationMail, emailChangedMail } from '../../../mail/templates.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { deleteSessionsOfUser } from '../../../security/sessions-repository.ts';
import { hasActiveSubscription } from '../../billing/services/entitlements.ts';
import { presentSessionUser } from '../presenters/session-user.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { findUserByEmail, findUserById, updateUser } from '../repositories/users.ts';
import { createUserLink } from './user-links.ts';

const takenError = () => validationFailed({ email: [emailTakenMessage] });

/**
 * PUT /users/{id}/update/ (product §2.13, §4.6): saves the name and the two email preferences;
 * a new email address needs activating. Then the new address gets an activation link, the old
 * one a notice, the account counts as not activated until the link is used (sign-in is refused,
 * every session ends) and outstanding reset links die, so only the new mailbox can bring the
 * account back. An address another account uses is a field error, and nothing changes.
 */
export async function updateSettings(ctx: AppContext, user: User, input: z.output<typeof updateSettingsRequest>): Promise<UpdateSettingsResponse> {
  const emailChanges = input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanges) {
    // Each change mails two addresses: limited like reset mail, so no one floods a mailbox.
    await enforceRateLimits(ctx, [{ key: `email-change:user:${user.id}`, rule: ctx.config.rateLimits.resetPerAccount }]);
  }
  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      if (emailChanges) {
        const other = await findUserByEmail(trx, input.email);
        if (other && other.id !== user.id) throw takenError();
      }
      await updateUser(
        trx,
        user.id,
        {
          name: input.name,
          update1: input.update1,
          update2: input.update2,
          ...(emailChanges ? { email: input.email, is_verified: false } : {}),
        },
        now,
      );
      if (emailChanges) {
        await invalidateUserTokens(trx, user.id, 'reset', now);
        await invalidateUserTokens(trx, user.id, 'activate', now);
        await deleteSessionsOfUser(trx, user.id);
        const link = await createUserLink(ctx, trx, user.id, 'activate');
        await queueEmail(ctx, trx, input.email, activationMail(link));
        await queueEmail(ctx, trx, user.email, emailChangedMail(user.name, input.email, ctx.config.supportEmail));
      }
      return findUserById(trx, user.id);
    });
  // Two accounts moving to the same address at once: the unique index refuses the loser.
  const saved = await save().catch((error: unknown) => Promise.reject(isUniqueViolation(error) ? takenError() : error));
  ctx.queue.wake();
  const current = saved ?? user;
  return {
    success: true,
    is_active: current.is_active && current.is_verified,
    user: presentSessionUser(current, { hasActiveSubscription: await hasActiveSubscription(ctx, user.id) }),
  };
}
