import type { AppContext } from '../../../context.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { passwordResetMail } from '../../../mail/templates.ts';
import { findUserByEmail } from '../repositories/users.ts';
import { countAttempt, enforceRateLimits } from '../../../security/rate-limits.ts';
import { createUserLink } from './user-links.ts';

export const resetRequestedMessage = 'If an account exists for that email, we have sent a link to reset your password.';

/**
 * Mails a password reset link (1 hour, single use). The answer is the same whether or not the
 * email is registered; past the per-account limit no further mail goes out.
 */
export async function requestPasswordReset(ctx: AppContext, emailInput: string, clientAddress: string): Promise<{ message: string }> {
  const email = emailInput.trim().toLowerCase();
  await enforceRateLimits(ctx, [{ key: `reset:address:${clientAddress}`, rule: ctx.config.rateLimits.resetPerAddress }]);
  const perAccount = await countAttempt(ctx, `reset:account:${email}`, ctx.config.rateLimits.resetPerAccount);
  if (perAccount.allowed) {
    await runUnitOfWork(ctx, async (trx) => {
      const user = await findUserByEmail(trx, email);
      if (!user || !user.is_active) return;
      const link = await createUserLink(ctx, trx, user.id, 'reset');
      await queueEmail(ctx, trx, user.email, passwordResetMail(user.is_verified ? user.name : null, link));
    });
  }
  return { message: resetRequestedMessage };
}
