// QuickBooks Online stand-in: Intuit's OAuth 2.0 authorization page, token and revoke endpoints,
// and the Accounting API v3 calls a price-list sync makes (query, item, account, batch), with
// QuickBooks' entity wrappers, faults and limits (per-company requests a minute, concurrency,
// batch requests a minute, 429 with the XML throttle fault).//
// This file starts the server; the parts are in quickbooks/: state.ts (companies, limits, what
// the handlers share), oauth.ts, api.ts (the gateway and the calls), writes.ts, query.ts, faults.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, closeHttpServer, listen, readBody, sendHtml, sendJson, urlHost } from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';
import {
  GrantStore,
  JsonStateFile,
  parseForm,
  randomToken,
  renderItemTable,
  renderPage,
  scaledClock,
  SlidingWindowLimit,
  systemClock,
  type Clock,
  type SimulatorStats,
} from './provider-common.ts';
import { answerSharedControl } from './provider-controls.ts';
import { apiRequest } from './quickbooks/api.ts';
import { QboFault, validation } from './quickbooks/faults.ts';
import { authorizeDecision, authorizePage, revokeEndpoint, tokenEndpoint } from './quickbooks/oauth.ts';
import { QBO_LIMITS, refId, seedCompanies, summarize, timeOf, type Company, type QboContext, type QboItemSummary, type QboState, type QuickBooksLimits } from './quickbooks/state.ts';

export type { SimulatorStats } from './provider-common.ts';
export { QBO_ACCOUNTING_SCOPE } from './quickbooks/oauth.ts';
export { parseQuery } from './quickbooks/query.ts';
export { QBO_LIMITS, type QboItemSummary, type QuickBooksLimits } from './quickbooks/state.ts';

export const DEFAULT_QBO_CLIENT_ID = 'tradelist-local-qbo-client';
export const DEFAULT_QBO_CLIENT_SECRET = 'tradelist-local-qbo-secret';

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

/** Starts the QuickBooks Online simulator; resolves once it accepts connections. */
export async function startQuickBooksSimulator(options: QuickBooksSimulatorOptions = {}): Promise<QuickBooksSimulator> {
  const host = options.host ?? '127.0.0.1';
  const context = openContext(options);
  const file = new JsonStateFile<QboState>(options.dataDir ? path.join(options.dataDir, 'quickbooks.json') : undefined);
  const saved = file.load();
  context.companies = saved?.companies ?? seedCompanies();
  context.grants.restore(saved?.grants);
  context.persist = (now = false): void => file.save(() => ({ companies: context.companies, grants: context.grants.snapshot() }), now);
  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const server = createServer((req, res) => {
    handleRequest(context, simulator, req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { ...validation('4000', 'Request too large', err.message).body(), time: timeOf(context) });
      } else {
        sendJson(res, 500, { ...new QboFault('SystemFault', [{ Message: 'An application error has occurred', Detail: String(err), code: '10000' }]).body(), time: timeOf(context) });
      }
    });
  });
  const simulator = simulatorHandle(context, baseUrl, async () => {
    await closeHttpServer(server);
    file.flush();
  });
  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('quickbooks', host, port, error);
  }
  return simulator;
}

/** The shared parts, before the state is loaded. */
function openContext(options: QuickBooksSimulatorOptions): QboContext {
  const clock = options.clock ?? (options.timeScale ? scaledClock(options.timeScale) : systemClock);
  const limits: QuickBooksLimits = { ...QBO_LIMITS, ...options.limits };
  return {
    companies: [],
    clock,
    limits,
    clientId: options.clientId ?? DEFAULT_QBO_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_QBO_CLIENT_SECRET,
    redirectUris: options.redirectUris,
    latencyMs: options.latencyMs ?? 0,
    grants: new GrantStore(
      clock,
      // Codes live 10 minutes at most; refresh tokens 101 days, as Intuit's examples answer.
      { codeSeconds: 600, accessSeconds: 3600, refreshSeconds: 8_726_400 },
      () => `eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..${randomToken(48)}`,
      () => `AB11${Math.floor(clock() / 1000)}${randomToken(24).replace(/[-_]/g, 'x')}`,
    ),
    stats: { requests: 0, writes: 0, throttled: 0 },
    perMinute: new SlidingWindowLimit(limits.requestsPerMinute, 60_000, clock),
    batchPerMinute: new SlidingWindowLimit(limits.batchRequestsPerMinute, 60_000, clock),
    inFlight: new Map(),
    persist: () => undefined,
  };
}

/** The simulator as tests hold it. */
function simulatorHandle(context: QboContext, baseUrl: () => string, close: () => Promise<void>): QuickBooksSimulator {
  return {
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
    clientId: context.clientId,
    clientSecret: context.clientSecret,
    get companies() {
      return context.companies.map((c) => ({ realmId: c.realmId, name: c.name }));
    },
    items: () => Object.fromEntries(context.companies.map((c) => [c.realmId, c.items.map(summarize)])),
    stats: () => ({ ...context.stats }),
    reset: () => {
      const seeded = seedCompanies();
      context.companies = context.companies.map((c) => seeded.find((s) => s.realmId === c.realmId) ?? { ...c, items: [], nextId: 1 });
      Object.assign(context.stats, { requests: 0, writes: 0, throttled: 0 });
      context.perMinute.clear();
      context.batchPerMinute.clear();
      context.persist(true);
    },
    expireAccessTokens: () => {
      context.grants.expireAccessTokens();
      context.persist(true);
    },
    close,
  };
}

/** Routes a request: the index page, OAuth, test controls, the Accounting API. */
async function handleRequest(context: QboContext, simulator: QuickBooksSimulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://qbo.local');
  const method = req.method ?? 'GET';
  const route = url.pathname;

  if (route === '/' && method === 'GET') {
    sendHtml(res, 200, renderPage('QuickBooks Online simulator', 'Companies', context.companies.map(renderCompany).join('\n')));
    return;
  }
  if (route === '/connect/oauth2') {
    if (method === 'GET') return authorizePage(context, url.searchParams, res);
    if (method === 'POST') return authorizeDecision(context, parseForm(await readBody(req, 64 * 1024)), res);
  }
  if (route === '/oauth2/v1/tokens/bearer' && method === 'POST') return tokenEndpoint(context, req, res);
  if (route === '/oauth2/v1/tokens/revoke' && method === 'POST') return revokeEndpoint(context, req, res);
  if (answerSharedControl(simulator, method, route, res)) return;
  const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(route);
  if (api?.[1] && api[2]) return apiRequest(context, req, res, decodeURIComponent(api[1]), api[2], url.searchParams);
  sendJson(res, 404, { error: 'not_found' });
}

/** A company's items on the index page. */
function renderCompany(c: Company): string {
  const accountName = (ref: unknown): string | undefined => c.accounts.find((a) => a.Id === refId(ref))?.Name;
  return renderItemTable(
    `${c.name} (realmId ${c.realmId})`,
    ['Id', 'Name', 'SKU', 'Type', 'Price', 'Cost', 'Income account', 'Active', 'SyncToken'],
    c.items.map((i) => [i.Id, i.Name, i['Sku'] as string | undefined, String(i['Type']), Number(i['UnitPrice'] ?? 0), Number(i['PurchaseCost'] ?? 0), accountName(i['IncomeAccountRef']), i.Active ? 'yes' : 'no', i.SyncToken]),
  );
}
