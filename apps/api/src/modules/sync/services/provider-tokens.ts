import type { SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { ProviderConnectionRow } from '../../../db/schema.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { InvalidGrantError, type TokenSet, type TokenSource } from '../../../integrations/oauth-client.ts';
import { findConnection, lockConnection, updateConnection } from '../repositories/connections.ts';
import { providerOAuth, requireCredentials, tokenContext } from './providers.ts';
import { openToken, sealToken } from './token-cipher.ts';

/** An access token is refreshed this long before it expires. */
export const REFRESH_MARGIN_SECONDS = 5 * 60;

/** The connection is gone: disconnected, or the provider refused its refresh token. Only a new sign-in helps. */
export class ConnectionGoneError extends Error {
  override name = 'ConnectionGoneError';
}

/** The columns that store a token set, sealed. */
export function sealedTokenColumns(ctx: AppContext, userId: number, provider: SyncProvider, tokens: TokenSet, now: Date) {
  const access = sealToken(ctx.config.tokenKeys, tokens.accessToken, tokenContext(userId, provider, 'access'));
  const refresh = sealToken(ctx.config.tokenKeys, tokens.refreshToken, tokenContext(userId, provider, 'refresh'));
  return {
    key_id: access.keyId,
    access_token_enc: access.value,
    refresh_token_enc: refresh.value,
    access_expires_at: addSeconds(now, tokens.accessExpiresIn),
    refresh_expires_at: tokens.refreshExpiresIn === undefined ? null : addSeconds(now, tokens.refreshExpiresIn),
  };
}

function openColumn(ctx: AppContext, row: ProviderConnectionRow, field: 'access' | 'refresh'): string {
  const value = field === 'access' ? row.access_token_enc : row.refresh_token_enc;
  if (!row.key_id || !value) throw new ConnectionGoneError('The connection holds no token');
  return openToken(ctx.config.tokenKeys, { keyId: row.key_id, value }, tokenContext(row.user_id, row.provider, field));
}

/** The refresh token of a connection (disconnect revokes the grant with it). */
export function openRefreshToken(ctx: AppContext, row: ProviderConnectionRow): string {
  return openColumn(ctx, row, 'refresh');
}

/** What a Jobber connection's query-cost bucket is shared by: its account, or the connection when Jobber did not name the account. */
export function jobberPacingKey(row: Pick<ProviderConnectionRow, 'id' | 'account_id'>): string {
  return row.account_id || `connection-${row.id}`;
}

/** Whether a row is connected, by its status and its refresh token's known expiry. */
export function isLive(row: ProviderConnectionRow | undefined, now: Date): row is ProviderConnectionRow {
  return row?.status === 'connected' && (row.refresh_expires_at === null || row.refresh_expires_at > now);
}

const fresh = (row: ProviderConnectionRow, now: Date): boolean =>
  row.access_expires_at !== null && row.access_expires_at.getTime() - REFRESH_MARGIN_SECONDS * 1000 > now.getTime();

/**
 * Refreshes the connection's tokens, one refresh at a time: the row is locked (SELECT ... FOR
 * UPDATE) and read again, so a caller that waited behind another's refresh uses the token it
 * got instead of spending the rotated refresh token twice; the new access and refresh tokens
 * are written in the same transaction. `rejected` is the access token the provider just refused
 * (it is refreshed even if it looks fresh). A refused refresh (invalid_grant) leaves the
 * connection disconnected without tokens.
 */
async function refreshUnderLock(ctx: AppContext, connectionId: number, rejected: string | null): Promise<string> {
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<{ token: string } | { gone: string }> => {
    const row = await lockConnection(trx, connectionId);
    const now = ctx.clock.now();
    if (!isLive(row, now)) return { gone: 'The connection is not connected any more' };
    const current = openColumn(ctx, row, 'access');
    if (current !== rejected && fresh(row, now)) return { token: current };
    let tokens: TokenSet;
    try {
      tokens = await providerOAuth[row.provider].refresh(ctx.config, requireCredentials(ctx.config, row.provider), openColumn(ctx, row, 'refresh'));
    } catch (error) {
      if (!(error instanceof InvalidGrantError)) throw error;
      await updateConnection(trx, row.id, {
        status: 'disconnected',
        key_id: null,
        access_token_enc: null,
        refresh_token_enc: null,
        access_expires_at: null,
        refresh_expires_at: null,
        updated_at: now,
        disconnected_reason: 'The provider refused the refresh token (invalid_grant).',
      });
      return { gone: 'The provider refused the refresh token' };
    }
    await updateConnection(trx, row.id, {
      ...sealedTokenColumns(ctx, row.user_id, row.provider, tokens, now),
      version: row.version + 1,
      refreshed_at: now,
      updated_at: now,
    });
    return { token: tokens.accessToken };
  });
  if ('gone' in outcome) {
    ctx.log.warn({ connectionId }, `provider connection lost: ${outcome.gone}`);
    throw new ConnectionGoneError(outcome.gone);
  }
  return outcome.token;
}

/** The bearer tokens of one connection for an API client: read, refreshed before expiry and after a 401. */
export function connectionTokens(ctx: AppContext, userId: number, provider: SyncProvider): TokenSource {
  let cached: { token: string; row: ProviderConnectionRow } | undefined;
  const load = async (): Promise<string> => {
    const row = await findConnection(ctx.db, userId, provider);
    const now = ctx.clock.now();
    if (!isLive(row, now)) throw new ConnectionGoneError('The connection is not connected');
    if (fresh(row, now)) {
      cached = { token: openColumn(ctx, row, 'access'), row };
      return cached.token;
    }
    cached = undefined;
    return refreshUnderLock(ctx, row.id, null);
  };
  return {
    current: async () => (cached && fresh(cached.row, ctx.clock.now()) ? cached.token : load()),
    afterUnauthorized: async (rejected) => {
      cached = undefined;
      const row = await findConnection(ctx.db, userId, provider);
      if (!row) throw new ConnectionGoneError('The connection is not connected');
      return refreshUnderLock(ctx, row.id, rejected);
    },
  };
}
