import type { UpdateSettingsResponse } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { confirmEmailChangeMail, emailChangeRequestedMail, emailChangeToTakenAddressMail } from '../../../mail/templates.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { hasActiveSubscription, queueStripeCustomerUpdate } from '../../billing/index.ts';
import { presentSessionUser } from '../presenters/session-user.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { findUserByEmail, findUserById, updateUser } from '../repositories/users.ts';
import { confirmIdentity } from './confirm-identity.ts';
import { createUserLink } from './user-links.ts';

/** What the settings screen saves: the name, the email and the two email preferences. */
export interface SettingsChange {
  name: string;
  email: string;
  wants_edition_emails: boolean;
  wants_product_news: boolean;
  current_password?: string | undefined;
}

/**
 * PUT /users/{id}/update/ (product §2.13, §4.6, docs/decisions/0022): saves the name and the two
 * email preferences. A new email address is only asked for: confirmed by the current password,
 * it waits on a `confirm_email` link mailed to it (an earlier pending address is dropped), while
 * the account keeps its email, its sessions and its sign-in; the current address gets a notice.
 * The answer is the same whatever the new address: when another account uses it, its owner is
 * told by mail instead and no link is made (the unique email is checked again at confirmation).
 * A new name reaches the user's Stripe customer through a job queued with the change.
 */
export async function updateSettings(
  ctx: AppContext,
  user: User,
  input: SettingsChange,
  session: { cookieValue: string; clientAddress: string },
): Promise<UpdateSettingsResponse> {
  const emailChanges = input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanges) {
    await confirmIdentity(ctx, user, session, input.current_password);
    // Each change mails two addresses: limited like reset mail, so no one floods a mailbox.
    await enforceRateLimits(ctx, [{ key: `email-change:user:${user.id}`, rule: ctx.config.rateLimits.resetPerAccount }]);
  }
  const saved = await runUnitOfWork(ctx, async (trx) => {
    const now = ctx.clock.now();
    await updateUser(trx, user.id, { name: input.name, wants_edition_emails: input.wants_edition_emails, wants_product_news: input.wants_product_news }, now);
    if (emailChanges) {
      await invalidateUserTokens(trx, user.id, 'confirm_email', now);
      const other = await findUserByEmail(trx, input.email);
      if (other && other.id !== user.id) {
        await queueEmail(ctx, trx, other.email, emailChangeToTakenAddressMail(other.is_verified ? other.name : null, ctx.config.supportEmail));
      } else {
        const link = await createUserLink(ctx, trx, user.id, 'confirm_email', { email: input.email });
        await queueEmail(ctx, trx, input.email, confirmEmailChangeMail(link));
      }
      await queueEmail(ctx, trx, user.email, emailChangeRequestedMail(user.name, input.email, ctx.config.supportEmail));
    }
    const updated = await findUserById(trx, user.id);
    if (updated && updated.name !== user.name) await queueStripeCustomerUpdate(ctx, trx, updated);
    return updated;
  });
  const current = saved ?? user;
  return {
    success: true,
    is_active: current.is_active,
    pending_email: emailChanges ? input.email : null,
    user: presentSessionUser(current, { hasActiveSubscription: await hasActiveSubscription(ctx, user.id) }),
  };
}
