// QuickBooks Online: the authorization URL, the token and revoke endpoints, and the Accounting
// API v3 calls a price-list sync makes (query, batch, account create, item read and write),
// paced below QuickBooks' per-company limits so that they are not hit, with its faults read in
// each of the shapes Intuit answers them (docs/simulators.md, QuickBooks): the API's JSON
// `{"Fault":{"Error":[{"Message","Detail","code"}]}}`, the gateway's lower-case envelope
// `{"fault":{"error":[{"message","detail","code"}]}}` of a 401 or 403, and XML `<IntuitResponse>`.
import type { Config } from '../../config/env.ts';
import {
  basicAuthorization,
  PROVIDER_TIMEOUT_MS,
  ProviderAccessRefusedError,
  ProviderError,
  requestTokens,
  sendWithRetries,
  SlidingWindowPacer,
  type ProviderCallCounts,
  type RetryPolicy,
  type TokenSet,
  type TokenSource,
} from '../oauth-client.ts';

export type QuickBooksConfig = Config['quickbooks'];

/** The only scope Tradelist asks for. */
export const QBO_SCOPE = 'com.intuit.quickbooks.accounting';
/** Minor versions below 75 are no longer served. */
const MINOR_VERSION = 75;

/** QuickBooks' published limits per company (and app). */
export const QBO_LIMITS = { requestsPerMinute: 500, batchesPerMinute: 40, concurrentRequests: 10, maxResults: 1000, maxBatchItems: 30 } as const;
// Our windows are a little longer than a minute, so that a request sent just in time and
// delivered late still falls into the next minute at QuickBooks.
const WINDOW_MS = 62_000;
// Requests in flight at once per company; QuickBooks allows 10.
const CONCURRENT = 8;
// On a 429 QuickBooks asks for a minute's wait when it gives no Retry-After.
const THROTTLE_WAIT_SECONDS = 60;
const MAX_THROTTLED_RETRIES = 6;
const MAX_SERVER_RETRIES = 3;

/** The authorization page URL for one flow. */
export function quickBooksAuthorizeUrl(config: QuickBooksConfig, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({ client_id: clientId, response_type: 'code', scope: QBO_SCOPE, redirect_uri: redirectUri, state }).toString();
  return url.toString();
}

/** Exchanges an authorization code (HTTP Basic client authentication). */
export function exchangeQuickBooksCode(config: QuickBooksConfig, credentials: { clientId: string; clientSecret: string }, code: string, redirectUri: string): Promise<TokenSet> {
  return requestTokens({ tokenUrl: config.tokenUrl, ...credentials, authentication: 'basic', grant: { grant_type: 'authorization_code', code, redirect_uri: redirectUri } });
}

/** Spends a refresh token; the answer carries the one to use next time. */
export function refreshQuickBooksTokens(config: QuickBooksConfig, credentials: { clientId: string; clientSecret: string }, refreshToken: string): Promise<TokenSet> {
  return requestTokens({ tokenUrl: config.tokenUrl, ...credentials, authentication: 'basic', grant: { grant_type: 'refresh_token', refresh_token: refreshToken } });
}

/** Revokes a token (the refresh token revokes the whole grant). */
export async function revokeQuickBooksToken(config: QuickBooksConfig, credentials: { clientId: string; clientSecret: string }, token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(config.revokeUrl, {
      method: 'POST',
      headers: { authorization: basicAuthorization(credentials.clientId, credentials.clientSecret), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(`QuickBooks' revoke endpoint could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) throw new ProviderError(`QuickBooks' revoke endpoint answered ${response.status}`, response.status);
}

/** A reference to another entity. */
export interface QboRef {
  value: string;
  name?: string;
}

/** The Item fields a sync reads and writes (QuickBooks' names). */
export interface QboItem {
  Id: string;
  SyncToken: string;
  Name: string;
  Sku?: string;
  Active?: boolean;
  Type?: string;
  UnitPrice?: number;
  PurchaseCost?: number;
  Description?: string;
  PurchaseDesc?: string;
  IncomeAccountRef?: QboRef;
  ExpenseAccountRef?: QboRef;
  AssetAccountRef?: QboRef;
  TrackQtyOnHand?: boolean;
  QtyOnHand?: number;
  InvStartDate?: string;
}

/** One error of a QuickBooks fault. */
export interface QboError {
  code: string;
  message: string;
  detail: string;
  element: string | undefined;
}

/** QuickBooks refused a request with a fault (validation, authorization...). */
export class QuickBooksFaultError extends ProviderError {
  override name = 'QuickBooksFaultError';
  constructor(
    readonly errors: QboError[],
    status: number,
  ) {
    super(`QuickBooks: ${errors.map(describeQboError).join('; ') || 'an unknown fault'}`, status);
  }
}

/**
 * QuickBooks refused the request's authorization (a 403, or a 401 again after a refresh), with
 * the errors of its fault: 3100 for a company the grant does not open, 3200 or 100 for a token
 * it does not accept. Only connecting again helps.
 */
export class QuickBooksAccessRefusedError extends ProviderAccessRefusedError {
  override name = 'QuickBooksAccessRefusedError';
  constructor(
    readonly errors: QboError[],
    status: number,
  ) {
    super(`QuickBooks refused access (${status}): ${errors.map(describeQboError).join('; ') || 'no fault in the answer'}`, status);
  }
}

/** A fault as people read it: "Duplicate Name Exists Error: The name supplied already exists." */
export function describeQboError(error: QboError): string {
  return [error.message, error.detail].filter(Boolean).join(': ');
}

/** One operation of a batch request. */
export type BatchOperation = { bId: string; operation: 'create' | 'update'; Item: Partial<QboItem> & Record<string, unknown> };

/** One answer of a batch: the item written, or its fault. */
export type BatchResult = { bId: string; item: QboItem; errors?: undefined } | { bId: string; item?: undefined; errors: QboError[] };

interface CompanyPacing {
  requests: SlidingWindowPacer;
  batches: SlidingWindowPacer;
  inFlight: number;
  waiting: Array<() => void>;
}

// Shared by every sync of this process to the same company: the limits are the company's.
const pacingByCompany = new Map<string, CompanyPacing>();

function pacingFor(realmId: string, timeScale: number): CompanyPacing {
  const key = `${realmId}|${timeScale}`;
  let pacing = pacingByCompany.get(key);
  if (!pacing) {
    pacing = {
      requests: new SlidingWindowPacer(QBO_LIMITS.requestsPerMinute, WINDOW_MS, timeScale),
      batches: new SlidingWindowPacer(QBO_LIMITS.batchesPerMinute, WINDOW_MS, timeScale),
      inFlight: 0,
      waiting: [],
    };
    pacingByCompany.set(key, pacing);
  }
  return pacing;
}

/** One error of a fault, whichever case its keys come in (`Message` or `message`...). */
function parseError(entry: unknown): QboError {
  const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return {
    code: text(e['code'] ?? e['Code']),
    message: text(e['Message'] ?? e['message']),
    detail: text(e['Detail'] ?? e['detail']),
    element: typeof (e['element'] ?? e['Element']) === 'string' ? String(e['element'] ?? e['Element']) : undefined,
  };
}

/** A fault object's errors: `{ Error: [...] }` or the gateway's `{ error: [...] }`. */
function faultErrors(fault: unknown): QboError[] {
  if (typeof fault !== 'object' || fault === null) return [];
  const list = (fault as Record<string, unknown>)['Error'] ?? (fault as Record<string, unknown>)['error'];
  return Array.isArray(list) ? list.map(parseError) : [];
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(Number(name.toLowerCase().startsWith('#x') ? `0x${name.slice(2)}` : name.slice(1))) : XML_ENTITIES[name.toLowerCase()] ?? '',
    )
    .trim();
}

function xmlAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? xmlText(match[1] ?? match[2] ?? '') : undefined;
}

function xmlFaultErrors(xml: string): QboError[] | undefined {
  if (!/<Fault\b/.test(xml)) return undefined;
  const errors: QboError[] = [];
  for (const match of xml.matchAll(/<Error\b([^>]*)>([\s\S]*?)<\/Error>/g)) {
    const [, attributes = '', inner = ''] = match;
    const child = (name: string): string => xmlText(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`).exec(inner)?.[1] ?? '');
    errors.push({ code: xmlAttribute(attributes, 'code') ?? '', message: child('Message'), detail: child('Detail'), element: xmlAttribute(attributes, 'element') });
  }
  return errors;
}

/**
 * Reads a QuickBooks answer's fault, in any of its shapes: the API's `Fault.Error[]`, the
 * gateway's lower-case `fault.error[]`, or an XML `<IntuitResponse><Fault><Error code>`.
 * Answers undefined when the body carries no fault.
 */
export function parseQboFault(body: string): QboError[] | undefined {
  const text = body.trimStart();
  if (text.startsWith('<')) return xmlFaultErrors(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const fault = (value as Record<string, unknown>)['Fault'] ?? (value as Record<string, unknown>)['fault'];
  return fault ? faultErrors(fault) : undefined;
}

/** Counts of what this client sent, for the sync's log line. */
export type QuickBooksCallCounts = ProviderCallCounts;

/** The Accounting API of one company, with a token that the sync module keeps fresh. */
export class QuickBooksClient {
  readonly counts: QuickBooksCallCounts = { requests: 0, throttled: 0 };
  private readonly pacing: CompanyPacing;

  constructor(
    private readonly config: QuickBooksConfig,
    private readonly realmId: string,
    private readonly tokens: TokenSource,
    private readonly timeScale = 1,
  ) {
    this.pacing = pacingFor(realmId, timeScale);
  }

  /** Runs a query; answers its QueryResponse (empty object when nothing matched). */
  async query(text: string): Promise<Record<string, unknown>> {
    const body = await this.send('GET', `query?query=${encodeURIComponent(text)}`, undefined, false);
    return (body['QueryResponse'] as Record<string, unknown> | undefined) ?? {};
  }

  /** Up to 30 operations in one request; each answers its item or its fault. */
  async batch(operations: BatchOperation[]): Promise<BatchResult[]> {
    if (operations.length > QBO_LIMITS.maxBatchItems) throw new Error(`A batch holds at most ${QBO_LIMITS.maxBatchItems} operations`);
    const body = await this.send('POST', 'batch', { BatchItemRequest: operations }, true);
    const answers = body['BatchItemResponse'];
    if (!Array.isArray(answers)) throw new ProviderError('QuickBooks answered a batch without BatchItemResponse');
    return answers.map((answer: Record<string, unknown>) => {
      const bId = String(answer['bId']);
      const fault = answer['Fault'] ?? answer['fault'];
      if (fault) return { bId, errors: faultErrors(fault) };
      return { bId, item: answer['Item'] as QboItem };
    });
  }

  /** Reads one item (its current SyncToken after a stale-object fault). */
  async readItem(id: string): Promise<QboItem> {
    const body = await this.send('GET', `item/${encodeURIComponent(id)}`, undefined, false);
    return body['Item'] as QboItem;
  }

  /** Creates or (with Id, SyncToken and sparse) updates one item. */
  async writeItem(item: Record<string, unknown>): Promise<QboItem> {
    const body = await this.send('POST', 'item', item, false);
    return body['Item'] as QboItem;
  }

  /** Creates an account; answers its id. */
  async createAccount(account: { Name: string; AccountType: string; AccountSubType?: string }): Promise<string> {
    const body = await this.send('POST', 'account', account, false);
    return String((body['Account'] as { Id: string }).Id);
  }

  /** The company's name, for the connection's display. */
  async companyName(): Promise<string | undefined> {
    const body = await this.send('GET', `companyinfo/${encodeURIComponent(this.realmId)}`, undefined, false);
    const info = body['CompanyInfo'] as { CompanyName?: unknown } | undefined;
    return typeof info?.CompanyName === 'string' ? info.CompanyName : undefined;
  }

  private async slot(): Promise<() => void> {
    while (this.pacing.inFlight >= CONCURRENT) await new Promise<void>((resolve) => this.pacing.waiting.push(resolve));
    this.pacing.inFlight += 1;
    return () => {
      this.pacing.inFlight -= 1;
      this.pacing.waiting.shift()?.();
    };
  }

  private async send(method: 'GET' | 'POST', path: string, payload: unknown, isBatch: boolean): Promise<Record<string, unknown>> {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${this.config.apiUrl}/v3/company/${encodeURIComponent(this.realmId)}/${path}${separator}minorversion=${MINOR_VERSION}`;
    const policy: RetryPolicy = {
      provider: 'QuickBooks',
      tokens: this.tokens,
      counts: this.counts,
      throttleWaitSeconds: THROTTLE_WAIT_SECONDS,
      maxThrottledRetries: MAX_THROTTLED_RETRIES,
      maxServerRetries: MAX_SERVER_RETRIES,
      timeScale: this.timeScale,
      beforeAttempt: async () => {
        if (isBatch) await this.pacing.batches.take();
        await this.pacing.requests.take();
        return this.slot();
      },
    };
    // sendWithRetries reads only the status of a refusal; its fault is kept here to name the cause.
    let refusal: { status: number; body: string } | undefined;
    const response = await sendWithRetries(policy, async (token) => {
      const answer = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (answer.status !== 401 && answer.status !== 403) return answer;
      const text = await answer.text().catch(() => '');
      refusal = { status: answer.status, body: text };
      return new Response(text, { status: answer.status, headers: answer.headers });
    }).catch((error: unknown) => {
      if (error instanceof ProviderAccessRefusedError && refusal && error.status === refusal.status) {
        throw new QuickBooksAccessRefusedError(parseQboFault(refusal.body) ?? [], refusal.status);
      }
      throw error;
    });
    const text = await response.text().catch(() => '');
    // An answer of 200 can still carry a fault; a 400 carries one in JSON or in XML.
    const errors = parseQboFault(text);
    if (errors) throw new QuickBooksFaultError(errors, response.status);
    let body: Record<string, unknown> | undefined;
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) body = value as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    if (!response.ok) throw new ProviderError(`QuickBooks answered ${response.status}`, response.status);
    if (!body) throw new ProviderError(`QuickBooks answered ${response.status} without a readable body`, response.status);
    return body;
  }
}
