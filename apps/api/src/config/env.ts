import path from 'node:path';
import { missingSettings } from './env-checks.ts';
import { envSchema } from './env-schema.ts';
import { generatedSecret, generatedTokenKey } from './kept-secrets.ts';
import { defaultRateLimits, scaleRateLimits } from './rate-limit-defaults.ts';

export interface RateLimitRule {
  /** How many requests a key may make per window. */
  limit: number;
  windowSeconds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** A scheduling page for the 40%-off setup call; without it the app shows a request form. */
  bookingUrl: string | undefined;
  google: { clientId: string | undefined; certsUrl: string; gsiScriptUrl: string };
  /**
   * Stripe: the secret key, the webhook signing secret and the API base (Stripe's own when
   * unset). Without a key the payment calls answer that payments are not set up.
   */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** QuickBooks Online: OAuth endpoints, the API base (`{apiUrl}/v3/company/{realmId}/`), the app's credentials. */
  quickbooks: ProviderConfig & { revokeUrl: string; batchSize: number };
  /** Jobber: OAuth endpoints, the GraphQL endpoint, the app's credentials. */
  jobber: ProviderConfig;
  /**
   * Keys that encrypt provider tokens at rest (AES-256-GCM): the first encrypts, every one
   * decrypts a row stored under its id, so a key can be rotated (product §11.15).
   */
  tokenKeys: TokenKey[];
  /**
   * How much faster the providers' clocks run than ours: 1 against the real providers; the
   * benchmark runs the simulators' minute limits faster and tells the sync's pacing the same.
   */
  providerTimeScale: number;
  /** `false`, `true`, or a list of proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  trustProxy: boolean | string[];
  logLevel: string;
  webDistDir: string | undefined;
  /** `npm run dev`: the public site's pages rendered from the web app's source through Vite. */
  webSiteFromSource: boolean;
  /** Generated download files kept under DATA_DIR/files, in bytes; 0 turns the cache off. */
  fileCacheMaxBytes: number;
  /** Whether the server also runs jobs and scheduled work (WORKERS=0: HTTP only, worker processes run them). */
  runWorkers: boolean;
  /**
   * On SIGTERM, how long the server keeps serving with /readyz answering 503 before it stops
   * accepting connections: long enough for a load balancer's health check to take it out.
   */
  drainDelayMs: number;
  /**
   * Prometheus metrics: a separate listener on `host:port` when a port is set (loopback by
   * default), and `/metrics` on the public port only for requests bearing the token.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  rateLimits: {
    /** Login attempts at one account from one client address (docs/decisions/0005). */
    loginPerAccount: RateLimitRule;
    loginPerAddress: RateLimitRule;
    registerPerAccount: RateLimitRule;
    registerPerAddress: RateLimitRule;
    resetPerAccount: RateLimitRule;
    resetPerAddress: RateLimitRule;
    downloadsPerUser: RateLimitRule;
    previewPagesPerUser: RateLimitRule;
    billingCallsPerUser: RateLimitRule;
    providerConnectsPerUser: RateLimitRule;
    syncsPerUser: RateLimitRule;
    profilePictureUploadsPerUser: RateLimitRule;
    /** The public sign-up forms (newsletter, free-year draw), per address entered and per client. */
    signupFormsPerEmail: RateLimitRule;
    signupFormsPerAddress: RateLimitRule;
  };
}

/** One provider's OAuth and API settings; without a client id and secret its connect calls answer that it is not set up. */
export interface ProviderConfig {
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** A token-encryption key and its id (stored with each encrypted row). */
export interface TokenKey {
  id: string;
  key: Buffer;
}

/** Thrown when the environment is wrong; the message names every offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment. Stops with a message naming the variable when a value is bad, in
 * production when SESSION_SECRET, SMTP_URL, TOKEN_ENCRYPTION_KEY or an https APP_URL is missing,
 * or STRIPE_WEBHOOK_SECRET when STRIPE_SECRET_KEY is set (each problem named), and with
 * DATABASE_URL when SESSION_SECRET or TOKEN_ENCRYPTION_KEY is. On the embedded database in development, an
 * unset SESSION_SECRET is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isHttps = appUrl.startsWith('https://');
  const problems = missingSettings(e, isHttps);
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);

  const dataDir = resolveDataDir(e.DATA_DIR, env);
  const host = new URL(appUrl).hostname;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    isHttps,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? generatedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Tradelist <no-reply@${host}>`,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${host}`,
    bookingUrl: e.BOOKING_URL,
    google: { clientId: e.GOOGLE_CLIENT_ID, certsUrl: e.GOOGLE_CERTS_URL, gsiScriptUrl: e.GOOGLE_GSI_SCRIPT_URL },
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL },
    quickbooks: {
      authorizeUrl: e.QBO_AUTHORIZE_URL,
      tokenUrl: e.QBO_TOKEN_URL,
      revokeUrl: e.QBO_REVOKE_URL,
      apiUrl: e.QBO_API_URL.replace(/\/+$/, ''),
      clientId: e.QBO_CLIENT_ID,
      clientSecret: e.QBO_CLIENT_SECRET,
      batchSize: e.QBO_BATCH_SIZE,
    },
    jobber: {
      authorizeUrl: e.JOBBER_AUTHORIZE_URL,
      tokenUrl: e.JOBBER_TOKEN_URL,
      apiUrl: e.JOBBER_API_URL,
      clientId: e.JOBBER_CLIENT_ID,
      clientSecret: e.JOBBER_CLIENT_SECRET,
    },
    tokenKeys: parseTokenKeys(e.TOKEN_ENCRYPTION_KEY ?? generatedTokenKey(dataDir)),
    providerTimeScale: e.PROVIDER_TIME_SCALE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    webSiteFromSource: e.WEB_SITE_FROM_SOURCE === '1',
    fileCacheMaxBytes: Math.floor(e.FILE_CACHE_MAX_MB * 1024 * 1024),
    runWorkers: e.WORKERS === '1',
    drainDelayMs: e.DRAIN_DELAY_MS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_SCALE),
  };
}

/** For entry points: the config, or the one-line message of a wrong environment and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * DATA_DIR as an absolute path. A relative value is taken from the folder the user typed the
 * command in: npm runs a script in its package's folder (the repository root for `npm start`)
 * but passes the folder npm was started in as INIT_CWD, so that one is used when present.
 * Unset, it is `data` in the current folder (the repository root under npm).
 */
export function resolveDataDir(value: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (value === undefined || value === '') return path.resolve('data');
  return path.resolve(env.INIT_CWD || process.cwd(), value);
}

/** TRUST_PROXY: unset or `false`, `true`, or a comma-separated list of addresses and CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** TOKEN_ENCRYPTION_KEY's entries as keys; each must be 32 bytes under an id of its own. */
function parseTokenKeys(value: string): TokenKey[] {
  const keys = value.split(',').map((entry) => {
    const colon = entry.indexOf(':');
    return { id: entry.slice(0, colon), key: Buffer.from(entry.slice(colon + 1), 'base64') };
  });
  if (keys.some((k) => k.key.length !== 32) || new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new ConfigError('Invalid environment:\n  TOKEN_ENCRYPTION_KEY: each key must be 32 bytes and each id used once');
  }
  return keys;
}
