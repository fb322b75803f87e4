import type { Env } from './env-schema.ts';

/**
 * What is missing for the environment to run safely, one line per variable: in production
 * SESSION_SECRET, SMTP_URL, TOKEN_ENCRYPTION_KEY and an https APP_URL, and STRIPE_WEBHOOK_SECRET
 * with STRIPE_SECRET_KEY; with DATABASE_URL, SESSION_SECRET and TOKEN_ENCRYPTION_KEY.
 */
export function missingSettings(e: Env, isHttps: boolean): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production');
    if (!e.APP_URL) problems.push('APP_URL: required in production');
    if (!e.TOKEN_ENCRYPTION_KEY) problems.push('TOKEN_ENCRYPTION_KEY: required in production');
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production');
    // Each check on its own: one missing setting never hides another.
    if (!isHttps) problems.push('APP_URL: must be an https URL in production');
  }
  if (e.DATABASE_URL && e.NODE_ENV !== 'production') {
    // Every process on one database must sign and seal with the same secrets, and keeps nothing
    // of its own under DATA_DIR but the file cache (decision 0035): none is generated there
    // (production requires both anyway).
    if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required with DATABASE_URL (every process on the database must use the same one)');
    if (!e.TOKEN_ENCRYPTION_KEY) problems.push('TOKEN_ENCRYPTION_KEY: required with DATABASE_URL (every process on the database must use the same one)');
  }
  return problems;
}
