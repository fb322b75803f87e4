import { z } from 'zod';

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

/** Where the server listens and keeps its data, and the secret it signs sessions with. */
const serverVariables = {
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
};

/** Outgoing mail and the addresses and links it names. */
const mailVariables = {
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
};

/** Google, Stripe, QuickBooks Online and Jobber: base URLs (the providers' own by default), credentials and token keys. */
const providerVariables = {
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
};

/** Running the service: proxies, logs, the web app's files, limits, workers, shutdown and metrics. */
const operationVariables = {
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
};

/** The environment variables the server reads, parsed once at boot (docs/architecture.md). */
export const envSchema = z.object({ ...serverVariables, ...mailVariables, ...providerVariables, ...operationVariables });

/** The environment after parsing: defaults applied, empty strings gone. */
export type Env = z.infer<typeof envSchema>;
