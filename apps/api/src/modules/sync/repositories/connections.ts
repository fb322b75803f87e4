import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { ProviderConnectionRow, ProviderConnectionsTable } from '../../../db/schema.ts';

type Provider = ProviderConnectionsTable['provider'];

/** The user's connection to a provider, connected or not. */
export function findConnection(db: Db, userId: number, provider: Provider): Promise<ProviderConnectionRow | undefined> {
  return db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
}

/** A connection by id, locked until the transaction ends (one refresh at a time per connection). */
export function lockConnection(db: Db, id: number): Promise<ProviderConnectionRow | undefined> {
  return db.selectFrom('provider_connections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Stores a new connection, replacing the user's previous one to that provider. */
export function saveConnection(db: Db, connection: Insertable<ProviderConnectionsTable>): Promise<ProviderConnectionRow> {
  const { user_id: _user, provider: _provider, ...changes } = connection;
  return db
    .insertInto('provider_connections')
    .values(connection)
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet({ ...changes, version: (eb) => eb('provider_connections.version', '+', 1) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a connection (new tokens after a refresh, or disconnected without tokens). */
export async function updateConnection(db: Db, id: number, changes: Updateable<ProviderConnectionsTable>): Promise<void> {
  await db.updateTable('provider_connections').set(changes).where('id', '=', id).execute();
}

/** Forgets the user's connection to a provider and its tokens. */
export async function deleteConnection(db: Db, userId: number, provider: Provider): Promise<void> {
  await db.deleteFrom('provider_connections').where('user_id', '=', userId).where('provider', '=', provider).execute();
}

/** Turns the automatic sync of a user's connection on or off; answers whether the user has that connection. */
export async function setAutomaticSync(db: Db, userId: number, provider: Provider, on: boolean): Promise<boolean> {
  const result = await db.updateTable('provider_connections').set({ automatic_sync: on }).where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A page of the connections with the automatic sync on that already hold the list of
 * `categoryId`: a sync of one of its editions to the same company or account succeeded before
 * (decision 0050; the switch keeps lists current, it never brings in a list the user did not sync).
 */
export function listAutomaticConnectionsAfter(db: Db, categoryId: number, afterId: number, limit: number): Promise<Array<Pick<ProviderConnectionRow, 'id' | 'user_id' | 'provider'>>> {
  return db
    .selectFrom('provider_connections')
    .select(['provider_connections.id', 'provider_connections.user_id', 'provider_connections.provider'])
    .where('provider_connections.automatic_sync', '=', true)
    .where('provider_connections.id', '>', afterId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sync_runs')
          .innerJoin('collections', 'collections.id', 'sync_runs.collection_id')
          .select('sync_runs.id')
          .whereRef('sync_runs.user_id', '=', 'provider_connections.user_id')
          .whereRef('sync_runs.provider', '=', 'provider_connections.provider')
          .whereRef('sync_runs.account_id', '=', 'provider_connections.account_id')
          .where('sync_runs.status', '=', 'succeeded')
          .where('collections.category_id', '=', categoryId),
      ),
    )
    .orderBy('provider_connections.id')
    .limit(limit)
    .execute();
}
