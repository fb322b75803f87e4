import type { Db } from '../../../db/database.ts';
import type { SyncLinksTable } from '../../../db/schema.ts';

export type LinkScope = Pick<SyncLinksTable, 'user_id' | 'provider' | 'account_id' | 'kind'>;

/** Every link of one kind in one company or account: our key → the provider's id. */
export async function linksOf(db: Db, scope: LinkScope): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('sync_links')
    .select(['key', 'remote_id'])
    .where('user_id', '=', scope.user_id)
    .where('provider', '=', scope.provider)
    .where('account_id', '=', scope.account_id)
    .where('kind', '=', scope.kind)
    .execute();
  return new Map(rows.map((r) => [r.key, r.remote_id]));
}

/** Records (or moves) links. */
export async function saveLinks(db: Db, scope: LinkScope, links: Array<{ key: string; remoteId: string }>): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('sync_links')
    .values(links.map((l) => ({ ...scope, key: l.key, remote_id: l.remoteId })))
    .onConflict((oc) => oc.columns(['user_id', 'provider', 'account_id', 'kind', 'key']).doUpdateSet((eb) => ({ remote_id: eb.ref('excluded.remote_id') })))
    .execute();
}

/** Forgets every link of one kind in one company or account. */
export async function forgetLinks(db: Db, scope: LinkScope): Promise<void> {
  await db
    .deleteFrom('sync_links')
    .where('user_id', '=', scope.user_id)
    .where('provider', '=', scope.provider)
    .where('account_id', '=', scope.account_id)
    .where('kind', '=', scope.kind)
    .execute();
}
