import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { verifyGoogleIdToken } from '../../../integrations/google/verify-id-token.ts';
import { deleteSessionsOfUser } from '../../../security/sessions-repository.ts';
import { recordGoogleTokenUse } from '../../../security/google-token-uses-repository.ts';
import { findUserByEmail, findUserByGoogleSubject, insertUser, updateUser } from '../repositories/users.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { clearClaimedAccount } from './clear-claimed-account.ts';
import { accountDisabledMessage, notActivatedMessage } from './log-in.ts';

export const googleTokenInvalidMessage = 'Google login failed.';
export const googleAccountMismatchMessage =
  'This email is already linked to a different Google account. Please sign in with that account or with your password.';
export const googleEmailNotVerifiedMessage =
  'Google has not verified this email address, so we cannot sign you in with it. Please sign in with your password.';

/**
 * Signs in with a Google ID token. The account is found by Google's `sub`; failing that, an
 * account with the same email is linked only when Google says the email is verified. An account
 * whose address nobody had proven is taken over (someone else may have registered it, or parked
 * it under the old email-change rule: docs/decisions/0022): it is cleared of connections, Stripe
 * customer, sessions, setup and password, and gets the Google name. A new account is created when
 * there is none; a pending new email of another account is never matched.
 * Each token signs in once (its `jti` is remembered until it expires).
 */
export async function logInWithGoogle(ctx: AppContext, token: string, clientAddress: string): Promise<User> {
  await enforceRateLimits(ctx, [{ key: `google-login:address:${clientAddress}`, rule: ctx.config.rateLimits.loginPerAddress }]);
  const clientId = ctx.config.google.clientId;
  if (!clientId) throw new AppError('GOOGLE_TOKEN_INVALID', 'Google sign-in is not available.');
  const identity = await verifyGoogleIdToken(token, { certsUrl: ctx.config.google.certsUrl, clientId });
  if (!identity) throw new AppError('GOOGLE_TOKEN_INVALID', googleTokenInvalidMessage);

  const now = ctx.clock.now();
  // A token works once: one that leaked (a log, a proxy, a shared machine) cannot sign in again
  // before it expires. Spent even if the sign-in below is refused.
  if (!(await recordGoogleTokenUse(ctx.db, { jti: identity.tokenId, expires_at: identity.expiresAt, used_at: now }))) {
    throw new AppError('GOOGLE_TOKEN_INVALID', googleTokenInvalidMessage);
  }
  // An unproven account is cleared before the transaction below hands it over: revoking its
  // connections and canceling at Stripe are calls to providers, kept out of a transaction.
  const candidate = (await findUserByGoogleSubject(ctx.db, identity.subject)) ?? (identity.emailVerified ? await findUserByEmail(ctx.db, identity.email) : undefined);
  if (candidate && candidate.is_active && !candidate.is_verified && candidate.google_subject !== identity.subject) await clearClaimedAccount(ctx, candidate.id);

  const signIn = () => ctx.db.transaction().execute(async (trx) => {
    const linked = await findUserByGoogleSubject(trx, identity.subject);
    if (linked && !linked.is_active) throw new AppError('ACCOUNT_DISABLED', accountDisabledMessage(ctx.config.supportEmail));
    // An account the old email-change rule left on an unproven address waits until someone
    // proves that mailbox (docs/decisions/0022).
    if (linked && !linked.is_verified) throw new AppError('ACCOUNT_NOT_ACTIVATED', notActivatedMessage);
    if (linked) return linked;
    if (!identity.emailVerified) throw new AppError('GOOGLE_EMAIL_NOT_VERIFIED', googleEmailNotVerifiedMessage);
    const existing = await findUserByEmail(trx, identity.email);
    if (existing && !existing.is_active) throw new AppError('ACCOUNT_DISABLED', accountDisabledMessage(ctx.config.supportEmail));
    if (existing) {
      // Linked a moment ago by a concurrent sign-in of the same Google account (a double click).
      if (existing.google_subject === identity.subject) return existing;
      const takeOver = !existing.is_verified;
      // A Google account linked to a proven address keeps it; an unproven one loses it below.
      if (existing.google_subject !== null && !takeOver) throw new AppError('FORBIDDEN', googleAccountMismatchMessage);
      const changes = { google_subject: identity.subject, is_verified: true, ...(takeOver ? { password_hash: null, password_changed_at: null, name: identity.name } : {}) };
      await updateUser(trx, existing.id, changes, now);
      if (takeOver) await deleteSessionsOfUser(trx, existing.id);
      return { ...existing, ...changes };
    }
    return insertUser(trx, {
      name: identity.name,
      email: identity.email,
      password_hash: null,
      google_subject: identity.subject,
      is_verified: true,
      password_changed_at: null,
      last_login_at: now,
      created_at: now,
      updated_at: now,
    });
  });
  // Two first sign-ins at once (a double click) race to insert the same user; the loser, tried
  // again, finds the winner's row.
  const user = await signIn().catch((error: unknown) => (isUniqueViolation(error) ? signIn() : Promise.reject(error)));
  await updateUser(ctx.db, user.id, { last_login_at: now, google_email: identity.email }, now);
  return { ...user, google_email: identity.email };
}
