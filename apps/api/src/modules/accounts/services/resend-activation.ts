import type { AppContext } from '../../../context.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { activationMail } from '../../../mail/templates.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { findUserByEmail, findUserById } from '../repositories/users.ts';
import type { RecordChange } from '../../../db/database.ts';
import { countAttempt, enforceRateLimits } from '../../../security/rate-limits.ts';
import { findLatestRegistration } from '../repositories/user-tokens.ts';
import { createUserLink } from './user-links.ts';

export const activationResentMessage =
  'If that account is waiting for activation, we have sent a new activation link. Please check your email.';

/**
 * Mails a fresh activation link to an account that is not activated; answers alike for any email.
 * When a later registration of the address waits, the new link is that registration's (its
 * password and name), never an earlier registrant's (docs/decisions/0022).
 */
export async function resendActivation(ctx: AppContext, emailInput: string, clientAddress: string): Promise<{ message: string }> {
  const email = emailInput.trim().toLowerCase();
  await enforceRateLimits(ctx, [{ key: `activation:address:${clientAddress}`, rule: ctx.config.rateLimits.registerPerAddress }]);
  // Over the per-account limit the answer stays the same, but no more mail goes out (no mail flooding).
  const perAccount = await countAttempt(ctx, `activation:account:${email}`, ctx.config.rateLimits.resetPerAccount);
  if (perAccount.allowed) {
    await runUnitOfWork(ctx, async (trx) => {
      const user = await findUserByEmail(trx, email);
      if (!user || user.is_verified || !user.password_hash) return;
      const link = await createUserLink(ctx, trx, user.id, 'activate', await findLatestRegistration(trx, user.id, ctx.clock.now()));
      await queueEmail(ctx, trx, user.email, activationMail(link));
    });
  }
  return { message: activationResentMessage };
}

/**
 * The operator's resend (product §10.13): a fresh activation link for an account that waits for
 * activation, without the visitor's rate limits. An activated account or one without a password
 * (Google sign-in) has nothing to activate (409).
 */
export async function resendActivationFor(ctx: AppContext, userId: number, record: RecordChange<Pick<User, 'id' | 'email'>>): Promise<{ message: string }> {
  const message = await runUnitOfWork(ctx, async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
    if (user.is_verified) throw new AppError('CONFLICT', `${user.email} is already activated.`);
    if (!user.password_hash) throw new AppError('CONFLICT', `${user.email} signs in with Google and has nothing to activate.`);
    const link = await createUserLink(ctx, trx, user.id, 'activate', await findLatestRegistration(trx, user.id, ctx.clock.now()));
    await queueEmail(ctx, trx, user.email, activationMail(link));
    await record(trx, user);
    return `A new activation link was sent to ${user.email}.`;
  });
  return { message };
}
