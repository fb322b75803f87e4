// The OAuth 2.0 token endpoint calls QuickBooks and Jobber share (code exchange, refresh), and
// the two failures a caller must tell apart: the grant was refused, or the provider could not
// be reached or answered something unexpected.

/** What a token endpoint answered. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (from `expires_in`, else `expires_at`, else the JWT's `exp`). */
  accessExpiresIn: number;
  /** Seconds the refresh token lives, when the provider says (`x_refresh_token_expires_in`). */
  refreshExpiresIn: number | undefined;
}

/** The provider refused the code or the refresh token (`invalid_grant`): only a new authorization helps. */
export class InvalidGrantError extends Error {
  override name = 'InvalidGrantError';
}

/** The provider could not be reached, refused the request for another reason, or answered something unreadable. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The provider refused the request's authorization: a 403, or a 401 again after the token was
 * refreshed. Repeating it cannot help; only a new connection can.
 */
export class ProviderAccessRefusedError extends ProviderError {
  override name = 'ProviderAccessRefusedError';
}

/** How long one provider request may take. */
export const PROVIDER_TIMEOUT_MS = 30_000;

/** How the client proves who it is at the token endpoint. */
export type ClientAuthentication = 'basic' | 'form';

export interface TokenRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** QuickBooks: HTTP Basic; Jobber: client_id and client_secret in the form, as each documents. */
  authentication: ClientAuthentication;
  grant: { grant_type: 'authorization_code'; code: string; redirect_uri: string } | { grant_type: 'refresh_token'; refresh_token: string };
}

/** HTTP Basic client credentials (RFC 6749 §2.3.1: each part form-encoded first). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}

/** Calls the token endpoint; answers the tokens, or throws InvalidGrantError / ProviderError. */
export async function requestTokens(request: TokenRequest): Promise<TokenSet> {
  const form = new URLSearchParams(request.grant);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (request.authentication === 'basic') headers['authorization'] = basicAuthorization(request.clientId, request.clientSecret);
  else {
    form.set('client_id', request.clientId);
    form.set('client_secret', request.clientSecret);
  }
  let response: Response;
  try {
    response = await fetch(request.tokenUrl, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`The token endpoint could not be reached (${(error as Error).message})`);
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  // invalid_grant is never a success, whatever the status it comes with.
  if (body?.['error'] === 'invalid_grant') throw new InvalidGrantError('The provider refused the grant (invalid_grant)');
  if (!response.ok || !body) throw new ProviderError(`The token endpoint answered ${response.status}${body?.['error'] ? ` (${String(body['error'])})` : ''}`, response.status);
  const accessToken = body['access_token'];
  const refreshToken = body['refresh_token'];
  const expiresIn = typeof accessToken === 'string' ? accessLifetimeSeconds(body, accessToken, Date.now()) : undefined;
  if (typeof accessToken !== 'string' || !accessToken || typeof refreshToken !== 'string' || !refreshToken || expiresIn === undefined) {
    throw new ProviderError('The token endpoint answered without the access token, refresh token or expiry');
  }
  const refreshExpiresIn = Number(body['x_refresh_token_expires_in']);
  return { accessToken, refreshToken, accessExpiresIn: expiresIn, refreshExpiresIn: Number.isFinite(refreshExpiresIn) && refreshExpiresIn > 0 ? refreshExpiresIn : undefined };
}

/** The `exp` claim of a JWT, in milliseconds; undefined when the token is no JWT or has none. */
function jwtExpiry(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seconds an access token lives, from what the token endpoint answered: `expires_in` (QuickBooks,
 * some Jobber samples), else `expires_at` (Jobber's refresh answer, "2026-11-25 23:59:59 UTC"),
 * else the JWT's `exp` claim (Jobber's code exchange answers only the two tokens). Undefined when
 * none says, or the expiry is already past. Absolute times are turned into a lifetime by `nowMs`.
 */
export function accessLifetimeSeconds(body: Record<string, unknown>, accessToken: string, nowMs: number): number | undefined {
  const expiresIn = Number(body['expires_in']);
  if (body['expires_in'] !== undefined && body['expires_in'] !== null && Number.isFinite(expiresIn)) return expiresIn > 0 ? expiresIn : undefined;
  let at: number | undefined;
  const expiresAt = body['expires_at'];
  if (typeof expiresAt === 'string') {
    const parsed = Date.parse(expiresAt.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?) UTC$/, '$1T$2Z'));
    if (Number.isFinite(parsed)) at = parsed;
  }
  at ??= jwtExpiry(accessToken);
  if (at === undefined) return undefined;
  const seconds = Math.floor((at - nowMs) / 1000);
  return seconds > 0 ? seconds : undefined;
}

/**
 * Where an API client gets its bearer token: the current one, and a fresh one after the
 * provider answered 401 to `rejected` (the sync module refreshes it, one refresh at a time).
 */
export interface TokenSource {
  current(): Promise<string>;
  afterUnauthorized(rejected: string): Promise<string>;
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/**
 * At most `limit` events in any window of `windowMs` of the provider's time, which runs
 * `timeScale` times faster than ours (1 against real providers). `take` waits for room instead
 * of letting a request be refused.
 */
export class SlidingWindowPacer {
  private readonly events: number[] = [];

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly timeScale: number,
  ) {}

  private now(): number {
    return performance.now() * this.timeScale;
  }

  async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.events.length > 0 && this.events[0]! <= now - this.windowMs) this.events.shift();
      if (this.events.length < this.limit) {
        this.events.push(now);
        return;
      }
      await sleep((this.events[0]! + this.windowMs - now) / this.timeScale + 1);
    }
  }
}

/** Seconds from a Retry-After header, or undefined. */
export function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  const value = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Counts of what a provider client sent, for the sync's log line and the benchmark. */
export interface ProviderCallCounts {
  requests: number;
  throttled: number;
}

/** How a provider client's requests are retried (QuickBooks and Jobber differ only in these). */
export interface RetryPolicy {
  /** The provider's name in error messages. */
  provider: string;
  tokens: TokenSource;
  counts: ProviderCallCounts;
  /** Seconds to wait after a 429 that carries no Retry-After. */
  throttleWaitSeconds: number;
  maxThrottledRetries: number;
  maxServerRetries: number;
  /** Divides every wait after a 429 (the benchmark runs the providers' clocks faster); 1 in production. */
  timeScale: number;
  /** Runs before each attempt: waits for the client's pacing; may answer a function called once the attempt is over. */
  beforeAttempt?: () => Promise<(() => void) | void>;
}

/**
 * Sends one API request of a provider client with the retries both providers call for: after a
 * 401 the token is refreshed once and the request repeated; a 429 waits for Retry-After (or the
 * provider's default wait) and repeats, up to a limit; a 5xx or a network failure repeats after 2,
 * 4, 8 s. An authorization failure is never repeated: a 403, or a second 401, throws
 * ProviderAccessRefusedError at once. Answers the first other response, its body unread; throws
 * a ProviderError when the retries are spent.
 */
export async function sendWithRetries(policy: RetryPolicy, send: (accessToken: string) => Promise<Response>): Promise<Response> {
  let token = await policy.tokens.current();
  let refreshed = false;
  let throttled = 0;
  let serverErrors = 0;
  for (;;) {
    const done = await policy.beforeAttempt?.();
    let response: Response;
    try {
      policy.counts.requests += 1;
      response = await send(token);
    } catch (error) {
      if (++serverErrors > policy.maxServerRetries) throw new ProviderError(`${policy.provider} could not be reached (${(error as Error).message})`);
      await sleep(1000 * 2 ** serverErrors);
      continue;
    } finally {
      done?.();
    }
    if (response.status === 401 && !refreshed) {
      await response.body?.cancel();
      token = await policy.tokens.afterUnauthorized(token);
      refreshed = true;
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      // The provider's fault body, for the log: what it says was refused.
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      throw new ProviderAccessRefusedError(`${policy.provider} refused access (${response.status})${detail ? `: ${detail}` : ''}`, response.status);
    }
    if (response.status === 429) {
      // QuickBooks' throttle fault is XML even to a JSON request: nothing in it but "wait".
      await response.body?.cancel();
      policy.counts.throttled += 1;
      if (++throttled > policy.maxThrottledRetries) throw new ProviderError(`${policy.provider} kept answering that the request limit was reached`, 429);
      await sleep(((retryAfterSeconds(response) ?? policy.throttleWaitSeconds) * 1000) / policy.timeScale);
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      if (++serverErrors > policy.maxServerRetries) throw new ProviderError(`${policy.provider} answered ${response.status}`, response.status);
      await sleep(1000 * 2 ** serverErrors);
      continue;
    }
    return response;
  }
}
