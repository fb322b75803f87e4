import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { addSeconds } from '../lib/clock.ts';
import { randomToken, sha256 } from '../lib/secrets.ts';
import { deleteSession, findSessionWithUser, insertSession, touchSession } from './sessions-repository.ts';

/** A session ends after 14 days without use, and 30 days after sign-in in any case. */
export const SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
// Activity is written at most this often, so reads do not turn every request into a write.
const TOUCH_INTERVAL_SECONDS = 5 * 60;

/** Starts a session for the user and returns the cookie value (only its hash is stored). */
export async function createSession(ctx: AppContext, userId: number, meta: { userAgent: string | null; ip: string | null }): Promise<string> {
  const now = ctx.clock.now();
  const cookieValue = randomToken();
  await insertSession(ctx.db, {
    id_hash: sha256(cookieValue),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: addSeconds(now, SESSION_IDLE_SECONDS),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return cookieValue;
}

/** The user behind a session cookie value, if the session is live and the account usable. */
export async function resolveSession(ctx: AppContext, cookieValue: string): Promise<User | null> {
  const idHash = sha256(cookieValue);
  const found = await findSessionWithUser(ctx.db, idHash);
  if (!found) return null;
  const now = ctx.clock.now();
  const { session, user } = found;
  const absoluteEnd = addSeconds(session.created_at, SESSION_ABSOLUTE_SECONDS);
  if (session.expires_at <= now || absoluteEnd <= now || !user.is_active) {
    await deleteSession(ctx.db, idHash);
    return null;
  }
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    const idleEnd = addSeconds(now, SESSION_IDLE_SECONDS);
    await touchSession(ctx.db, idHash, now, idleEnd < absoluteEnd ? idleEnd : absoluteEnd);
  }
  return user;
}

/** Ends the session behind a cookie value. */
export async function endSession(ctx: AppContext, cookieValue: string): Promise<void> {
  await deleteSession(ctx.db, sha256(cookieValue));
}
