import type { Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { AutomaticSyncRow, AutomaticSyncsTable, User } from '../../../db/schema.ts';

type Provider = AutomaticSyncsTable['provider'];
type State = AutomaticSyncsTable['state'];

/**
 * Records that the automatic sync looks at this edition for this connection, once: answers the
 * new row's id, or undefined when one exists already (a re-publication, a retry, another worker).
 */
export async function insertAutomaticSync(db: Db, row: { userId: number; provider: Provider; collectionId: number; now: Date }): Promise<number | undefined> {
  const inserted = await db
    .insertInto('automatic_syncs')
    .values({ user_id: row.userId, provider: row.provider, collection_id: row.collectionId, state: 'pending', created_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'provider', 'collection_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findAutomaticSync(db: Db, id: number): Promise<AutomaticSyncRow | undefined> {
  return db.selectFrom('automatic_syncs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The automatic sync a sync run was queued for, while that run is its own (state syncing). */
export function findSyncingOfRun(db: Db, syncRunId: number): Promise<AutomaticSyncRow | undefined> {
  return db.selectFrom('automatic_syncs').selectAll().where('sync_run_id', '=', syncRunId).where('state', '=', 'syncing').executeTakeFirst();
}

/**
 * Moves an automatic sync from one of `from` to a new state, in one statement: answers the row
 * as changed, or undefined when it was not in one of them (another attempt moved it first), so
 * that what follows the change (an email) happens once.
 */
export function moveAutomaticSync(db: Db, id: number, from: State[], changes: Updateable<AutomaticSyncsTable> & { state: State }): Promise<AutomaticSyncRow | undefined> {
  return db.updateTable('automatic_syncs').set(changes).where('id', '=', id).where('state', 'in', from).returningAll().executeTakeFirst();
}

/** Who an automatic sync's email goes to. */
export function findRecipient(db: Db, userId: number): Promise<Pick<User, 'id' | 'name' | 'email' | 'is_active'> | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'email', 'is_active']).where('id', '=', userId).executeTakeFirst();
}
