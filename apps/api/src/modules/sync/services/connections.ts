import type { AuthCompletedResponse, ConnectionStatus, SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { InvalidGrantError, ProviderAccessRefusedError, type TokenSet, type TokenSource } from '../../../integrations/oauth-client.ts';
import { JobberClient, type JobberAccount } from '../../../integrations/jobber/client.ts';
import { QuickBooksClient, QuickBooksFaultError, revokeQuickBooksToken } from '../../../integrations/quickbooks/client.ts';
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
  quickbooks: 'Disconnected from QuickBooks successfully.',
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
  // The realmId comes from the browser: it is believed only inside a flow whose state matched,
  // and once QuickBooks has answered for that company with these tokens (product §11.15).
  let accountId: string;
  let accountName: string | null;
  if (provider === 'quickbooks') {
    accountId = callback.realmId ?? '';
    accountName = await verifyQuickBooksCompany(ctx, accountId, tokens);
  } else {
    ({ id: accountId, name: accountName } = await readJobberAccount(ctx, user.id, tokens));
  }
  const now = ctx.clock.now();
  await saveConnection(ctx.db, {
    user_id: user.id,
    provider,
    status: 'connected',
    account_id: accountId,
    account_name: accountName,
    ...sealedTokenColumns(ctx, user.id, provider, tokens, now),
    connected_at: now,
    refreshed_at: null,
    updated_at: now,
    disconnected_reason: null,
  });
  const expiresAt = tokens.refreshExpiresIn === undefined ? addSeconds(now, DISPLAY_EXPIRY_SECONDS) : addSeconds(now, tokens.refreshExpiresIn);
  return { access_token: randomToken(24), expires_at: expiresAt.toISOString(), company_id: provider === 'quickbooks' ? accountId : null };
}

/** product §11.15: the message of a connection refused because QuickBooks does not open the company it named. */
export const companyRefusedMessage = 'QuickBooks Online refused access to the company this authorization named, so it was not connected. Please connect again.';

/**
 * Reads the company's CompanyInfo with the new tokens, a call that must succeed for a company
 * the grant opens (`GET /v3/company/{realmId}/companyinfo/{realmId}`), and answers its name for
 * the settings screen. A refusal (403, or 401) or a missing realmId refuses the connection, and
 * the grant is revoked since it will not be stored; a QuickBooks that cannot be reached refuses
 * it too (502), since the company could not be checked.
 */
async function verifyQuickBooksCompany(ctx: AppContext, realmId: string, tokens: TokenSet): Promise<string | null> {
  // A token issued a moment ago and refused is a refusal: there is nothing to refresh.
  const source = issuedTokenSource('QuickBooks', tokens);
  try {
    if (!realmId) throw new ProviderAccessRefusedError('The callback named no company (realmId)');
    const name = await new QuickBooksClient(ctx.config.quickbooks, realmId, source, ctx.config.providerTimeScale).companyName();
    return name ?? null;
  } catch (error) {
    ctx.log.warn({ err: error, realmId }, 'the QuickBooks company of an authorization could not be verified');
    const credentials = requireCredentials(ctx.config, 'quickbooks');
    await revokeQuickBooksToken(ctx.config.quickbooks, credentials, tokens.refreshToken).catch((revokeError: unknown) =>
      ctx.log.warn({ err: revokeError }, 'the grant of a refused QuickBooks connection could not be revoked'),
    );
    if (error instanceof ProviderAccessRefusedError || error instanceof QuickBooksFaultError) throw new AppError('INTEGRATION_PROVIDER_ERROR', companyRefusedMessage);
    throw new AppError('INTEGRATION_PROVIDER_ERROR', 'QuickBooks Online could not be reached to check the company. Please try again.');
  }
}

/** The source of a token just issued: refused again means refused, there is nothing to refresh. */
function issuedTokenSource(provider: string, tokens: TokenSet): TokenSource {
  return {
    current: async () => tokens.accessToken,
    afterUnauthorized: async () => {
      throw new ProviderAccessRefusedError(`${provider} refused a token it had just issued`, 401);
    },
  };
}

/**
 * Reads the account a new Jobber grant opens with Jobber's `account { id name }` query (the JWT's
 * claims are undocumented): its id keys the links and the bucket, its name is shown on the
 * connection card. Without it nothing is stored, and the grant is given back (appDisconnect).
 */
async function readJobberAccount(ctx: AppContext, userId: number, tokens: TokenSet): Promise<JobberAccount> {
  const client = new JobberClient(ctx.config.jobber, `connecting-${userId}`, issuedTokenSource('Jobber', tokens), ctx.config.providerTimeScale, ctx.log);
  try {
    return await client.account();
  } catch (error) {
    ctx.log.warn({ err: error }, 'the account of a Jobber authorization could not be read');
    await client.disconnect().catch((disconnectError: unknown) => ctx.log.warn({ err: disconnectError }, 'the grant of a refused Jobber connection could not be given back'));
    throw new AppError('INTEGRATION_PROVIDER_ERROR', 'Jobber could not be reached to read the account. Please try again.');
  }
}

/** GET /quickbooks/status/, /jobber/status/. */
export async function connectionStatus(ctx: AppContext, userId: number, provider: SyncProvider): Promise<ConnectionStatus> {
  const row = await findConnection(ctx.db, userId, provider);
  // The automatic sync is the user's choice and outlives an expired connection (it comes back on with the next connect).
  const automatic_sync = row?.automatic_sync ?? false;
  if (!isLive(row, ctx.clock.now())) return { connected: false, connected_at: null, company_id: null, company_name: null, automatic_sync };
  return {
    connected: true,
    connected_at: row.connected_at.toISOString(),
    company_id: provider === 'quickbooks' ? row.account_id : null,
    // QuickBooks' company, or the Jobber account's name (read with its account query when connecting).
    company_name: row.account_name,
    automatic_sync,
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
      if (provider === 'quickbooks') {
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
