import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { preparePrivateDataDir } from './data-dir.ts';

const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
// The providers' own endpoints (npm start points these at the simulators).
const QBO_AUTHORIZE_URL = 'https://appcenter.intuit.com/connect/oauth2';
const QBO_TOKEN_URL = 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer';
const QBO_REVOKE_URL = 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke';
const QBO_API_URL = 'https://quickbooks.api.intuit.com';
const JOBBER_AUTHORIZE_URL = 'https://api.getjobber.com/api/oauth/authorize';
const JOBBER_TOKEN_URL = 'https://api.getjobber.com/api/oauth/token';
const JOBBER_API_URL = 'https://api.getjobber.com/api/graphql';

/** `id:base64` key entries, comma-separated: the first encrypts, all of them decrypt. */
const TOKEN_KEYS_PATTERN = /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=)*$/;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** The environment variables the server reads, parsed once at boot (docs/architecture.md). */
const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  APP_URL: optionalUrl,
  DATA_DIR: optionalString,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: optionalString,
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  BOOKING_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  GOOGLE_CLIENT_ID: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl,
  QBO_AUTHORIZE_URL: z.preprocess(emptyToUndefined, z.url().default(QBO_AUTHORIZE_URL)),
  QBO_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default(QBO_TOKEN_URL)),
  QBO_REVOKE_URL: z.preprocess(emptyToUndefined, z.url().default(QBO_REVOKE_URL)),
  QBO_API_URL: z.preprocess(emptyToUndefined, z.url().default(QBO_API_URL)),
  QBO_CLIENT_ID: optionalString,
  QBO_CLIENT_SECRET: optionalString,
  QBO_BATCH_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(30).default(30)),
  JOBBER_AUTHORIZE_URL: z.preprocess(emptyToUndefined, z.url().default(JOBBER_AUTHORIZE_URL)),
  JOBBER_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default(JOBBER_TOKEN_URL)),
  JOBBER_API_URL: z.preprocess(emptyToUndefined, z.url().default(JOBBER_API_URL)),
  JOBBER_CLIENT_ID: optionalString,
  JOBBER_CLIENT_SECRET: optionalString,
  TOKEN_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(TOKEN_KEYS_PATTERN, { error: 'must be id:base64 of 32 bytes, optionally followed by ,id:base64 older keys' })
      .optional(),
  ),
  PROVIDER_TIME_SCALE: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(1)),
  GOOGLE_CERTS_URL: z.preprocess(emptyToUndefined, z.url().default(GOOGLE_CERTS_URL)),
  GOOGLE_GSI_SCRIPT_URL: z.preprocess(emptyToUndefined, z.url().default(GOOGLE_GSI_SCRIPT_URL)),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optionalString,
  WEB_SITE_FROM_SOURCE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  RATE_LIMIT_SCALE: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(1)),
  FILE_CACHE_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(0).default(1024)),
  WORKERS: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 0 (serve HTTP only) or 1 (also run jobs)' }).default('1')),
  DRAIN_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(0)),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
});

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

/** Default rate limits (product §11.5; ASVS 2.2.1 allows at most 100 failures/hour). */
export const defaultRateLimits: Config['rateLimits'] = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  registerPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  // Exfiltration guard (product §11.11): no one needs more files than this in an hour.
  downloadsPerUser: { limit: 60, windowSeconds: 60 * 60 },
  // The same guard for the markup preview: 600 pages of at most 100 items an hour, enough to
  // scroll and search a list several times, not to copy a 240,000-item edition through it.
  previewPagesPerUser: { limit: 600, windowSeconds: 60 * 60 },
  // Checkouts, confirmations, portal sessions, cancels and refunds each call Stripe: a person
  // needs a handful; a script would spend the account's Stripe rate limit.
  billingCallsPerUser: { limit: 30, windowSeconds: 60 * 60 },
  // Each connect starts an authorization flow (a stored state): a person needs a few.
  providerConnectsPerUser: { limit: 30, windowSeconds: 60 * 60 },
  // Each sync reads the whole list at the provider and spends the company's API limits.
  syncsPerUser: { limit: 60, windowSeconds: 60 * 60 },
  // Each upload is decoded and re-encoded: a person changes their picture a few times, a script
  // would keep the image library busy.
  profilePictureUploadsPerUser: { limit: 20, windowSeconds: 60 * 60 },
  // Each newsletter sign-up may send a mail: a person signs up once or twice, a script would
  // fill someone's mailbox or the list with junk.
  signupFormsPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  signupFormsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
};

/**
 * Parses the environment. Stops with a message naming the variable when a value is bad, and in
 * production when SESSION_SECRET, SMTP_URL, TOKEN_ENCRYPTION_KEY or an https APP_URL is missing,
 * or STRIPE_WEBHOOK_SECRET when STRIPE_SECRET_KEY is set (each problem named). In development an
 * unset SESSION_SECRET is generated once and kept in DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isHttps = appUrl.startsWith('https://');
  if (e.NODE_ENV === 'production') {
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production');
    if (!e.APP_URL) problems.push('APP_URL: required in production');
    if (!e.TOKEN_ENCRYPTION_KEY) problems.push('TOKEN_ENCRYPTION_KEY: required in production');
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production');
    // Each check on its own: one missing setting never hides another.
    if (!isHttps) problems.push('APP_URL: must be an https URL in production');
  }
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

/** Multiplies every limit (load tests raise them; 1 is the product's setting). */
function scaleRateLimits(limits: Config['rateLimits'], scale: number): Config['rateLimits'] {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, limit: Math.max(1, Math.round(rule.limit * scale)) }]),
  ) as Config['rateLimits'];
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Development only: a random value created on first start and kept under DATA_DIR in `name`. */
function keptSecret(dataDir: string, name: string, create: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  preparePrivateDataDir(dataDir);
  // Written whole under another name, then linked into place: two processes starting at once
  // never read half a file, and the one that links second uses the first one's value.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, create() + '\n', { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(file, 'utf8').trim();
}

function generatedSecret(dataDir: string): string {
  return keptSecret(dataDir, 'session-secret', () => randomBytes(32).toString('base64url'));
}

/** Development only: a token-encryption key with the id `dev`, kept under DATA_DIR. */
function generatedTokenKey(dataDir: string): string {
  return keptSecret(dataDir, 'token-encryption-key', () => `dev:${randomBytes(32).toString('base64')}`);
}

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
