import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import { claimUserToken, insertUserToken, invalidateUserTokens, isUserTokenValid, type TokenPayload, type TokenPurpose } from '../repositories/user-tokens.ts';

/** Link lifetimes (product §11.6): activation and the confirmation of a new email 3 days, password reset 1 hour. */
export const LINK_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  activate: 3 * 24 * 60 * 60,
  reset: 60 * 60,
  confirm_email: 3 * 24 * 60 * 60,
};

/** A new email is confirmed on the activation page (product §2.2), with a token of its own purpose. */
const LINK_PATHS: Record<TokenPurpose, string> = { activate: '/activate', reset: '/reset-password', confirm_email: '/activate' };

/** The `{uid}` of a link: base64url of the user id, as Django spells it. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** The user id in a `{uid}`, or null for anything that is not one (never throws). */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9][0-9]{0,9}$/.test(decoded)) return null;
  const id = Number(decoded);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Creates a single-use link for the user and returns `APP_URL/<path>/{uid}/{token}`; only the
 * token's hash is stored. A new reset link kills the older ones. Activation links all stay valid
 * until they expire or one is used: mails sent together may arrive in any order, and whichever
 * the user clicks must work.
 */
export async function createUserLink(ctx: AppContext, db: Db, userId: number, purpose: TokenPurpose, payload: TokenPayload = {}): Promise<string> {
  const now = ctx.clock.now();
  const token = randomToken();
  if (purpose === 'reset') await invalidateUserTokens(db, userId, 'reset', now);
  await insertUserToken(db, {
    user_id: userId,
    purpose,
    token_hash: sha256(token),
    created_at: now,
    expires_at: addSeconds(now, LINK_LIFETIME_SECONDS[purpose]),
    ...payload,
  });
  return `${ctx.config.appUrl}${LINK_PATHS[purpose]}/${encodeUid(userId)}/${token}`;
}

/** The user id a link belongs to if the link is valid now, without using it up. */
export async function checkUserLink(ctx: AppContext, db: Db, uid: string, token: string, purpose: TokenPurpose): Promise<number | null> {
  const userId = decodeUid(uid);
  if (userId === null) return null;
  const valid = await isUserTokenValid(db, { user_id: userId, purpose, token_hash: sha256(token) }, ctx.clock.now());
  return valid ? userId : null;
}

/** Uses up a link; the user id when it was valid and is now spent, null otherwise. */
export async function consumeUserLink(ctx: AppContext, db: Db, uid: string, token: string, purpose: TokenPurpose): Promise<number | null> {
  return (await consumeUserLinkWithPayload(ctx, db, uid, token, purpose))?.userId ?? null;
}

/** Uses up a link and returns what it carried (a pending address, a registration's password and name). */
export async function consumeUserLinkWithPayload(ctx: AppContext, db: Db, uid: string, token: string, purpose: TokenPurpose): Promise<(TokenPayload & { userId: number }) | null> {
  const userId = decodeUid(uid);
  if (userId === null) return null;
  const claimed = await claimUserToken(db, { user_id: userId, purpose, token_hash: sha256(token) }, ctx.clock.now());
  return claimed ? { ...claimed, userId } : null;
}
