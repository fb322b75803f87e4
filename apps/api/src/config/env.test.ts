import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, resolveDataDir } from './env.ts';
import { defaultRateLimits } from './rate-limit-defaults.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradelist-env-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const secret = 's'.repeat(40);
const tokenKey = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

/** The ConfigError message for an environment, or a failure when it loads. */
function errorFor(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the environment to be refused');
}

describe('loadConfig', () => {
  test('defaults for an empty development environment', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      isHttps: false,
      dataDir: path.resolve(dataDir),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Tradelist <no-reply@localhost>',
      supportEmail: 'support@localhost',
      google: {
        clientId: undefined,
        certsUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        gsiScriptUrl: 'https://accounts.google.com/gsi/client',
      },
      trustProxy: false,
      logLevel: 'info',
      webDistDir: undefined,
      webSiteFromSource: false,
      fileCacheMaxBytes: 1024 * 1024 * 1024,
      runWorkers: true,
      drainDelayMs: 0,
      metrics: { port: undefined, host: '127.0.0.1', token: undefined },
    });
    expect(config.rateLimits).toEqual(defaultRateLimits);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  test('empty strings count as unset; APP_URL loses its trailing slash and follows PORT by default', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', SMTP_URL: '', TRUST_PROXY: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://tradelist.example/' }).appUrl).toBe('https://tradelist.example');
  });

  test('TRUST_PROXY: false, true, or a list of addresses', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['SMTP_URL', 'http://mail.example'],
    ['SESSION_SECRET', 'too-short'],
    ['APP_URL', 'not a url'],
    ['LOG_LEVEL', 'chatty'],
    ['NODE_ENV', 'staging'],
    ['SUPPORT_EMAIL', 'not-an-email'],
    ['RATE_LIMIT_SCALE', '0'],
    ['RATE_LIMIT_SCALE', 'lots'],
  ])('a bad %s (%s) is refused with the variable named', (name, value) => {
    const message = errorFor({ DATA_DIR: tempDir(), [name]: value });
    expect(message).toContain(`${name}:`);
  });

  test('WORKERS: 1 (the default) runs jobs in the server, 0 serves HTTP only; anything else is refused', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), WORKERS: '' }).runWorkers).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), WORKERS: '1' }).runWorkers).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), WORKERS: '0' }).runWorkers).toBe(false);
    expect(errorFor({ DATA_DIR: tempDir(), WORKERS: 'no' })).toContain('WORKERS: must be 0 (serve HTTP only) or 1 (also run jobs)');
  });

  test('RATE_LIMIT_SCALE multiplies every limit and keeps the windows', () => {
    const scaled = loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_SCALE: '10' }).rateLimits;
    for (const [name, rule] of Object.entries(defaultRateLimits)) {
      expect(scaled[name as keyof typeof scaled]).toEqual({ limit: rule.limit * 10, windowSeconds: rule.windowSeconds });
    }
    expect(loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_SCALE: '0.0001' }).rateLimits.loginPerAccount.limit).toBe(1);
  });

  test('FILE_CACHE_MAX_MB: megabytes as bytes, 0 turns the cache off, a negative value is refused', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), FILE_CACHE_MAX_MB: '2.5' }).fileCacheMaxBytes).toBe(2.5 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: tempDir(), FILE_CACHE_MAX_MB: '0' }).fileCacheMaxBytes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), FILE_CACHE_MAX_MB: '-1' })).toThrow(/FILE_CACHE_MAX_MB/);
  });

  test('DRAIN_DELAY_MS: milliseconds of /readyz at 503 before a SIGTERM stops accepting; at most a minute', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DRAIN_DELAY_MS: '3000' }).drainDelayMs).toBe(3000);
    expect(errorFor({ DATA_DIR: tempDir(), DRAIN_DELAY_MS: '-1' })).toContain('DRAIN_DELAY_MS:');
    expect(errorFor({ DATA_DIR: tempDir(), DRAIN_DELAY_MS: '60001' })).toContain('DRAIN_DELAY_MS:');
    expect(errorFor({ DATA_DIR: tempDir(), DRAIN_DELAY_MS: 'soon' })).toContain('DRAIN_DELAY_MS:');
  });

  test('METRICS_PORT, METRICS_HOST and METRICS_TOKEN: a listener of its own, and a token of 32 characters or more', () => {
    const token = 't'.repeat(32);
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token });
    expect(errorFor({ DATA_DIR: tempDir(), METRICS_PORT: '0' })).toContain('METRICS_PORT:');
    expect(errorFor({ DATA_DIR: tempDir(), METRICS_PORT: '70000' })).toContain('METRICS_PORT:');
    expect(errorFor({ DATA_DIR: tempDir(), METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN: must be at least 32 characters');
  });

  test('production without SESSION_SECRET, SMTP_URL and APP_URL: refused, naming each', () => {
    const message = errorFor({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('APP_URL');
    expect(message).toContain('TOKEN_ENCRYPTION_KEY: required in production');
  });

  test('production with an http APP_URL: refused, naming APP_URL', () => {
    const message = errorFor({ NODE_ENV: 'production', DATA_DIR: tempDir(), SESSION_SECRET: secret, SMTP_URL: 'smtp://mail:25', APP_URL: 'http://tradelist.example' });
    expect(message).toMatch(/APP_URL: must be an https URL/);
    expect(message).not.toContain('SESSION_SECRET');
    expect(message).not.toContain('SMTP_URL');
  });

  test('production with a Stripe key but no webhook secret and an http APP_URL: both refused, each named', () => {
    const message = errorFor({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      SESSION_SECRET: secret,
      SMTP_URL: 'smtp://mail:25',
      TOKEN_ENCRYPTION_KEY: tokenKey,
      APP_URL: 'http://tradelist.example',
      STRIPE_SECRET_KEY: 'sk_live_tradelist',
    });
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production');
    expect(message).toContain('APP_URL: must be an https URL in production');
    // With the secret set, the https check alone still refuses.
    const withSecret = errorFor({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      SESSION_SECRET: secret,
      SMTP_URL: 'smtp://mail:25',
      TOKEN_ENCRYPTION_KEY: tokenKey,
      APP_URL: 'http://tradelist.example',
      STRIPE_SECRET_KEY: 'sk_live_tradelist',
      STRIPE_WEBHOOK_SECRET: 'whsec_tradelist',
    });
    expect(withSecret).toBe('Invalid environment:\n  APP_URL: must be an https URL in production');
  });

  test('production with everything set loads, and writes no secret file', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: secret, SMTP_URL: 'smtps://mail:465', APP_URL: 'https://tradelist.example', TOKEN_ENCRYPTION_KEY: tokenKey });
    expect(config).toMatchObject({ env: 'production', isHttps: true, sessionSecret: secret, smtpUrl: 'smtps://mail:465' });
    expect(config.tokenKeys).toEqual([{ id: 'k1', key: Buffer.alloc(32, 7) }]);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'token-encryption-key'))).toBe(false);
  });

  test('provider settings: the real providers by default, the variables when set; a token key list for rotation', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.quickbooks).toMatchObject({ authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2', apiUrl: 'https://quickbooks.api.intuit.com', clientId: undefined, batchSize: 30 });
    expect(defaults.jobber).toMatchObject({ tokenUrl: 'https://api.getjobber.com/api/oauth/token', apiUrl: 'https://api.getjobber.com/api/graphql' });
    expect(defaults.providerTimeScale).toBe(1);
    const older = `k0:${Buffer.alloc(32, 1).toString('base64')}`;
    const set = loadConfig({ DATA_DIR: tempDir(), QBO_API_URL: 'http://127.0.0.1:3040/', QBO_CLIENT_ID: 'id', QBO_BATCH_SIZE: '10', TOKEN_ENCRYPTION_KEY: `${tokenKey},${older}` });
    expect(set.quickbooks).toMatchObject({ apiUrl: 'http://127.0.0.1:3040', clientId: 'id', batchSize: 10 });
    expect(set.tokenKeys.map((k) => k.id)).toEqual(['k1', 'k0']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), QBO_BATCH_SIZE: '31' })).toThrow(/QBO_BATCH_SIZE/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TOKEN_ENCRYPTION_KEY: 'k1:short' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TOKEN_ENCRYPTION_KEY: `${tokenKey},${tokenKey}` })).toThrow(/each id used once/);
  });

  test('development without TOKEN_ENCRYPTION_KEY: a key is generated once, kept in DATA_DIR and reused', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).tokenKeys;
    expect(first).toHaveLength(1);
    expect(first[0]?.key).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).tokenKeys).toEqual(first);
  });

  test('development without SESSION_SECRET: one is generated once, kept in DATA_DIR and reused', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const file = path.join(dataDir, 'session-secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    // Another data folder gets its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first);
  });

  test('with DATABASE_URL nothing is generated under DATA_DIR: SESSION_SECRET and TOKEN_ENCRYPTION_KEY are required', () => {
    const dataDir = tempDir();
    const databaseUrl = 'postgres://tradelist@db.internal:5432/tradelist';
    const message = errorFor({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    expect(message).toContain('SESSION_SECRET: required with DATABASE_URL (every process on the database must use the same one)');
    expect(message).toContain('TOKEN_ENCRYPTION_KEY: required with DATABASE_URL (every process on the database must use the same one)');
    expect(errorFor({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: secret })).not.toContain('SESSION_SECRET');
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: secret, TOKEN_ENCRYPTION_KEY: tokenKey });
    expect(config).toMatchObject({ databaseUrl, sessionSecret: secret });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test('a configured SESSION_SECRET wins over the generated one', () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });
});

describe('DATA_DIR', () => {
  test('a relative DATA_DIR is taken from the folder npm was started in (INIT_CWD), not the script\'s folder', () => {
    const typedIn = tempDir();
    const config = loadConfig({ DATA_DIR: 'my-data', INIT_CWD: typedIn });
    expect(config.dataDir).toBe(path.join(typedIn, 'my-data'));
    // The generated secret went there too, not into the process's current folder.
    expect(existsSync(path.join(typedIn, 'my-data', 'session-secret'))).toBe(true);
    expect(resolveDataDir('../elsewhere', { INIT_CWD: typedIn })).toBe(path.join(path.dirname(typedIn), 'elsewhere'));
  });

  test('without INIT_CWD (node run directly) a relative DATA_DIR is taken from the current folder', () => {
    expect(resolveDataDir('my-data', {})).toBe(path.join(process.cwd(), 'my-data'));
    expect(resolveDataDir('my-data', { INIT_CWD: '' })).toBe(path.join(process.cwd(), 'my-data'));
  });

  test('an absolute DATA_DIR is kept as it is', () => {
    const dir = tempDir();
    expect(resolveDataDir(dir, { INIT_CWD: '/somewhere/else' })).toBe(dir);
  });

  test('unset or empty: data in the current folder, whatever INIT_CWD says', () => {
    const config = loadConfig({ SESSION_SECRET: secret, INIT_CWD: tempDir() });
    expect(config.dataDir).toBe(path.join(process.cwd(), 'data'));
    expect(loadConfig({ SESSION_SECRET: secret, DATA_DIR: '' }).dataDir).toBe(path.join(process.cwd(), 'data'));
  });
});

describe('BOOKING_URL', () => {
  test('an http(s) scheduling page is kept; anything else is refused by name', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: tempDir() };
    expect(loadConfig({ ...base, BOOKING_URL: 'https://cal.example.com/tradelist/setup' }).bookingUrl).toBe('https://cal.example.com/tradelist/setup');
    expect(loadConfig({ ...base, BOOKING_URL: '' }).bookingUrl).toBeUndefined();
    expect(errorFor({ ...base, BOOKING_URL: 'javascript:alert(1)' })).toContain('BOOKING_URL');
  });
});
