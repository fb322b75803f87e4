import { automaticSyncMessages, type ConnectionStatus, type SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { findConnection, setAutomaticSync } from '../repositories/connections.ts';
import { connectionStatus } from './connections.ts';
import { isLive } from './provider-tokens.ts';

/**
 * PUT /quickbooks/automatic-sync/, /jobber/automatic-sync/ (product §10.22): turns the hands-free
 * months of the user's connection on or off. Only a live connection can be turned on (409
 * otherwise); turning off always succeeds. Answers the connection's status.
 */
export async function changeAutomaticSync(ctx: AppContext, userId: number, provider: SyncProvider, on: boolean): Promise<ConnectionStatus> {
  const connection = await findConnection(ctx.db, userId, provider);
  if (on && !isLive(connection, ctx.clock.now())) throw new AppError('NOT_CONNECTED', automaticSyncMessages(provider).notConnected);
  if (connection) await setAutomaticSync(ctx.db, userId, provider, on);
  return connectionStatus(ctx, userId, provider);
}
