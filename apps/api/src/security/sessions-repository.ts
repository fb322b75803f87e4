import type { Db } from '../db/database.ts';
import type { User } from '../db/schema.ts';

export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** Stores a new session. */
export async function insertSession(
  db: Db,
  session: SessionRow & { user_agent: string | null; ip: string | null },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session with this id hash and its user. */
export async function findSessionWithUser(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; user: User } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

/** Records activity and the new idle expiry. */
export async function touchSession(db: Db, idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}

/** Deletes one session. */
export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Deletes every session of a user (password change, account deletion). */
export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes sessions that expired before `before` (housekeeping). */
export async function deleteExpiredSessions(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}
