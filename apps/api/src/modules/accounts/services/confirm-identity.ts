import { currentPasswordRequiredMessage, currentPasswordWrongMessage, googleSignInAgainMessage } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { validationFailed } from '../../../errors.ts';
import { sha256 } from '../../../lib/secrets.ts';
import { verifyPassword } from '../../../security/passwords.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { findSessionWithUser } from '../../../security/sessions-repository.ts';

/** How recent a Google sign-in must be to stand in for a password (docs/decisions/0022). */
export const FRESH_GOOGLE_SIGN_IN_SECONDS = 10 * 60;

/**
 * A sensitive change (a new email, deleting the account) needs more than the session: the
 * current password, or for an account without one (it signs in with Google only, so each of its
 * sessions began with a Google sign-in) a session that began in the last 10 minutes. Wrong
 * passwords are limited like log-in attempts, per account and client address and per address.
 * Refusals are field errors on `current_password`.
 */
export async function confirmIdentity(ctx: AppContext, user: User, session: { cookieValue: string; clientAddress: string }, currentPassword: string | undefined): Promise<void> {
  if (!user.password_hash) {
    const found = await findSessionWithUser(ctx.db, sha256(session.cookieValue));
    const age = found ? (ctx.clock.now().getTime() - found.session.created_at.getTime()) / 1000 : Infinity;
    if (found?.user.id !== user.id || age > FRESH_GOOGLE_SIGN_IN_SECONDS) throw validationFailed({ current_password: [googleSignInAgainMessage] });
    return;
  }
  if (!currentPassword) throw validationFailed({ current_password: [currentPasswordRequiredMessage] });
  await enforceRateLimits(ctx, [
    { key: `current-password:address:${session.clientAddress}`, rule: ctx.config.rateLimits.loginPerAddress },
    { key: `current-password:account-address:${user.id}|${session.clientAddress}`, rule: ctx.config.rateLimits.loginPerAccount },
  ]);
  if (!(await verifyPassword(user.password_hash, currentPassword))) throw validationFailed({ current_password: [currentPasswordWrongMessage] });
}
