import type { AuthCompletedResponse, ConnectionStatus, SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { InvalidGrantError, type TokenSet } from '../../../integrations/oauth-client.ts';
import { JobberClient, jobberAccountOf } from '../../../integrations/jobber/client.ts';
import { QuickBooksClient, revokeQuickBooksToken } from '../../../integrations/quickbooks/client.ts';
import { deleteConnection, findConnection, saveConnection } from '../repositories/connections.ts';
import { consumeOauthFlow, insertOauthFlow } from '../repositories/oauth-flows.ts';
import { providerOAuth, redirectUriFor, requireCredentials } from './providers.ts';
import { connectionTokens, isLive, jobberPacingKey, openRefreshToken, sealedTokenColumns } from './provider-tokens.ts';

/** product §9.2: an authorization state lives 10 minutes and is used once. */
export const OAUTH_STATE_SECONDS = 10 * 60;
/** The browser's display expiry when the provider gives the refresh token none (the status call is the truth). */
const DISPLAY_EXPIRY_SECONDS = 90 * 24 * 3600;

export const oauthStateInvalidMessage = 'This authorization is invalid or has expired. Please connect again.';

/** The messages of a completed disconnect (product §8.10). */
export const disconnectedMessages: Record<SyncProvider, string> = {
  quickbook: 'Disconnected from QuickBooks successfully.',
  jobber: 'Disconnected from Jobber successfully.',
};

/** POST /quickbooks/connect/, /jobber/connect/: the provider's authorization page with a fresh state bound to this session. */
export async function startAuthorization(ctx: AppContext, user: User, sessionCookie: string, provider: SyncProvider): Promise<{ url: string }> {
  const credentials = requireCredentials(ctx.config, provider);
  await enforceRateLimits(ctx, [{ key: `connect:user:${user.id}`, rule: ctx.config.rateLimits.providerConnectsPerUser }]);
  const state = randomToken(32);
  const now = ctx.clock.now();
  await insertOauthFlow(
    ctx.db,
    { state_hash: sha256(state), provider, user_id: user.id, session_hash: sha256(sessionCookie), created_at: now, expires_at: addSeconds(now, OAUTH_STATE_SECONDS), used_at: null },
    addSeconds(now, -24 * 3600),
  );
  return { url: providerOAuth[provider].authorizeUrl(ctx.config, credentials, redirectUriFor(ctx.config, provider), state) };
}

/** Exchanges the code; the provider's refusal or silence becomes a 502 with a message for people. */
async function exchange(ctx: AppContext, provider: SyncProvider, code: string): Promise<TokenSet> {
  const { label } = providerOAuth[provider];
  try {
    return await providerOAuth[provider].exchange(ctx.config, requireCredentials(ctx.config, provider), code, redirectUriFor(ctx.config, provider));
  } catch (error) {
    ctx.log.warn({ provider, err: error }, 'authorization code exchange failed');
    if (error instanceof InvalidGrantError) throw new AppError('INTEGRATION_PROVIDER_ERROR', `${label} refused the authorization. Please connect again.`);
    throw new AppError('INTEGRATION_PROVIDER_ERROR', `${label} could not be reached. Please try again.`);
  }
}

/**
 * POST /quickbooks/auth/, /jobber/auth/: checks the state (this provider's, this user's and this
 * session's, unused, unexpired) and uses it up before anything else, exchanges the code, and
 * stores the tokens sealed. The answer carries an opaque handle, never a provider token.
 */
export async function completeAuthorization(
  ctx: AppContext,
  user: User,
  sessionCookie: string,
  provider: SyncProvider,
  callback: { code: string; state: string; realmId?: string },
): Promise<AuthCompletedResponse> {
  // The state is checked first: no flow exists without the provider being set up.
  const consumed = await consumeOauthFlow(ctx.db, { stateHash: sha256(callback.state), provider, userId: user.id, sessionHash: sha256(sessionCookie), now: ctx.clock.now() });
  if (!consumed) throw new AppError('OAUTH_STATE_INVALID', oauthStateInvalidMessage);
  const tokens = await exchange(ctx, provider, callback.code);
  const now = ctx.clock.now();
  // The realmId is believed only here, inside a flow whose state matched (product §11.15).
  const accountId = provider === 'quickbook' ? (callback.realmId ?? '') : jobberAccountOf(tokens.accessToken);
  await saveConnection(ctx.db, {
    user_id: user.id,
    provider,
    status: 'connected',
    account_id: accountId,
    account_name: null,
    ...sealedTokenColumns(ctx, user.id, provider, tokens, now),
    connected_at: now,
    refreshed_at: null,
    updated_at: now,
    disconnected_reason: null,
  });
  if (provider === 'quickbook') await rememberCompanyName(ctx, user.id, accountId);
  const expiresAt = tokens.refreshExpiresIn === undefined ? addSeconds(now, DISPLAY_EXPIRY_SECONDS) : addSeconds(now, tokens.refreshExpiresIn);
  return { access_token: randomToken(24), expires_at: expiresAt.toISOString(), company_id: provider === 'quickbook' ? accountId : null };
}

/** The connected company's name for the settings screen; a failure only leaves it unknown. */
async function rememberCompanyName(ctx: AppContext, userId: number, realmId: string): Promise<void> {
  try {
    const client = new QuickBooksClient(ctx.config.quickbooks, realmId, connectionTokens(ctx, userId, 'quickbook'), ctx.config.providerTimeScale);
    const name = await client.companyName();
    if (name) await ctx.db.updateTable('provider_connections').set({ account_name: name }).where('user_id', '=', userId).where('provider', '=', 'quickbook').execute();
  } catch (error) {
    ctx.log.warn({ err: error }, 'the QuickBooks company name could not be read');
  }
}

/** GET /quickbooks/status/, /jobber/status/. */
export async function connectionStatus(ctx: AppContext, userId: number, provider: SyncProvider): Promise<ConnectionStatus> {
  const row = await findConnection(ctx.db, userId, provider);
  if (!isLive(row, ctx.clock.now())) return { connected: false, connected_at: null, company_id: null, company_name: null };
  return {
    connected: true,
    connected_at: row.connected_at.toISOString(),
    company_id: provider === 'quickbook' ? row.account_id : null,
    company_name: provider === 'quickbook' ? row.account_name : null,
  };
}

/**
 * POST /quickbooks/disconnect/, /jobber/disconnect/: revokes the grant at the provider
 * (QuickBooks' revoke endpoint; Jobber's appDisconnect), then forgets the tokens. A provider
 * that cannot be reached does not keep the tokens here: they are deleted either way.
 */
export async function disconnect(ctx: AppContext, userId: number, provider: SyncProvider): Promise<{ message: string }> {
  const row = await findConnection(ctx.db, userId, provider);
  const credentials = providerOAuth[provider].credentials(ctx.config);
  if (isLive(row, ctx.clock.now()) && credentials) {
    try {
      if (provider === 'quickbook') {
        // The refresh token revokes the whole grant.
        await revokeQuickBooksToken(ctx.config.quickbooks, credentials, openRefreshToken(ctx, row));
      } else {
        await new JobberClient(ctx.config.jobber, jobberPacingKey(row), connectionTokens(ctx, userId, provider), ctx.config.providerTimeScale).disconnect();
      }
    } catch (error) {
      ctx.log.warn({ provider, err: error }, 'the provider could not revoke the connection; its tokens are deleted anyway');
    }
  }
  await deleteConnection(ctx.db, userId, provider);
  return { message: disconnectedMessages[provider] };
}
