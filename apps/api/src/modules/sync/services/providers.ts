import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import type { Config } from '../../../config/env.ts';
import { AppError } from '../../../errors.ts';
import type { TokenSet } from '../../../integrations/oauth-client.ts';
import { exchangeJobberCode, jobberAuthorizeUrl, refreshJobberTokens } from '../../../integrations/jobber/client.ts';
import { exchangeQuickBooksCode, quickBooksAuthorizeUrl, refreshQuickBooksTokens } from '../../../integrations/quickbooks/client.ts';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** What differs between the two providers' authorization flows. */
export interface ProviderOAuth {
  /** As the messages name it. */
  label: string;
  /** The app route the provider returns to (product §2.12). */
  callbackPath: string;
  credentials(config: Config): Credentials | undefined;
  authorizeUrl(config: Config, credentials: Credentials, redirectUri: string, state: string): string;
  exchange(config: Config, credentials: Credentials, code: string, redirectUri: string): Promise<TokenSet>;
  refresh(config: Config, credentials: Credentials, refreshToken: string): Promise<TokenSet>;
}

const credentialsOf = (settings: { clientId: string | undefined; clientSecret: string | undefined }): Credentials | undefined =>
  settings.clientId && settings.clientSecret ? { clientId: settings.clientId, clientSecret: settings.clientSecret } : undefined;

export const providerOAuth: Record<SyncProvider, ProviderOAuth> = {
  quickbooks: {
    label: 'QuickBooks',
    callbackPath: '/dashboard/quickbooks/callback',
    credentials: (config) => credentialsOf(config.quickbooks),
    authorizeUrl: (config, credentials, redirectUri, state) => quickBooksAuthorizeUrl(config.quickbooks, credentials.clientId, redirectUri, state),
    exchange: (config, credentials, code, redirectUri) => exchangeQuickBooksCode(config.quickbooks, credentials, code, redirectUri),
    refresh: (config, credentials, refreshToken) => refreshQuickBooksTokens(config.quickbooks, credentials, refreshToken),
  },
  jobber: {
    label: 'Jobber',
    callbackPath: '/dashboard/jobber/callback',
    credentials: (config) => credentialsOf(config.jobber),
    authorizeUrl: (config, credentials, redirectUri, state) => jobberAuthorizeUrl(config.jobber, credentials.clientId, redirectUri, state),
    exchange: (config, credentials, code, redirectUri) => exchangeJobberCode(config.jobber, credentials, code, redirectUri),
    refresh: (config, credentials, refreshToken) => refreshJobberTokens(config.jobber, credentials, refreshToken),
  },
};

/** The provider's client id and secret, or 502: the server was not given them. */
export function requireCredentials(config: Config, provider: SyncProvider): Credentials {
  const credentials = providerOAuth[provider].credentials(config);
  if (!credentials) throw new AppError('INTEGRATION_PROVIDER_ERROR', `${providerOAuth[provider].label} is not set up on this server.`);
  return credentials;
}

/** The redirect URI registered for the provider: the app's callback route. */
export function redirectUriFor(config: Config, provider: SyncProvider): string {
  return `${config.appUrl}${providerOAuth[provider].callbackPath}`;
}

/**
 * What a sealed token is bound to: its owner, provider and field. The provider is named as the
 * wire spells it (`quickbook`): tokens sealed before migration 0023 are bound to that name.
 */
export function tokenContext(userId: number, provider: SyncProvider, field: 'access' | 'refresh'): string {
  return `${userId}:${softwareNameOf(provider)}:${field}`;
}
