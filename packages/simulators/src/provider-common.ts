// Parts shared by the QuickBooks Online and Jobber simulators: the clock, a JSON state file written
// atomically, sliding-window request limits, an OAuth 2.0 grant store with single-use codes and
// rotating refresh tokens, and the HTML shell of their pages.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './http-helpers.ts';

/** Milliseconds since the epoch; tests and benchmarks pass their own to move time. */
export type Clock = () => number;

/** The real clock. */
export const systemClock: Clock = () => Date.now();

/** A clock that runs `factor` times faster than real time from now on (benchmarks shorten minute limits with it). */
export function scaledClock(factor: number): Clock {
  const start = Date.now();
  return () => start + (Date.now() - start) * factor;
}

/** Counters since start (or the last reset). */
export interface SimulatorStats {
  /** API requests (OAuth calls not included). */
  requests: number;
  /** Entities created or updated. */
  writes: number;
  /** Requests refused for a limit (429, or Jobber's THROTTLED). */
  throttled: number;
}

/** A random URL-safe token of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Loads and saves one simulator's state as a JSON file; saves coalesce and are written atomically. */
export class JsonStateFile<T> {
  private timer: NodeJS.Timeout | undefined;
  private pending: (() => T) | undefined;

  constructor(private readonly file: string | undefined) {}

  /** The saved state, or undefined when there is no file (or no dataDir). */
  load(): T | undefined {
    if (!this.file) return undefined;
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new Error(`The simulator cannot read ${this.file} (${(error as Error).message}); delete the file to start afresh`, { cause: error });
    }
  }

  /** Saves soon (item writes come in bursts); `now` saves before returning (tokens must never be lost). */
  save(snapshot: () => T, now = false): void {
    if (!this.file) return;
    this.pending = snapshot;
    if (now) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), 100);
  }

  /** Writes what is pending, if anything. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = this.pending;
    this.pending = undefined;
    if (!this.file || !snapshot) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Write then rename, so a crash never leaves half a state file under its final name.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(snapshot()));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** Counts events per key in a sliding window and says whether one more is allowed. */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Records an event for `key` and answers true, or answers false (recording nothing) when the window is full. */
  take(key: string): boolean {
    const now = this.clock();
    const kept = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length >= this.limit) {
      this.events.set(key, kept);
      return false;
    }
    kept.push(now);
    this.events.set(key, kept);
    return true;
  }

  /** Forgets every event. */
  clear(): void {
    this.events.clear();
  }
}

/** One authorization: a client's access to one company or account, until revoked. */
export interface Grant {
  id: string;
  clientId: string;
  /** The company (QuickBooks realmId) or account (Jobber) the grant opens. */
  account: string;
  revoked: boolean;
  /** The only refresh token that is still accepted. */
  refreshToken: string;
  refreshExpiresAt: number;
}

/** What the grant store keeps on disk. */
export interface GrantState {
  grants: Grant[];
  codes: { code: string; grantAccount: string; clientId: string; redirectUri: string; expiresAt: number; used: boolean }[];
  accessTokens: { token: string; grantId: string; expiresAt: number }[];
}

/** Tokens handed out by a token endpoint. */
export interface IssuedTokens {
  accessToken: string;
  accessExpiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
  grant: Grant;
}

/** Why a token request was refused, in OAuth's words. */
export type TokenFailure = 'invalid_grant';

/** Codes, grants and tokens of one simulator, with the rules both providers follow. */
export class GrantStore {
  private state: GrantState = { grants: [], codes: [], accessTokens: [] };

  constructor(
    private readonly clock: Clock,
    private readonly lifetimes: { codeSeconds: number; accessSeconds: number; refreshSeconds: number },
    private readonly makeAccessToken: (grant: Grant, expiresAt: number) => string = () => randomToken(48),
    private readonly makeRefreshToken: () => string = () => randomToken(32),
  ) {}

  /** Replaces the state with a saved one. */
  restore(state: GrantState | undefined): void {
    if (state) this.state = state;
  }

  /** The state to save, without expired codes and tokens. */
  snapshot(): GrantState {
    const now = this.clock();
    return {
      grants: this.state.grants,
      codes: this.state.codes.filter((c) => c.expiresAt > now && !c.used),
      accessTokens: this.state.accessTokens.filter((t) => t.expiresAt > now),
    };
  }

  /** Issues a single-use authorization code for `account`. */
  issueCode(clientId: string, redirectUri: string, account: string): string {
    const code = randomToken(24);
    this.state.codes.push({ code, grantAccount: account, clientId, redirectUri, expiresAt: this.clock() + this.lifetimes.codeSeconds * 1000, used: false });
    return code;
  }

  /** Exchanges a code (once, before it expires, with the same client and redirect URI) for a new grant's tokens. */
  exchangeCode(clientId: string, code: string, redirectUri: string | undefined): IssuedTokens | TokenFailure {
    const record = this.state.codes.find((c) => c.code === code);
    if (!record || record.used || record.expiresAt <= this.clock() || record.clientId !== clientId) return 'invalid_grant';
    if (redirectUri !== undefined && redirectUri !== record.redirectUri) return 'invalid_grant';
    record.used = true;
    const grant: Grant = { id: randomToken(12), clientId, account: record.grantAccount, revoked: false, refreshToken: '', refreshExpiresAt: 0 };
    this.state.grants.push(grant);
    return this.issue(grant);
  }

  /** Spends a refresh token: the grant's current one only; a new refresh token replaces it. */
  refresh(clientId: string, refreshToken: string): IssuedTokens | TokenFailure {
    const grant = this.state.grants.find((g) => g.refreshToken === refreshToken);
    if (!grant || grant.revoked || grant.clientId !== clientId || grant.refreshExpiresAt <= this.clock()) return 'invalid_grant';
    return this.issue(grant);
  }

  /** Revokes the grant that `token` (an access or refresh token) belongs to; false when unknown. */
  revoke(token: string): boolean {
    const grant = this.grantOf(token);
    if (!grant) return false;
    this.revokeGrant(grant);
    return true;
  }

  /** Revokes a grant and drops its access tokens. */
  revokeGrant(grant: Grant): void {
    grant.revoked = true;
    this.state.accessTokens = this.state.accessTokens.filter((t) => t.grantId !== grant.id);
  }

  /** The live grant behind a bearer access token, or undefined when it is unknown, expired or revoked. */
  authenticate(accessToken: string): Grant | undefined {
    const record = this.state.accessTokens.find((t) => t.token === accessToken);
    if (!record || record.expiresAt <= this.clock()) return undefined;
    const grant = this.state.grants.find((g) => g.id === record.grantId);
    return grant && !grant.revoked ? grant : undefined;
  }

  /** Makes every access token expired now, as if an hour had passed (refresh tokens stay valid). */
  expireAccessTokens(): void {
    const now = this.clock();
    for (const token of this.state.accessTokens) token.expiresAt = Math.min(token.expiresAt, now);
  }

  private grantOf(token: string): Grant | undefined {
    const access = this.state.accessTokens.find((t) => t.token === token);
    return this.state.grants.find((g) => (access ? g.id === access.grantId : g.refreshToken === token));
  }

  private issue(grant: Grant): IssuedTokens {
    const now = this.clock();
    const accessExpiresAt = now + this.lifetimes.accessSeconds * 1000;
    const accessToken = this.makeAccessToken(grant, accessExpiresAt);
    this.state.accessTokens.push({ token: accessToken, grantId: grant.id, expiresAt: accessExpiresAt });
    grant.refreshToken = this.makeRefreshToken();
    grant.refreshExpiresAt = now + this.lifetimes.refreshSeconds * 1000;
    return {
      accessToken,
      accessExpiresIn: this.lifetimes.accessSeconds,
      refreshToken: grant.refreshToken,
      refreshExpiresIn: this.lifetimes.refreshSeconds,
      grant,
    };
  }
}

/** Reads `Authorization: Basic` client credentials. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** Reads `Authorization: Bearer`. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
}

/** Parses an application/x-www-form-urlencoded body into a plain record (last value wins). */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** True for an absolute http(s) URL without a fragment, the only redirect URIs OAuth allows. */
export function isRedirectUri(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
  } catch {
    return false;
  }
}

/** `redirectUri` with query parameters added. */
export function withQuery(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** What the consent form's answer leads to: an error page, or a redirect back to the app. */
export type ConsentOutcome = { problem: string } | { location: string; codeIssued: boolean };

/**
 * The consent form's answer (POST of renderConsentForm), the same at every OAuth provider: the
 * client and redirect URI are checked again; "allow" with a known account issues a single-use
 * code and redirects with it (and `state`, plus `callbackParams`), anything else redirects with
 * `access_denied`.
 */
export function consentDecision(options: {
  form: Record<string, string>;
  clientId: string;
  grants: GrantStore;
  clientProblem: (params: URLSearchParams) => string | undefined;
  accountExists: (accountId: string) => boolean;
  callbackParams?: (accountId: string) => Record<string, string>;
  /** Jobber returns a declined consent to the redirect URI with no parameters at all. */
  declineWithoutParameters?: boolean;
}): ConsentOutcome {
  const { form } = options;
  const problem = options.clientProblem(new URLSearchParams(form));
  if (problem) return { problem };
  const redirectUri = form['redirect_uri'] as string;
  const state: Record<string, string> = form['state'] ? { state: form['state'] } : {};
  const accountId = form['account'] ?? '';
  if (form['decision'] !== 'allow' || !options.accountExists(accountId)) {
    if (options.declineWithoutParameters) return { location: redirectUri, codeIssued: false };
    return { location: withQuery(redirectUri, { error: 'access_denied', ...state }), codeIssued: false };
  }
  const code = options.grants.issueCode(options.clientId, redirectUri, accountId);
  return { location: withQuery(redirectUri, { code, ...state, ...(options.callbackParams?.(accountId) ?? {}) }), codeIssued: true };
}

const PAGE_STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d232a; background: #f6f7f9; }
  header { background: #24303c; color: #fff; padding: 12px 24px; }
  header h1 { font-size: 18px; margin: 0; }
  main { max-width: 1000px; margin: 0 auto; padding: 16px 24px; }
  table { width: 100%; border-collapse: collapse; background: #fff; margin-bottom: 24px; }
  th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
  th { font-size: 13px; color: #56606b; font-weight: 600; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  h2 { font-size: 16px; margin: 20px 0 8px; }
  .empty { padding: 16px; background: #fff; color: #56606b; margin-bottom: 24px; }
  form.consent { background: #fff; padding: 16px 24px; border: 1px solid #d0d5db; max-width: 520px; }
  fieldset { border: 0; padding: 0; margin: 0 0 16px; }
  label { display: block; margin: 6px 0; }
  button { padding: 6px 14px; cursor: pointer; margin-right: 8px; }
  .error { color: #c62828; }
`;

/** A whole HTML page in the simulators' plain style. */
export function renderPage(simulatorName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(simulatorName)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(simulatorName)}</h1></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A consent form: pick one of `accounts`, then Allow or Deny; hidden fields carry the request on. */
export function renderConsentForm(options: {
  action: string;
  appName: string;
  accountLabel: string;
  accounts: { id: string; name: string }[];
  hidden: Record<string, string>;
}): string {
  const hidden = Object.entries(options.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const choices = options.accounts
    .map((a, i) => `<label><input type="radio" name="account" value="${escapeHtml(a.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(a.name)} <small>(${escapeHtml(a.id)})</small></label>`)
    .join('\n');
  return `<h2>${escapeHtml(options.appName)} wants to connect</h2>
<form class="consent" method="post" action="${escapeHtml(options.action)}">
${hidden}
<fieldset><legend>${escapeHtml(options.accountLabel)}</legend>
${choices}
</fieldset>
<button type="submit" name="decision" value="allow">Connect</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`;
}

/** The HTML list of one company's or account's items. */
export function renderItemTable(heading: string, columns: string[], rows: (string | number | undefined)[][]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(heading)}</h2><div class="empty">No items yet.</div>`;
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => (typeof cell === 'number' ? `<td class="num">${cell.toFixed(2)}</td>` : `<td>${escapeHtml(cell ?? '')}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<h2>${escapeHtml(heading)} (${rows.length})</h2><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
