// Jobber stand-in: the OAuth authorization page and token endpoint (refresh tokens rotate and the
// spent one is refused at once), and GraphQL at /api/graphql for the products and services a
// price-list sync touches, with Jobber's version header, query-cost bucket (extensions.cost,
// THROTTLED) and request limit (429).//
// This file starts the server; the parts are in jobber/: state.ts (accounts, limits, what the
// handlers share), oauth.ts, endpoint.ts (GraphQL at /api/graphql), resolvers.ts, graphql.ts
// (schema.graphql, validation and query cost) and versions.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, closeHttpServer, listen, readBody, sendEmpty, sendHtml, sendJson, urlHost } from './http-helpers.ts';
import { graphqlEndpoint } from './jobber/endpoint.ts';
import { accessJwt, authorizeDecision, authorizePage, tokenEndpoint } from './jobber/oauth.ts';
import { JOBBER_LIMITS, seedAccounts, summarize, type Account, type JobberContext, type JobberItemSummary, type JobberLimits, type JobberState, type JobberTokenAnswer } from './jobber/state.ts';
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

export { JOBBER_LIMITS, type JobberItemSummary, type JobberLimits, type JobberTokenAnswer } from './jobber/state.ts';
export { JOBBER_API_VERSIONS } from './jobber/versions.ts';

export const DEFAULT_JOBBER_CLIENT_ID = 'tradelist-local-jobber-client';
export const DEFAULT_JOBBER_CLIENT_SECRET = 'tradelist-local-jobber-secret';

export interface JobberSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Folder for `jobber.json` (accounts, items, tokens); in memory only when omitted. */
  dataDir?: string;
  /** Time source in milliseconds; default Date.now. */
  clock?: Clock;
  /** Without `clock`: run time this many times faster (token lifetimes and limit windows shrink alike). */
  timeScale?: number;
  clientId?: string;
  clientSecret?: string;
  limits?: Partial<JobberLimits>;
  /** The app's registered redirect URIs; when given, any other is refused. Default: any http(s) URL. */
  redirectUris?: string[];
  /** How the token endpoint words the lifetime; default 'documented'. */
  tokenAnswer?: JobberTokenAnswer;
}

export interface JobberSimulator {
  /** Base URL, e.g. http://127.0.0.1:3050 */
  readonly url: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  /** `{url}/api/graphql` */
  readonly graphqlUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Jobber accounts a person can connect. */
  readonly accounts: { id: string; name: string }[];
  /** Every account's products and services, by account id. */
  items(): Record<string, JobberItemSummary[]>;
  stats(): SimulatorStats;
  /** Clears items, counters, buckets and request windows; connections stay. */
  reset(): void;
  /** Expires every access token now, as if an hour had passed. */
  expireAccessTokens(): void;
  /**
   * Closes an account: its grants still refresh, but every API call with them is answered 401,
   * as Jobber answers a token whose account no longer exists. `reset` does not reopen it.
   */
  closeAccount(id: string): void;
  /** Changes how the token endpoint words the access token's lifetime from now on. */
  setTokenAnswer(shape: JobberTokenAnswer): void;
  close(): Promise<void>;
}

/** Starts the Jobber simulator; resolves once it accepts connections. */
export async function startJobberSimulator(options: JobberSimulatorOptions = {}): Promise<JobberSimulator> {
  const host = options.host ?? '127.0.0.1';
  const context = openContext(options);
  const file = new JsonStateFile<JobberState>(options.dataDir ? path.join(options.dataDir, 'jobber.json') : undefined);
  const saved = file.load();
  context.accounts = saved?.accounts ?? seedAccounts();
  context.grants.restore(saved?.grants);
  context.persist = (now = false): void => file.save(() => ({ accounts: context.accounts, grants: context.grants.snapshot() }), now);
  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const server = createServer((req, res) => {
    handleRequest(context, simulator, req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else if (err instanceof BodyTooLargeError) sendJson(res, 413, { errors: [{ message: err.message }] });
      else sendJson(res, 500, { errors: [{ message: `Internal server error: ${String(err)}` }] });
    });
  });
  const simulator = simulatorHandle(context, baseUrl, async () => {
    await closeHttpServer(server);
    file.flush();
  });
  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('jobber', host, port, error);
  }
  return simulator;
}

/** The shared parts, before the state is loaded. */
function openContext(options: JobberSimulatorOptions): JobberContext {
  const clock = options.clock ?? (options.timeScale ? scaledClock(options.timeScale) : systemClock);
  const limits: JobberLimits = { ...JOBBER_LIMITS, ...options.limits };
  const signingKey = randomToken(32);
  return {
    accounts: [],
    tokenAnswer: options.tokenAnswer ?? 'documented',
    clock,
    limits,
    clientId: options.clientId ?? DEFAULT_JOBBER_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_JOBBER_CLIENT_SECRET,
    redirectUris: options.redirectUris,
    grants: new GrantStore(clock, { codeSeconds: 600, accessSeconds: 3600, refreshSeconds: 10 * 365 * 86_400 }, (grant, expiresAt) => accessJwt(clock, signingKey, grant, expiresAt)),
    stats: { requests: 0, writes: 0, throttled: 0 },
    requestWindow: new SlidingWindowLimit(limits.requestsPerWindow, limits.windowSeconds * 1000, clock),
    buckets: new Map(),
    persist: () => undefined,
  };
}

/** The simulator as tests hold it. */
function simulatorHandle(context: JobberContext, baseUrl: () => string, close: () => Promise<void>): JobberSimulator {
  return {
    get url() {
      return baseUrl();
    },
    get authorizeUrl() {
      return `${baseUrl()}/api/oauth/authorize`;
    },
    get tokenUrl() {
      return `${baseUrl()}/api/oauth/token`;
    },
    get graphqlUrl() {
      return `${baseUrl()}/api/graphql`;
    },
    clientId: context.clientId,
    clientSecret: context.clientSecret,
    get accounts() {
      return context.accounts.map((a) => ({ id: a.id, name: a.name }));
    },
    items: () => Object.fromEntries(context.accounts.map((a) => [a.id, a.items.map(summarize)])),
    stats: () => ({ ...context.stats }),
    reset: () => {
      context.accounts = context.accounts.map((a) => ({ ...a, nextId: 1, items: [] }));
      Object.assign(context.stats, { requests: 0, writes: 0, throttled: 0 });
      context.requestWindow.clear();
      context.buckets.clear();
      context.persist(true);
    },
    expireAccessTokens: () => {
      context.grants.expireAccessTokens();
      context.persist(true);
    },
    closeAccount: (id) => {
      context.accounts = context.accounts.filter((a) => a.id !== id);
      context.persist(true);
    },
    setTokenAnswer: (shape) => {
      context.tokenAnswer = shape;
    },
    close,
  };
}

/** Routes a request: the index page, OAuth, GraphQL, test controls. */
async function handleRequest(context: JobberContext, simulator: JobberSimulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://jobber.local');
  const method = req.method ?? 'GET';
  const route = url.pathname;
  if (route === '/' && method === 'GET') {
    sendHtml(res, 200, renderPage('Jobber simulator', 'Accounts', context.accounts.map(renderAccount).join('\n')));
    return;
  }
  if (route === '/api/oauth/authorize') {
    if (method === 'GET') return authorizePage(context, url.searchParams, res);
    if (method === 'POST') return authorizeDecision(context, parseForm(await readBody(req, 64 * 1024)), res);
  }
  if (route === '/api/oauth/token' && method === 'POST') return tokenEndpoint(context, req, res);
  if (route === '/api/graphql' && method === 'POST') return graphqlEndpoint(context, req, res);
  if (answerSharedControl(simulator, method, route, res)) return;
  const closing = /^\/__sim\/accounts\/([^/]+)\/close$/.exec(route);
  if (closing && method === 'POST') {
    simulator.closeAccount(decodeURIComponent(closing[1]!));
    return sendEmpty(res, 204);
  }
  sendJson(res, 404, { error: 'not_found' });
}

/** An account's products and services on the index page. */
function renderAccount(a: Account): string {
  return renderItemTable(
    `${a.name} (account ${a.id})`,
    ['Id', 'Name', 'Category', 'Unit price', 'Unit cost', 'Taxable', 'Description'],
    a.items.map((i) => [i.id, i.name, i.category, i.defaultUnitCost, i.internalUnitCost ?? undefined, i.taxable ? 'yes' : 'no', i.description ?? undefined]),
  );
}
