import type { RegisterRequest } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import { validationFailed } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { hashPassword, newPasswordErrors } from '../../../security/passwords.ts';
import { activationMail, existingAccountMail } from '../../../mail/templates.ts';
import { findUserByEmail, insertUser } from '../repositories/users.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { createUserLink } from './user-links.ts';

export const registeredMessage = 'Thanks for signing up, please check your email to verify your account!';

/**
 * Registers an account and mails its activation link. An email that already has an account gets
 * the same answer, and its owner gets a mail instead (no account enumeration). An address held by
 * an account that was never activated gets a link of its own carrying this registration's
 * password and name: using it sets them, so whoever proves the mailbox never ends up with a
 * password someone else chose (docs/decisions/0022). A pending new email of another account is
 * never matched: it is not an account's address until confirmed.
 */
export async function registerUser(ctx: AppContext, input: RegisterRequest, clientAddress: string): Promise<{ message: string }> {
  const fields = newPasswordErrors(input.password, input.password2, { password: 'password', repeat: 'password2' });
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const email = input.email.trim();
  await enforceRateLimits(ctx, [
    { key: `register:address:${clientAddress}`, rule: ctx.config.rateLimits.registerPerAddress },
    { key: `register:account:${email.toLowerCase()}`, rule: ctx.config.rateLimits.registerPerAccount },
  ]);
  // Hash before looking the email up, so both paths take the same time.
  const passwordHash = await hashPassword(input.password);

  const store = () => runUnitOfWork(ctx, async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      if (existing.is_verified) {
        const mail = existingAccountMail(existing.name, `${ctx.config.appUrl}/login`, `${ctx.config.appUrl}/forgot-password`);
        await queueEmail(ctx, trx, existing.email, mail);
      } else {
        const link = await createUserLink(ctx, trx, existing.id, 'activate', { password_hash: passwordHash, name: input.username.trim() });
        await queueEmail(ctx, trx, existing.email, activationMail(link));
      }
      return;
    }
    const user = await insertUser(trx, {
      name: input.username.trim(),
      email,
      password_hash: passwordHash,
      google_subject: null,
      password_changed_at: ctx.clock.now(),
      last_login_at: null,
      created_at: ctx.clock.now(),
      updated_at: ctx.clock.now(),
    });
    const link = await createUserLink(ctx, trx, user.id, 'activate');
    await queueEmail(ctx, trx, user.email, activationMail(link));
  });
  // A double-submitted form races itself: the loser's insert hits the unique email index; tried
  // again, it finds the winner's row and answers like any repeated registration.
  await store().catch((error: unknown) => (isUniqueViolation(error) ? store() : Promise.reject(error)));
  return { message: registeredMessage };
}
