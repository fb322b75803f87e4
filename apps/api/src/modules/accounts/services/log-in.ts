import type { LoginRequest } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../../security/passwords.ts';
import { findUserByEmail, updateUser } from '../repositories/users.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';

export const invalidCredentialsMessage = 'Invalid email or password.';
export const notActivatedMessage =
  'Your account is not activated yet. Please click the link in the activation email we sent you.';

/** An account the operator disabled (product §10.13): refused at every sign-in, with where to ask. */
export function accountDisabledMessage(supportEmail: string): string {
  return `This account has been disabled. Please contact ${supportEmail} if you think this is a mistake.`;
}

/**
 * Checks an email and password. Unknown email and wrong password answer alike and take the same
 * time; an account that is not activated is told so only once the password is right.
 */
export async function logIn(ctx: AppContext, input: LoginRequest, clientAddress: string): Promise<User> {
  const email = input.email.trim().toLowerCase();
  await enforceRateLimits(ctx, [
    { key: `login:address:${clientAddress}`, rule: ctx.config.rateLimits.loginPerAddress },
    // The account together with the address (docs/decisions/0005): someone who knows the email
    // can lock out only their own address, never the owner elsewhere.
    { key: `login:account-address:${email}|${clientAddress}`, rule: ctx.config.rateLimits.loginPerAccount },
  ]);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.password_hash) {
    await verifyAgainstDummy(input.password);
    throw new AppError('INVALID_CREDENTIALS', invalidCredentialsMessage);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('INVALID_CREDENTIALS', invalidCredentialsMessage);
  }
  if (!user.is_active) throw new AppError('ACCOUNT_DISABLED', accountDisabledMessage(ctx.config.supportEmail));
  if (!user.is_verified) throw new AppError('ACCOUNT_NOT_ACTIVATED', notActivatedMessage);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { last_login_at: now }, now);
    // Django parity: signing in kills outstanding reset links.
    await invalidateUserTokens(trx, user.id, 'reset', now);
  });
  return user;
}
