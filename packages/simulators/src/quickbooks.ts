// QuickBooks Online stand-in: Intuit's OAuth 2.0 authorization page, token and revoke endpoints,
// and the Accounting API v3 calls a price-list sync makes (query, item, account, batch), with
// QuickBooks' entity wrappers, faults and limits (per-company requests a minute, concurrency,
// batch requests a minute, 429 with the XML throttle fault).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  BodyTooLargeError,
  closeHttpServer,
  escapeHtml,
  listen,
  readBody,
  sendEmpty,
  sendHtml,
  sendJson,
  urlHost,
} from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';
import {
  basicCredentials,
  bearerToken,
  consentDecision,
  GrantStore,
  isRedirectUri,
  JsonStateFile,
  parseForm,
  randomToken,
  renderConsentForm,
  renderItemTable,
  renderPage,
  scaledClock,
  SlidingWindowLimit,
  systemClock,
  withQuery,
  type Clock,
  type GrantState,
  type SimulatorStats,
} from './provider-common.ts';

export type { SimulatorStats } from './provider-common.ts';

export const DEFAULT_QBO_CLIENT_ID = 'tradelist-local-qbo-client';
export const DEFAULT_QBO_CLIENT_SECRET = 'tradelist-local-qbo-secret';
/** The scope Tradelist asks for. */
export const QBO_ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';

/** QuickBooks' published limits; tests pass smaller ones. */
export interface QuickBooksLimits {
  /** Requests a minute per company (500). */
  requestsPerMinute: number;
  /** Requests in flight at once per company (10). */
  concurrentRequests: number;
  /** Batch requests a minute per company (40). */
  batchRequestsPerMinute: number;
  /** Operations in one batch request (30). */
  maxBatchItems: number;
  /** Largest MAXRESULTS a query may ask for (1000). */
  maxResults: number;
}

export const QBO_LIMITS: QuickBooksLimits = {
  requestsPerMinute: 500,
  concurrentRequests: 10,
  batchRequestsPerMinute: 40,
  maxBatchItems: 30,
  maxResults: 1000,
};

export interface QuickBooksSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Folder for `quickbooks.json` (companies, items, tokens); in memory only when omitted. */
  dataDir?: string;
  /** Time source in milliseconds; default Date.now. */
  clock?: Clock;
  /** Without `clock`: run time this many times faster (token lifetimes and limit windows shrink alike). */
  timeScale?: number;
  clientId?: string;
  clientSecret?: string;
  limits?: Partial<QuickBooksLimits>;
  /** The app's registered redirect URIs; when given, any other is refused. Default: any http(s) URL. */
  redirectUris?: string[];
  /** Delay before each API answer, so concurrency limits can be reached; default 0. */
  latencyMs?: number;
}

/** What `/__sim/items` lists for each item. */
export interface QboItemSummary {
  id: string;
  name: string;
  sku: string | undefined;
  type: string;
  unitPrice: number | undefined;
  purchaseCost: number | undefined;
  description: string | undefined;
  active: boolean;
  syncToken: string;
  incomeAccount: string | undefined;
  expenseAccount: string | undefined;
}

export interface QuickBooksSimulator {
  /** Base URL, e.g. http://127.0.0.1:3040; the API is under `{url}/v3/company/{realmId}/`. */
  readonly url: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly revokeUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The sandbox companies a person can connect. */
  readonly companies: { realmId: string; name: string }[];
  /** Every company's items, by realmId. */
  items(): Record<string, QboItemSummary[]>;
  stats(): SimulatorStats;
  /** Clears items, created accounts, counters and limit windows; connections stay. */
  reset(): void;
  /** Expires every access token now, as if an hour had passed. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

/** A QuickBooks entity as stored: QuickBooks' own field names. */
type Entity = Record<string, unknown> & { Id: string; SyncToken: string; Name: string; Active: boolean };

interface Company {
  realmId: string;
  name: string;
  nextId: number;
  items: Entity[];
  accounts: Entity[];
}

interface QboState {
  companies: Company[];
  grants: GrantState;
}

interface ErrorDetail {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

/** A QuickBooks fault, as a value: the caller decides the HTTP status. */
class QboFault {
  constructor(
    readonly type: 'ValidationFault' | 'SystemFault' | 'AuthenticationFault' | 'AuthorizationFault',
    readonly errors: ErrorDetail[],
  ) {}

  body(): { Fault: { Error: ErrorDetail[]; type: string } } {
    return { Fault: { Error: this.errors, type: this.type } };
  }
}

const validation = (code: string, Message: string, Detail: string, element?: string): QboFault =>
  new QboFault('ValidationFault', [{ Message, Detail, code, ...(element ? { element } : {}) }]);

const requiredMissing = (field: string): QboFault =>
  validation('2020', 'Required param missing, need to supply the required value for the API', `Required parameter ${field} is missing in the request`, field);

const ACCOUNT_TYPES: Record<string, string> = {
  Bank: 'Asset',
  'Other Current Asset': 'Asset',
  'Fixed Asset': 'Asset',
  'Other Asset': 'Asset',
  'Accounts Receivable': 'Asset',
  Equity: 'Equity',
  Expense: 'Expense',
  'Other Expense': 'Expense',
  'Cost of Goods Sold': 'Expense',
  'Accounts Payable': 'Liability',
  'Credit Card': 'Liability',
  'Long Term Liability': 'Liability',
  'Other Current Liability': 'Liability',
  Income: 'Revenue',
  'Other Income': 'Revenue',
};

const ITEM_TYPES = ['Service', 'NonInventory', 'Inventory'];

/** Fields a query may filter or order on, per entity (QuickBooks' names). */
const QUERYABLE: Record<'Item' | 'Account', string[]> = {
  Item: ['Id', 'Name', 'Sku', 'Type', 'Active', 'FullyQualifiedName', 'UnitPrice', 'PurchaseCost', 'Taxable'],
  Account: ['Id', 'Name', 'AccountType', 'AccountSubType', 'Classification', 'Active', 'FullyQualifiedName'],
};

/** The two sandbox companies, each with the accounts a new QuickBooks company has for items. */
function seedCompanies(): Company[] {
  const company = (realmId: string, name: string): Company => {
    const c: Company = { realmId, name, nextId: 1, items: [], accounts: [] };
    for (const [accountName, type, subType] of [
      ['Sales of Product Income', 'Income', 'SalesOfProductIncome'],
      ['Services', 'Income', 'ServiceFeeIncome'],
      ['Cost of Goods Sold', 'Cost of Goods Sold', 'SuppliesMaterialsCogs'],
      ['Inventory Asset', 'Other Current Asset', 'Inventory'],
    ] as const) {
      c.accounts.push(newAccount(c, { Name: accountName, AccountType: type, AccountSubType: subType }, 0));
    }
    return c;
  };
  return [company('9341453071836290', 'Sandbox Company US 1'), company('9341453071836291', 'Sandbox Company US 2')];
}

function newAccount(company: Company, input: Record<string, unknown>, now: number): Entity {
  const type = String(input['AccountType']);
  const stamp = new Date(now).toISOString();
  return {
    Name: String(input['Name']),
    SubAccount: false,
    FullyQualifiedName: String(input['Name']),
    Active: input['Active'] === undefined ? true : Boolean(input['Active']),
    Classification: ACCOUNT_TYPES[type] ?? 'Expense',
    AccountType: type,
    ...(input['AccountSubType'] ? { AccountSubType: String(input['AccountSubType']) } : {}),
    CurrentBalance: 0,
    CurrentBalanceWithSubAccounts: 0,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    domain: 'QBO',
    sparse: false,
    Id: String(company.nextId++),
    SyncToken: '0',
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
}

/** Starts the QuickBooks Online simulator; resolves once it accepts connections. */
export async function startQuickBooksSimulator(options: QuickBooksSimulatorOptions = {}): Promise<QuickBooksSimulator> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? (options.timeScale ? scaledClock(options.timeScale) : systemClock);
  const clientId = options.clientId ?? DEFAULT_QBO_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_QBO_CLIENT_SECRET;
  const limits: QuickBooksLimits = { ...QBO_LIMITS, ...options.limits };
  const latencyMs = options.latencyMs ?? 0;

  const file = new JsonStateFile<QboState>(options.dataDir ? path.join(options.dataDir, 'quickbooks.json') : undefined);
  const grants = new GrantStore(
    clock,
    // Codes live 10 minutes at most; refresh tokens 101 days, as Intuit's examples answer.
    { codeSeconds: 600, accessSeconds: 3600, refreshSeconds: 8_726_400 },
    () => `eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..${randomToken(48)}`,
    () => `AB11${Math.floor(clock() / 1000)}${randomToken(24).replace(/[-_]/g, 'x')}`,
  );
  const saved = file.load();
  let companies = saved?.companies ?? seedCompanies();
  grants.restore(saved?.grants);
  const persist = (now = false): void => file.save(() => ({ companies, grants: grants.snapshot() }), now);

  let stats: SimulatorStats = { requests: 0, writes: 0, throttled: 0 };
  const perMinute = new SlidingWindowLimit(limits.requestsPerMinute, 60_000, clock);
  const batchPerMinute = new SlidingWindowLimit(limits.batchRequestsPerMinute, 60_000, clock);
  const inFlight = new Map<string, number>();

  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const time = (): string => new Date(clock()).toISOString();
  const company = (realmId: string): Company | undefined => companies.find((c) => c.realmId === realmId);

  const simulator: QuickBooksSimulator = {
    get url() {
      return baseUrl();
    },
    get authorizeUrl() {
      return `${baseUrl()}/connect/oauth2`;
    },
    get tokenUrl() {
      return `${baseUrl()}/oauth2/v1/tokens/bearer`;
    },
    get revokeUrl() {
      return `${baseUrl()}/oauth2/v1/tokens/revoke`;
    },
    clientId,
    clientSecret,
    get companies() {
      return companies.map((c) => ({ realmId: c.realmId, name: c.name }));
    },
    items: () => Object.fromEntries(companies.map((c) => [c.realmId, c.items.map(summarize)])),
    stats: () => ({ ...stats }),
    reset: () => {
      const seeded = seedCompanies();
      companies = companies.map((c) => seeded.find((s) => s.realmId === c.realmId) ?? { ...c, items: [], nextId: 1 });
      stats = { requests: 0, writes: 0, throttled: 0 };
      perMinute.clear();
      batchPerMinute.clear();
      persist(true);
    },
    expireAccessTokens: () => {
      grants.expireAccessTokens();
      persist(true);
    },
    close: async () => {
      await closeHttpServer(server);
      file.flush();
    },
  };

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { ...validation('4000', 'Request too large', err.message).body(), time: time() });
      } else {
        sendJson(res, 500, { ...new QboFault('SystemFault', [{ Message: 'An application error has occurred', Detail: String(err), code: '10000' }]).body(), time: time() });
      }
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://qbo.local');
    const method = req.method ?? 'GET';
    const route = url.pathname;

    if (route === '/' && method === 'GET') {
      sendHtml(res, 200, renderPage('QuickBooks Online simulator', 'Companies', companies.map(renderCompany).join('\n')));
      return;
    }
    if (route === '/connect/oauth2') {
      if (method === 'GET') return authorizePage(url.searchParams, res);
      if (method === 'POST') return authorizeDecision(parseForm(await readBody(req, 64 * 1024)), res);
    }
    if (route === '/oauth2/v1/tokens/bearer' && method === 'POST') return tokenEndpoint(req, res);
    if (route === '/oauth2/v1/tokens/revoke' && method === 'POST') return revokeEndpoint(req, res);
    if (route === '/__sim/items' && method === 'GET') return sendJson(res, 200, simulator.items());
    if (route === '/__sim/stats' && method === 'GET') return sendJson(res, 200, simulator.stats());
    if (route === '/__sim/reset' && method === 'POST') {
      simulator.reset();
      return sendEmpty(res, 204);
    }
    if (route === '/__sim/expire-tokens' && method === 'POST') {
      simulator.expireAccessTokens();
      return sendEmpty(res, 204);
    }
    const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(route);
    if (api?.[1] && api[2]) return apiRequest(req, res, decodeURIComponent(api[1]), api[2], url.searchParams);
    sendJson(res, 404, { error: 'not_found' });
  }

  function oauthClientProblem(params: { get(name: string): string | null }): string | undefined {
    if (params.get('client_id') !== clientId) return 'The client_id is not a registered app.';
    const redirectUri = params.get('redirect_uri') ?? undefined;
    if (!isRedirectUri(redirectUri)) return 'The redirect_uri is missing or is not an absolute http(s) URL.';
    if (options.redirectUris && !options.redirectUris.includes(redirectUri)) return 'The redirect_uri is not registered for this app.';
    return undefined;
  }

  function authorizePage(params: URLSearchParams, res: ServerResponse): void {
    const problem = oauthClientProblem(params);
    if (problem) {
      sendHtml(res, 400, renderPage('QuickBooks Online simulator', 'Error', `<p class="error">invalid_request: ${escapeHtml(problem)}</p>`));
      return;
    }
    const redirectUri = params.get('redirect_uri') as string;
    const state = params.get('state') ?? '';
    const fail = (error: string): void => sendEmpty(res, 302, { location: withQuery(redirectUri, { error, ...(state ? { state } : {}) }) });
    if (params.get('response_type') !== 'code') return fail('unsupported_response_type');
    const scopes = (params.get('scope') ?? '').split(/\s+/);
    if (!scopes.includes(QBO_ACCOUNTING_SCOPE)) return fail('invalid_scope');
    sendHtml(res, 200, renderPage('QuickBooks Online simulator', 'Connect', renderConsentForm({
      action: '/connect/oauth2',
      appName: 'Tradelist',
      accountLabel: 'Choose the company to connect',
      accounts: companies.map((c) => ({ id: c.realmId, name: c.name })),
      hidden: { client_id: clientId, redirect_uri: redirectUri, scope: params.get('scope') ?? '', state },
    })));
  }

  function authorizeDecision(form: Record<string, string>, res: ServerResponse): void {
    const outcome = consentDecision({
      form,
      clientId,
      grants,
      clientProblem: oauthClientProblem,
      accountExists: (realmId) => company(realmId) !== undefined,
      callbackParams: (realmId) => ({ realmId }),
    });
    if ('problem' in outcome) {
      sendHtml(res, 400, renderPage('QuickBooks Online simulator', 'Error', `<p class="error">invalid_request: ${escapeHtml(outcome.problem)}</p>`));
      return;
    }
    if (outcome.codeIssued) persist(true);
    sendEmpty(res, 302, { location: outcome.location });
  }

  function clientAuthenticated(req: IncomingMessage): boolean {
    const credentials = basicCredentials(req.headers.authorization);
    return credentials?.clientId === clientId && credentials.clientSecret === clientSecret;
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = parseForm(await readBody(req, 64 * 1024));
    if (!clientAuthenticated(req)) return sendJson(res, 401, { error: 'invalid_client' });
    const grantType = form['grant_type'];
    let result;
    if (grantType === 'authorization_code') {
      if (!form['code'] || !form['redirect_uri']) return sendJson(res, 400, { error: 'invalid_request' });
      result = grants.exchangeCode(clientId, form['code'], form['redirect_uri']);
    } else if (grantType === 'refresh_token') {
      if (!form['refresh_token']) return sendJson(res, 400, { error: 'invalid_request' });
      result = grants.refresh(clientId, form['refresh_token']);
    } else {
      return sendJson(res, 400, { error: 'unsupported_grant_type' });
    }
    if (typeof result === 'string') return sendJson(res, 400, { error: result });
    persist(true);
    sendJson(res, 200, {
      token_type: 'bearer',
      access_token: result.accessToken,
      expires_in: result.accessExpiresIn,
      refresh_token: result.refreshToken,
      x_refresh_token_expires_in: result.refreshExpiresIn,
    });
  }

  async function revokeEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, 64 * 1024);
    if (!clientAuthenticated(req)) return sendJson(res, 401, { error: 'invalid_client' });
    let token: string | undefined;
    try {
      token = String((JSON.parse(body) as { token?: unknown }).token ?? '') || undefined;
    } catch {
      token = parseForm(body)['token'];
    }
    if (!token) return sendJson(res, 400, { error: 'invalid_request' });
    // Like RFC 7009, an unknown token is answered 200 too: the caller's goal is reached.
    if (grants.revoke(token)) persist(true);
    sendEmpty(res, 200);
  }

  async function apiRequest(req: IncomingMessage, res: ServerResponse, realmId: string, rest: string, params: URLSearchParams): Promise<void> {
    stats.requests += 1;
    const body = req.method === 'POST' ? await readBody(req, 4 * 1024 * 1024) : '';
    const presented = bearerToken(req.headers.authorization);
    const grant = presented ? grants.authenticate(presented) : undefined;
    if (!grant) {
      // Intuit's gateway answers a request without a bearer token in XML (error 100), and a token
      // it does not accept (expired, revoked, unknown) in its lower-case envelope (error 3200).
      const headers = { 'www-authenticate': 'Bearer realm="Intuit", error="invalid_token"' };
      if (!presented) return sendGatewayXmlFault(res, 401, 'AuthenticationFault', '100', 'General Authentication Error', 'AuthenticationErrorGeneral: SRV-110-Authentication Failure , statusCode: 401', headers);
      return sendJson(res, 401, gatewayFault('AUTHENTICATION', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401', null), headers);
    }
    const target = company(realmId);
    // A company the token was not granted (another one, or no company at all): QuickBooks answers
    // 403 with error 3100, in its older envelope (lower-case keys, type SERVICE), whatever the call.
    if (!target || grant.account !== realmId) return sendJson(res, 403, applicationAuthorizationFailed());
    const isBatch = rest === 'batch';
    const running = inFlight.get(realmId) ?? 0;
    if (running >= limits.concurrentRequests || !perMinute.take(realmId) || (isBatch && !batchPerMinute.take(realmId))) {
      stats.throttled += 1;
      return sendThrottleFault(res);
    }
    inFlight.set(realmId, running + 1);
    try {
      if (latencyMs > 0) await delay(latencyMs);
      const [status, answer] = routeApi(target, req.method ?? 'GET', rest, params, body);
      sendJson(res, status, { ...answer, time: time() });
    } finally {
      inFlight.set(realmId, (inFlight.get(realmId) ?? 1) - 1);
    }
  }

  /** QuickBooks' answer to a token used for a company it does not open (error 3100, HTTP 403). */
  function applicationAuthorizationFailed(): Record<string, unknown> {
    return gatewayFault('SERVICE', '3100', 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403', null);
  }

  /** The gateway's older envelope: every key lower case, a fault beside empty answer slots. */
  function gatewayFault(type: string, code: string, message: string, detail: string | null): Record<string, unknown> {
    return {
      warnings: null,
      intuitObject: null,
      fault: { error: [{ message, detail, code, element: null }], type },
      report: null,
      queryResponse: null,
      batchItemResponse: [],
      attachableResponse: [],
      syncErrorResponse: null,
      requestId: null,
      time: clock(),
      status: null,
      cdcresponse: [],
    };
  }

  /** A fault in XML, which the gateway answers whatever the request's Accept header. */
  function sendGatewayXmlFault(res: ServerResponse, status: number, type: string, code: string, message: string, detail: string, headers: Record<string, string> = {}): void {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${time()}"><Fault type="${type}"><Error code="${code}"><Message>${escapeHtml(message)}</Message><Detail>${escapeHtml(detail)}</Detail></Error></Fault></IntuitResponse>`;
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml), 'cache-control': 'no-store', ...headers });
    res.end(xml);
  }

  /** QuickBooks answers throttling in XML, even to a JSON request. */
  function sendThrottleFault(res: ServerResponse): void {
    sendGatewayXmlFault(res, 429, 'SERVICE', '3001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'The request limit was reached.');
  }

  function routeApi(target: Company, method: string, rest: string, params: URLSearchParams, body: string): [number, Record<string, unknown>] {
    const asFault = (fault: QboFault): [number, Record<string, unknown>] => [400, fault.body()];
    if (rest === 'query' && (method === 'GET' || method === 'POST')) {
      const text = method === 'GET' ? params.get('query') ?? '' : body;
      const answer = runQuery(target, text);
      return answer instanceof QboFault ? asFault(answer) : [200, { QueryResponse: answer }];
    }
    const read = /^(item|account|companyinfo)\/([^/]+)$/.exec(rest);
    if (read && method === 'GET') {
      if (read[1] === 'companyinfo') {
        if (read[2] !== target.realmId) return asFault(objectNotFound());
        return [200, { CompanyInfo: { CompanyName: target.name, LegalName: target.name, Country: 'US', Id: target.realmId, SyncToken: '0', domain: 'QBO' } }];
      }
      const list = read[1] === 'item' ? target.items : target.accounts;
      const found = list.find((e) => e.Id === read[2]);
      if (!found) return asFault(objectNotFound());
      return [200, { [read[1] === 'item' ? 'Item' : 'Account']: found }];
    }
    if ((rest === 'item' || rest === 'account') && method === 'POST') {
      const input = parseJsonObject(body);
      if (input instanceof QboFault) return asFault(input);
      const kind = rest === 'item' ? 'Item' : 'Account';
      const result = write(target, kind, input['Id'] === undefined ? 'create' : 'update', input);
      return result instanceof QboFault ? asFault(result) : [200, { [kind]: result }];
    }
    if (rest === 'batch' && method === 'POST') {
      const input = parseJsonObject(body);
      if (input instanceof QboFault) return asFault(input);
      const answer = runBatch(target, input['BatchItemRequest']);
      return answer instanceof QboFault ? asFault(answer) : [200, { BatchItemResponse: answer }];
    }
    return asFault(validation('4000', 'Unsupported Operation', `Operation ${method} ${rest} is not supported.`));
  }

  function runBatch(target: Company, requests: unknown): Record<string, unknown>[] | QboFault {
    if (!Array.isArray(requests) || requests.length === 0) return requiredMissing('BatchItemRequest');
    if (requests.length > limits.maxBatchItems) {
      return validation('1001', 'Batch Size Exceeded', `The batch has ${requests.length} operations; at most ${limits.maxBatchItems} are allowed.`, 'BatchItemRequest');
    }
    const ids = new Set<string>();
    for (const request of requests as Record<string, unknown>[]) {
      const bId = typeof request?.['bId'] === 'string' ? request['bId'] : '';
      if (!bId) return requiredMissing('bId');
      if (ids.has(bId)) return validation('1002', 'Duplicate bId', `bId ${bId} is used more than once.`, 'bId');
      ids.add(bId);
    }
    // Operations run one after another, in order, as QuickBooks does.
    return (requests as Record<string, unknown>[]).map((request) => {
      const bId = request['bId'] as string;
      const reply = (result: Record<string, unknown> | QboFault): Record<string, unknown> =>
        result instanceof QboFault ? { Fault: result.body().Fault, bId } : { ...result, bId };
      if (typeof request['Query'] === 'string') {
        const answer = runQuery(target, request['Query']);
        return reply(answer instanceof QboFault ? answer : { QueryResponse: answer });
      }
      const kind = request['Item'] !== undefined ? 'Item' : request['Account'] !== undefined ? 'Account' : undefined;
      const operation = request['operation'];
      const entity = kind ? request[kind] : undefined;
      if (!kind || typeof entity !== 'object' || entity === null || Array.isArray(entity)) return reply(requiredMissing('Item'));
      if (operation !== 'create' && operation !== 'update') {
        return reply(validation('4000', 'Unsupported Operation', `Operation ${String(operation)} is not supported for ${kind}; deactivate with Active false.`, 'operation'));
      }
      const result = write(target, kind, operation, entity as Record<string, unknown>);
      return reply(result instanceof QboFault ? result : { [kind]: result });
    });
  }

  /** Creates or updates an Item or Account under QuickBooks' rules; counts the write. */
  function write(target: Company, kind: 'Item' | 'Account', operation: 'create' | 'update', input: Record<string, unknown>): Entity | QboFault {
    const list = kind === 'Item' ? target.items : target.accounts;
    let candidate: Record<string, unknown>;
    let existing: Entity | undefined;
    if (operation === 'update') {
      if (input['Id'] === undefined) return requiredMissing('Id');
      existing = list.find((e) => e.Id === String(input['Id']));
      if (!existing) return objectNotFound();
      if (input['SyncToken'] === undefined) return requiredMissing('SyncToken');
      if (String(input['SyncToken']) !== existing.SyncToken) {
        return validation('5010', 'Stale Object Error', `Stale Object Error : You and another user were working on this at the same time. The other user finished before you did, so your work was not saved. (current SyncToken ${existing.SyncToken})`);
      }
      if (input['sparse'] === true) {
        candidate = { ...existing, ...input };
      } else {
        // A full update resets every writable field the request leaves out.
        candidate = { ...input, Id: existing.Id, MetaData: existing['MetaData'] };
      }
    } else {
      candidate = { ...input };
    }
    const problem = kind === 'Item' ? validateItem(target, candidate, existing) : validateAccount(candidate, list, existing);
    if (problem) return problem;

    const stamp = new Date(clock()).toISOString();
    let saved: Entity;
    if (kind === 'Account') {
      saved = existing
        ? { ...existing, ...pick(candidate, ['Name', 'Active', 'AccountType', 'AccountSubType', 'Description']), FullyQualifiedName: String(candidate['Name']) } as Entity
        : newAccount(target, candidate, clock());
    } else {
      saved = buildItem(target, candidate, existing, stamp);
    }
    if (existing) {
      saved.SyncToken = String(Number(existing.SyncToken) + 1);
      saved['MetaData'] = { ...(existing['MetaData'] as object), LastUpdatedTime: stamp };
      list[list.indexOf(existing)] = saved;
    } else {
      list.push(saved);
    }
    stats.writes += 1;
    persist();
    return saved;
  }

  function buildItem(target: Company, input: Record<string, unknown>, existing: Entity | undefined, stamp: string): Entity {
    const ref = (value: unknown): Record<string, string> | undefined => {
      const id = refId(value);
      if (id === undefined) return undefined;
      const account = target.accounts.find((a) => a.Id === id);
      return { value: id, ...(account ? { name: account.Name } : {}) };
    };
    const item: Record<string, unknown> = {
      Name: String(input['Name']),
      ...pick(input, ['Sku', 'Description', 'PurchaseDesc']),
      Active: input['Active'] === undefined ? true : Boolean(input['Active']),
      FullyQualifiedName: String(input['Name']),
      Taxable: Boolean(input['Taxable'] ?? false),
      UnitPrice: Number(input['UnitPrice'] ?? 0),
      Type: String(input['Type']),
      ...pick(input, ['PurchaseCost']),
      TrackQtyOnHand: Boolean(input['TrackQtyOnHand'] ?? false),
      ...pick(input, ['QtyOnHand', 'InvStartDate']),
      domain: 'QBO',
      sparse: false,
      Id: existing?.Id ?? String(target.nextId++),
      SyncToken: existing?.SyncToken ?? '0',
      MetaData: existing?.['MetaData'] ?? { CreateTime: stamp, LastUpdatedTime: stamp },
    };
    for (const field of ['IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef']) {
      const value = ref(input[field]);
      if (value) item[field] = value;
    }
    return item as Entity;
  }

  function validateItem(target: Company, item: Record<string, unknown>, existing: Entity | undefined): QboFault | undefined {
    const nameProblem = validateName(item['Name']);
    if (nameProblem) return nameProblem;
    const name = String(item['Name']);
    const holder = target.items.find((i) => i !== existing && i.Name.toLowerCase() === name.toLowerCase());
    if (holder) return validation('6240', 'Duplicate Name Exists Error', `The name supplied already exists. : Id=${holder.Id}`, 'Name');
    for (const [field, max] of [['Sku', 100], ['Description', 4000], ['PurchaseDesc', 4000]] as const) {
      const value = item[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > max)) {
        return validation('2050', 'String length is either shorter or longer than supported by specification', `${field} must be a string of at most ${max} characters.`, field);
      }
    }
    for (const field of ['UnitPrice', 'PurchaseCost', 'QtyOnHand']) {
      const value = item[field];
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
        return validation('2010', 'Request has invalid or unsupported property', `${field} must be a number.`, field);
      }
    }
    if (item['Type'] === undefined) return requiredMissing('Type');
    if (!ITEM_TYPES.includes(String(item['Type']))) {
      return validation('2010', 'Request has invalid or unsupported property', `Type ${String(item['Type'])} is not supported; use ${ITEM_TYPES.join(', ')}.`, 'Type');
    }
    const required = ['IncomeAccountRef'];
    if (item['PurchaseCost'] !== undefined || item['Type'] === 'Inventory') required.push('ExpenseAccountRef');
    if (item['Type'] === 'Inventory') required.push('AssetAccountRef', 'QtyOnHand', 'InvStartDate');
    for (const field of required) if (item[field] === undefined || item[field] === null) return requiredMissing(field);
    if (item['Type'] === 'Inventory' && item['TrackQtyOnHand'] !== true) {
      return validation('6000', 'A business validation error has occurred while processing your request', 'Business Validation Error: An inventory item must have TrackQtyOnHand set to true.', 'TrackQtyOnHand');
    }
    for (const field of ['IncomeAccountRef', 'ExpenseAccountRef', 'AssetAccountRef']) {
      if (item[field] === undefined) continue;
      const id = refId(item[field]);
      if (!target.accounts.some((a) => a.Id === id && a.Active)) {
        return validation('2500', 'Invalid Reference Id', `Invalid Reference Id : Accounts element id ${String(id)} not found`, field);
      }
    }
    return undefined;
  }

  function validateAccount(account: Record<string, unknown>, list: Entity[], existing: Entity | undefined): QboFault | undefined {
    const nameProblem = validateName(account['Name']);
    if (nameProblem) return nameProblem;
    const name = String(account['Name']).toLowerCase();
    if (list.some((a) => a !== existing && a.Name.toLowerCase() === name)) {
      return validation('6240', 'Duplicate Name Exists Error', 'The name supplied already exists. : Another account is already using this name. Please use a different name.', 'Name');
    }
    if (account['AccountType'] === undefined) return requiredMissing('AccountType');
    if (!(String(account['AccountType']) in ACCOUNT_TYPES)) {
      return validation('2010', 'Request has invalid or unsupported property', `AccountType ${String(account['AccountType'])} is not valid.`, 'AccountType');
    }
    return undefined;
  }

  function runQuery(target: Company, text: string): Record<string, unknown> | QboFault {
    const parsed = parseQuery(text, limits.maxResults);
    if (parsed instanceof QboFault) return parsed;
    const source = parsed.entity === 'Item' ? target.items : target.accounts;
    const filtersActive = parsed.conditions.some((c) => c.field === 'Active');
    const matching = source
      .filter((e) => filtersActive || e.Active)
      .filter((e) => parsed.conditions.every((c) => matches(e[c.field], c)))
      .sort((a, b) => compareBy(a, b, parsed.orderBy));
    if (parsed.count) return { totalCount: matching.length };
    const page = matching.slice(parsed.startPosition - 1, parsed.startPosition - 1 + parsed.maxResults);
    if (page.length === 0) return {};
    return { [parsed.entity]: page, startPosition: parsed.startPosition, maxResults: page.length };
  }

  function renderCompany(c: Company): string {
    const accountName = (ref: unknown): string | undefined => c.accounts.find((a) => a.Id === refId(ref))?.Name;
    return renderItemTable(
      `${c.name} (realmId ${c.realmId})`,
      ['Id', 'Name', 'SKU', 'Type', 'Price', 'Cost', 'Income account', 'Active', 'SyncToken'],
      c.items.map((i) => [i.Id, i.Name, i['Sku'] as string | undefined, String(i['Type']), Number(i['UnitPrice'] ?? 0), Number(i['PurchaseCost'] ?? 0), accountName(i['IncomeAccountRef']), i.Active ? 'yes' : 'no', i.SyncToken]),
    );
  }

  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('quickbooks', host, port, error);
  }
  return simulator;
}

function objectNotFound(): QboFault {
  return validation('610', 'Object Not Found', "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.");
}

function validateName(value: unknown): QboFault | undefined {
  if (value === undefined || value === null || value === '') return requiredMissing('Name');
  if (typeof value !== 'string' || value.length > 100) {
    return validation('2050', 'String length is either shorter or longer than supported by specification', 'Name must be 1 to 100 characters.', 'Name');
  }
  if (/[:"\t\n\r]/.test(value)) {
    return validation('2170', 'Invalid String Format', 'Name cannot contain a colon (:), a double quote ("), a tab or a new line.', 'Name');
  }
  return undefined;
}

function refId(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && 'value' in value) return String((value as { value: unknown }).value);
  return undefined;
}

function pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]]));
}

function parseJsonObject(body: string): Record<string, unknown> | QboFault {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return validation('2010', 'Request has invalid or unsupported property', 'The request body must be a JSON object.');
}

function summarize(item: Entity): QboItemSummary {
  return {
    id: item.Id,
    name: item.Name,
    sku: item['Sku'] as string | undefined,
    type: String(item['Type']),
    unitPrice: item['UnitPrice'] as number | undefined,
    purchaseCost: item['PurchaseCost'] as number | undefined,
    description: item['Description'] as string | undefined,
    active: item.Active,
    syncToken: item.SyncToken,
    incomeAccount: refId(item['IncomeAccountRef']),
    expenseAccount: refId(item['ExpenseAccountRef']),
  };
}

// ---- The query language: SELECT * | COUNT(*) FROM Entity [WHERE a AND b] [ORDERBY f [ASC|DESC]] [STARTPOSITION n] [MAXRESULTS n]

type Value = string | number | boolean;

interface Condition {
  field: string;
  op: '=' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | 'like';
  values: Value[];
}

interface ParsedQuery {
  entity: 'Item' | 'Account';
  count: boolean;
  conditions: Condition[];
  orderBy: { field: string; descending: boolean }[];
  startPosition: number;
  maxResults: number;
}

const TOKEN = /\s*(?:('(?:\\.|[^'\\])*')|(-?\d+(?:\.\d+)?)|(<=|>=|!=|[=<>(),*])|([A-Za-z_][A-Za-z0-9_.]*))/y;

function parseError(detail: string): QboFault {
  return validation('4000', 'Error parsing query', `QueryParserError: ${detail}`);
}

/** Parses the subset of QuickBooks' query language a sync needs; anything else is a parser fault. */
export function parseQuery(text: string, maxResultsCap = QBO_LIMITS.maxResults): ParsedQuery | QboFault {
  const tokens: { kind: 'string' | 'number' | 'symbol' | 'word'; text: string; value: Value }[] = [];
  TOKEN.lastIndex = 0;
  const source = text.trim();
  while (TOKEN.lastIndex < source.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) return parseError(`Encountered "${source.slice(start, start + 20)}" at column ${start + 1}.`);
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1], value: m[1].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], value: Number(m[2]) });
    else if (m[3] !== undefined) tokens.push({ kind: 'symbol', text: m[3], value: m[3] });
    else if (m[4] !== undefined) tokens.push({ kind: 'word', text: m[4], value: m[4] });
  }
  let i = 0;
  const peek = (): string => (tokens[i]?.kind === 'word' || tokens[i]?.kind === 'symbol' ? String(tokens[i]?.text).toLowerCase() : '');
  const expect = (word: string): boolean => {
    if (peek() !== word) return false;
    i += 1;
    return true;
  };
  const here = (): string => (tokens[i] ? `"${tokens[i]?.text}"` : 'end of query');

  if (!expect('select')) return parseError(`Encountered ${here()}; expected SELECT.`);
  let count = false;
  if (!expect('*')) {
    if (!(expect('count') && expect('(') && expect('*') && expect(')'))) return parseError(`Encountered ${here()}; expected * or count(*).`);
    count = true;
  }
  if (!expect('from')) return parseError(`Encountered ${here()}; expected FROM.`);
  const entityWord = String(tokens[i]?.text ?? '');
  const entity = (['Item', 'Account'] as const).find((e) => e.toLowerCase() === entityWord.toLowerCase());
  if (!entity) return validation('4001', 'Invalid query', `QueryValidationError: Entity ${entityWord || '(none)'} is not supported by this service.`);
  i += 1;

  const field = (): string | QboFault => {
    const word = tokens[i]?.kind === 'word' ? String(tokens[i]?.text) : '';
    const known = QUERYABLE[entity].find((f) => f.toLowerCase() === word.toLowerCase());
    if (!known) return validation('4001', 'Invalid query', `QueryValidationError: property '${word}' is not queryable on ${entity}.`);
    i += 1;
    return known;
  };
  const value = (): Value | QboFault => {
    const token = tokens[i];
    if (token?.kind === 'string' || token?.kind === 'number') {
      i += 1;
      return token.value;
    }
    if (token?.kind === 'word' && /^(true|false)$/i.test(token.text)) {
      i += 1;
      return token.text.toLowerCase() === 'true';
    }
    return parseError(`Encountered ${here()}; expected a value.`);
  };

  const conditions: Condition[] = [];
  if (expect('where')) {
    do {
      const f = field();
      if (f instanceof QboFault) return f;
      const op = peek();
      if (op === 'in') {
        i += 1;
        if (!expect('(')) return parseError(`Encountered ${here()}; expected (.`);
        const values: Value[] = [];
        do {
          const v = value();
          if (v instanceof QboFault) return v;
          values.push(v);
        } while (expect(','));
        if (!expect(')')) return parseError(`Encountered ${here()}; expected ).`);
        conditions.push({ field: f, op: 'in', values });
      } else if (['=', '!=', '<', '>', '<=', '>=', 'like'].includes(op)) {
        i += 1;
        const v = value();
        if (v instanceof QboFault) return v;
        conditions.push({ field: f, op: op as Condition['op'], values: [v] });
      } else {
        return parseError(`Encountered ${here()}; expected an operator.`);
      }
    } while (expect('and'));
  }
  const orderBy: ParsedQuery['orderBy'] = [];
  if (expect('orderby') || (expect('order') && expect('by'))) {
    do {
      const f = field();
      if (f instanceof QboFault) return f;
      const descending = expect('desc');
      if (!descending) expect('asc');
      orderBy.push({ field: f, descending });
    } while (expect(','));
  }
  let startPosition = 1;
  let maxResults = 100;
  for (let clause = 0; clause < 2; clause += 1) {
    for (const [word, set] of [
      ['startposition', (n: number) => (startPosition = n)],
      ['maxresults', (n: number) => (maxResults = n)],
    ] as const) {
      if (expect(word)) {
        const n = tokens[i];
        if (n?.kind !== 'number' || !Number.isInteger(n.value) || Number(n.value) < 1) return parseError(`${word.toUpperCase()} needs a whole number of at least 1.`);
        i += 1;
        set(Number(n.value));
      }
    }
  }
  if (maxResults > maxResultsCap) return validation('4001', 'Invalid query', `QueryValidationError: MAXRESULTS may be at most ${maxResultsCap}.`);
  if (i < tokens.length) return parseError(`Encountered ${here()} after the end of the query.`);
  return { entity, count, conditions, orderBy, startPosition, maxResults };
}

function normalize(value: unknown): Value | undefined {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

function matches(actual: unknown, condition: Condition): boolean {
  const left = normalize(actual);
  const rights = condition.values.map((v) => {
    // Booleans and numbers stored as such compare with their query text too ('true', '12').
    if (typeof left === 'boolean' && typeof v === 'string') return v.toLowerCase() === 'true';
    if (typeof left === 'number' && typeof v === 'string') return Number(v);
    if (typeof left === 'string' && typeof v !== 'string') return String(v);
    return normalize(v);
  });
  const right = rights[0];
  if (left === undefined) return condition.op === '!=';
  switch (condition.op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case 'in':
      return rights.includes(left);
    case 'like': {
      const pattern = String(right).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('%', '.*');
      return new RegExp(`^${pattern}$`).test(String(left));
    }
    case '<':
      return right !== undefined && left < right;
    case '>':
      return right !== undefined && left > right;
    case '<=':
      return right !== undefined && left <= right;
    case '>=':
      return right !== undefined && left >= right;
  }
}

function compareBy(a: Entity, b: Entity, orderBy: ParsedQuery['orderBy']): number {
  for (const { field, descending } of orderBy) {
    const x = normalize(a[field]) ?? '';
    const y = normalize(b[field]) ?? '';
    if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
  }
  return Number(a.Id) - Number(b.Id);
}
