import type { Db } from '../../../db/database.ts';

/** The ids of every operator, their rows locked until the transaction ends (a revoke counts them first). */
export async function lockOperators(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'operator').orderBy('id').forNoKeyUpdate().execute();
  return rows.map((row) => row.id);
}

/** Sets a user's role. */
export async function setRole(db: Db, userId: number, role: 'user' | 'operator', now: Date): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
}
