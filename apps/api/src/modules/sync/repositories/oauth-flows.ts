import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { OauthFlowsTable } from '../../../db/schema.ts';

/** Records a started authorization; flows older than a day (long expired) go at the same time. */
export async function insertOauthFlow(db: Db, flow: Insertable<OauthFlowsTable>, forgetBefore: Date): Promise<void> {
  await db.deleteFrom('oauth_flows').where('expires_at', '<', forgetBefore).execute();
  await db.insertInto('oauth_flows').values(flow).execute();
}

/**
 * Uses up the flow of this state, once: it must be this provider's, this user's and this
 * session's, unused and unexpired. Answers whether it was.
 */
export async function consumeOauthFlow(
  db: Db,
  flow: { stateHash: string; provider: OauthFlowsTable['provider']; userId: number; sessionHash: string; now: Date },
): Promise<boolean> {
  const used = await db
    .updateTable('oauth_flows')
    .set({ used_at: flow.now })
    .where('state_hash', '=', flow.stateHash)
    .where('provider', '=', flow.provider)
    .where('user_id', '=', flow.userId)
    .where('session_hash', '=', flow.sessionHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', flow.now)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}
