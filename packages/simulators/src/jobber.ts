// Jobber stand-in: the OAuth authorization page and token endpoint (refresh tokens rotate and the
// spent one is refused at once), and GraphQL at /api/graphql for the products and services a
// price-list sync touches, with Jobber's version header, query-cost bucket (extensions.cost,
// THROTTLED) and request limit (429).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { execute, GraphQLError } from 'graphql';
import { DEFAULT_CONNECTION_SIZE, executionError, jobberSchema, operationCost, prepare } from './jobber-graphql.ts';
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
  type Grant,
  type GrantState,
  type SimulatorStats,
} from './provider-common.ts';

export const DEFAULT_JOBBER_CLIENT_ID = 'tradelist-local-jobber-client';
export const DEFAULT_JOBBER_CLIENT_SECRET = 'tradelist-local-jobber-secret';
const RATE_LIMIT_DOCS = 'https://developer.getjobber.com/docs/using_jobbers_api/api_rate_limits';
const VERSIONING_DOCS = 'https://developer.getjobber.com/docs/using_jobbers_api/api_versioning';

/** Jobber's published limits; tests pass smaller ones. */
export interface JobberLimits {
  /** Query-cost bucket size (10,000 points). */
  maximumAvailable: number;
  /** Points restored a second (500). */
  restoreRate: number;
  /** Requests per window per app and account (2,500). */
  requestsPerWindow: number;
  /** The request window in seconds (300). */
  windowSeconds: number;
}

export const JOBBER_LIMITS: JobberLimits = { maximumAvailable: 10_000, restoreRate: 500, requestsPerWindow: 2_500, windowSeconds: 300 };

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

/** What `/__sim/items` lists for each product or service. */
export interface JobberItemSummary {
  id: string;
  name: string;
  /** Jobber has no SKU field. */
  sku: null;
  category: string;
  unitPrice: number;
  purchaseCost: number | null;
  description: string | null;
  taxable: boolean;
  visible: boolean;
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

interface ProductOrService {
  id: string;
  name: string;
  description: string | null;
  category: 'PRODUCT' | 'SERVICE';
  defaultUnitCost: number;
  internalUnitCost: number | null;
  markup: number | null;
  taxable: boolean;
  visible: boolean;
  durationMinutes: number | null;
}

interface Account {
  id: string;
  name: string;
  nextId: number;
  items: ProductOrService[];
}

interface JobberState {
  accounts: Account[];
  grants: GrantState;
}


/** Jobber ids are base64 global ids. */
const encodeId = (type: string, id: number | string): string => Buffer.from(`gid://Jobber/${type}/${id}`).toString('base64');

function seedAccounts(): Account[] {
  return [
    { id: encodeId('Account', 1_204_001), name: 'Bright Spark Electric', nextId: 1, items: [] },
    { id: encodeId('Account', 1_204_002), name: 'Northside Plumbing & Heating', nextId: 1, items: [] },
  ];
}

const INPUT_FIELDS = ['name', 'description', 'category', 'defaultUnitCost', 'internalUnitCost', 'markup', 'taxable', 'visible', 'durationMinutes'];

/** API versions Jobber has published (its changelog), oldest first. */
export const JOBBER_API_VERSIONS = ['2023-11-15', '2024-04-17', '2024-06-10', '2024-08-30', '2025-01-20', '2025-04-16', '2026-02-17'];
/** Jobber keeps a version reachable at most 18 months, and warns in the last 3 of them. */
const VERSION_REACHABLE_MONTHS = 18;
const VERSION_WARNING_MONTHS = 3;

/** How the token endpoint words the access token's lifetime. */
export type JobberTokenAnswer =
  /** As Jobber documents it: the code exchange answers no lifetime (the JWT's exp says it), a refresh adds `expires_at`. */
  | 'documented'
  /** `expires_in` on both, as some code samples show. */
  | 'expires_in'
  /** Nothing but the JWT's exp, on both. */
  | 'jwt';

/** Starts the Jobber simulator; resolves once it accepts connections. */
export async function startJobberSimulator(options: JobberSimulatorOptions = {}): Promise<JobberSimulator> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? (options.timeScale ? scaledClock(options.timeScale) : systemClock);
  const clientId = options.clientId ?? DEFAULT_JOBBER_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_JOBBER_CLIENT_SECRET;
  const limits: JobberLimits = { ...JOBBER_LIMITS, ...options.limits };
  const signingKey = randomToken(32);

  const file = new JsonStateFile<JobberState>(options.dataDir ? path.join(options.dataDir, 'jobber.json') : undefined);
  const grants = new GrantStore(clock, { codeSeconds: 600, accessSeconds: 3600, refreshSeconds: 10 * 365 * 86_400 }, (grant, expiresAt) => accessJwt(grant, expiresAt));
  const saved = file.load();
  let accounts = saved?.accounts ?? seedAccounts();
  grants.restore(saved?.grants);
  const persist = (now = false): void => file.save(() => ({ accounts, grants: grants.snapshot() }), now);

  let stats: SimulatorStats = { requests: 0, writes: 0, throttled: 0 };
  let tokenAnswer: JobberTokenAnswer = options.tokenAnswer ?? 'documented';
  const requestWindow = new SlidingWindowLimit(limits.requestsPerWindow, limits.windowSeconds * 1000, clock);
  const buckets = new Map<string, { available: number; at: number }>();

  /** A JWT like Jobber's access tokens, so a client can read its expiry; its other claims are undocumented, so the account is not among them. */
  function accessJwt(grant: Grant, expiresAt: number): string {
    const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: grant.id, app_id: grant.clientId, iat: Math.floor(clock() / 1000), exp: Math.floor(expiresAt / 1000), jti: randomToken(12) })}`;
    return `${body}.${createHmac('sha256', signingKey).update(body).digest('base64url')}`;
  }

  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const account = (id: string): Account | undefined => accounts.find((a) => a.id === id);

  const simulator: JobberSimulator = {
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
    clientId,
    clientSecret,
    get accounts() {
      return accounts.map((a) => ({ id: a.id, name: a.name }));
    },
    items: () => Object.fromEntries(accounts.map((a) => [a.id, a.items.map(summarize)])),
    stats: () => ({ ...stats }),
    reset: () => {
      accounts = accounts.map((a) => ({ ...a, nextId: 1, items: [] }));
      stats = { requests: 0, writes: 0, throttled: 0 };
      requestWindow.clear();
      buckets.clear();
      persist(true);
    },
    expireAccessTokens: () => {
      grants.expireAccessTokens();
      persist(true);
    },
    closeAccount: (id) => {
      accounts = accounts.filter((a) => a.id !== id);
      persist(true);
    },
    setTokenAnswer: (shape) => {
      tokenAnswer = shape;
    },
    close: async () => {
      await closeHttpServer(server);
      file.flush();
    },
  };

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else if (err instanceof BodyTooLargeError) sendJson(res, 413, { errors: [{ message: err.message }] });
      else sendJson(res, 500, { errors: [{ message: `Internal server error: ${String(err)}` }] });
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://jobber.local');
    const method = req.method ?? 'GET';
    const route = url.pathname;
    if (route === '/' && method === 'GET') {
      sendHtml(res, 200, renderPage('Jobber simulator', 'Accounts', accounts.map(renderAccount).join('\n')));
      return;
    }
    if (route === '/api/oauth/authorize') {
      if (method === 'GET') return authorizePage(url.searchParams, res);
      if (method === 'POST') return authorizeDecision(parseForm(await readBody(req, 64 * 1024)), res);
    }
    if (route === '/api/oauth/token' && method === 'POST') return tokenEndpoint(req, res);
    if (route === '/api/graphql' && method === 'POST') return graphqlEndpoint(req, res);
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
    const closing = /^\/__sim\/accounts\/([^/]+)\/close$/.exec(route);
    if (closing && method === 'POST') {
      simulator.closeAccount(decodeURIComponent(closing[1]!));
      return sendEmpty(res, 204);
    }
    sendJson(res, 404, { error: 'not_found' });
  }

  function clientProblem(params: URLSearchParams): string | undefined {
    if (params.get('client_id') !== clientId) return 'Client authentication failed due to unknown client.';
    const redirectUri = params.get('redirect_uri') ?? undefined;
    if (!isRedirectUri(redirectUri) || (options.redirectUris && !options.redirectUris.includes(redirectUri))) return 'The redirect uri included is not valid.';
    return undefined;
  }

  function errorPage(res: ServerResponse, message: string): void {
    sendHtml(res, 400, renderPage('Jobber simulator', 'Error', `<p class="error">${escapeHtml(message)}</p>`));
  }

  function authorizePage(params: URLSearchParams, res: ServerResponse): void {
    const problem = clientProblem(params);
    if (problem) return errorPage(res, problem);
    const redirectUri = params.get('redirect_uri') as string;
    const state = params.get('state') ?? '';
    if (params.get('response_type') !== 'code') {
      sendEmpty(res, 302, { location: withQuery(redirectUri, { error: 'unsupported_response_type', ...(state ? { state } : {}) }) });
      return;
    }
    sendHtml(res, 200, renderPage('Jobber simulator', 'Allow access', renderConsentForm({
      action: '/api/oauth/authorize',
      appName: 'Tradelist',
      accountLabel: 'Choose the Jobber account to connect',
      accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
      hidden: { client_id: clientId, redirect_uri: redirectUri, state },
    })));
  }

  function authorizeDecision(form: Record<string, string>, res: ServerResponse): void {
    const outcome = consentDecision({ form, clientId, grants, clientProblem, accountExists: (id) => account(id) !== undefined, declineWithoutParameters: true });
    if ('problem' in outcome) return errorPage(res, outcome.problem);
    if (outcome.codeIssued) persist(true);
    sendEmpty(res, 302, { location: outcome.location });
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = parseForm(await readBody(req, 64 * 1024));
    const basic = basicCredentials(req.headers.authorization);
    const id = form['client_id'] ?? basic?.clientId;
    const secret = form['client_secret'] ?? basic?.clientSecret;
    if (id !== clientId || secret !== clientSecret) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' });
    }
    let result;
    if (form['grant_type'] === 'authorization_code' && form['code']) {
      result = grants.exchangeCode(clientId, form['code'], form['redirect_uri']);
    } else if (form['grant_type'] === 'refresh_token' && form['refresh_token']) {
      result = grants.refresh(clientId, form['refresh_token']);
    } else if (form['grant_type'] === 'authorization_code' || form['grant_type'] === 'refresh_token') {
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'The request is missing a required parameter.' });
    } else {
      return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' });
    }
    if (typeof result === 'string') {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
    }
    persist(true);
    const answer: Record<string, unknown> = { access_token: result.accessToken, refresh_token: result.refreshToken };
    if (tokenAnswer === 'expires_in') answer['expires_in'] = result.accessExpiresIn;
    // Jobber's refresh answer: "expires_at": "2026-11-25 23:59:59 UTC" (refresh_token_rotation).
    if (tokenAnswer === 'documented' && form['grant_type'] === 'refresh_token') answer['expires_at'] = `${new Date(clock() + result.accessExpiresIn * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    sendJson(res, 200, answer);
  }

  /** Refills the account's bucket for the time passed and answers it. */
  function bucketOf(accountId: string): { available: number; at: number } {
    const now = clock();
    const bucket = buckets.get(accountId) ?? { available: limits.maximumAvailable, at: now };
    bucket.available = Math.min(limits.maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * limits.restoreRate);
    bucket.at = now;
    buckets.set(accountId, bucket);
    return bucket;
  }

  async function graphqlEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests += 1;
    const body = await readBody(req, 1024 * 1024);
    const grant = grants.authenticate(bearerToken(req.headers.authorization) ?? '');
    if (!grant) {
      return sendJson(res, 401, { error: 'invalid_request', error_description: 'The access token is missing, invalid, expired or revoked.' }, { 'www-authenticate': 'Bearer realm="Jobber", error="invalid_token"' });
    }
    if (!requestWindow.take(`${grant.clientId}|${grant.account}`)) {
      stats.throttled += 1;
      return sendJson(res, 429, { errors: [{ message: 'Too many requests', extensions: { code: 'TOO_MANY_REQUESTS', documentation: RATE_LIMIT_DOCS } }] });
    }
    const version = req.headers['x-jobber-graphql-version'];
    if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      return sendJson(res, 400, { errors: [{ message: 'The X-JOBBER-GRAPHQL-VERSION header is required: send the API version as YYYY-MM-DD.', extensions: { code: 'MISSING_API_VERSION' } }] });
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, 415, { errors: [{ message: 'Content-Type must be application/json.' }] });
    }
    const target = account(grant.account);
    if (!target) return sendJson(res, 401, { error: 'invalid_request', error_description: 'The account of this token no longer exists.' });

    const bucket = bucketOf(target.id);
    const served = servedVersion(version);
    const cost = (requested: number, actual: number | null): Record<string, unknown> => ({
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: actual,
        throttleStatus: { maximumAvailable: limits.maximumAvailable, currentlyAvailable: Math.floor(bucket.available), restoreRate: limits.restoreRate },
      },
      versioning: served,
    });

    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      return sendJson(res, 200, { errors: [{ message: 'The request body is not valid JSON.' }], extensions: cost(0, 0) });
    }
    if (typeof request?.query !== 'string') return sendJson(res, 200, { errors: [{ message: 'No query string was present' }], extensions: cost(0, 0) });
    const variables = typeof request.variables === 'object' && request.variables !== null ? (request.variables as Record<string, unknown>) : {};

    const prepared = prepare(request.query, variables, typeof request.operationName === 'string' ? request.operationName : undefined);
    if ('errors' in prepared) return sendJson(res, 200, { errors: prepared.errors, extensions: cost(0, 0) });
    const requested = operationCost(prepared);
    if (requested > bucket.available) {
      stats.throttled += 1;
      return sendJson(res, 200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }], extensions: cost(requested, null) });
    }
    const result = await execute({ schema: jobberSchema, document: prepared.document, rootValue: rootValue(target, grant), variableValues: prepared.variables, operationName: prepared.operation.name?.value });
    const data = (result.data ?? null) as Record<string, unknown> | null;
    // Jobber takes the points once the query has resolved: what it actually read.
    const actual = operationCost(prepared, data);
    bucket.available = Math.max(0, bucket.available - actual);
    sendJson(res, 200, { data, ...(result.errors ? { errors: result.errors.map(executionError) } : {}), extensions: cost(requested, actual) });
  }

  /** The version an answer is served in, and Jobber's warning about it (api_versioning). */
  function servedVersion(asked: string): { version: string; warning?: string } {
    const latest = JOBBER_API_VERSIONS[JOBBER_API_VERSIONS.length - 1]!;
    const now = new Date(clock());
    const monthsOld = (version: string): number => {
      const released = new Date(`${version}T00:00:00Z`);
      return (now.getUTCFullYear() - released.getUTCFullYear()) * 12 + (now.getUTCMonth() - released.getUTCMonth()) - (now.getUTCDate() < released.getUTCDate() ? 1 : 0);
    };
    const reachable = (version: string): boolean => version === latest || monthsOld(version) < VERSION_REACHABLE_MONTHS;
    if (!reachable(asked)) {
      const oldest = JOBBER_API_VERSIONS.find(reachable) ?? latest;
      return { version: oldest, warning: `API Version ${asked} is no longer available and this request was upgraded to ${oldest}. Upgrade to the latest API version ${latest}. For more information: ${VERSIONING_DOCS}` };
    }
    if (asked !== latest && monthsOld(asked) >= VERSION_REACHABLE_MONTHS - VERSION_WARNING_MONTHS) {
      return { version: asked, warning: `Support for API version ${asked} is scheduled to stop soon. Upgrade to the latest version ${latest}. For more information: ${VERSIONING_DOCS}` };
    }
    return { version: asked };
  }

  /** The root fields' resolvers for one account and grant (graphql-js reads the rest as properties). */
  function rootValue(target: Account, grant: Grant): Record<string, unknown> {
    return {
      account: () => ({ id: target.id, name: target.name }),
      productOrService: ({ id }: { id: string }) => target.items.find((i) => i.id === id) ?? null,
      productOrServices: (args: { first?: number | null; after?: string | null; searchTerm?: string | null }) => {
        const first = args.first ?? DEFAULT_CONNECTION_SIZE;
        if (first < 0) throw new GraphQLError('Argument \'first\' must be a positive number');
        const after = args.after ? decodeCursor(args.after) : 0;
        if (after === undefined) throw new GraphQLError(`Invalid cursor: ${JSON.stringify(args.after)}`);
        const term = args.searchTerm?.toLowerCase() ?? '';
        const all = term ? target.items.filter((i) => i.name.toLowerCase().includes(term)) : target.items;
        const page = all.slice(after, after + first);
        return {
          nodes: page,
          edges: page.map((node, n) => ({ cursor: encodeCursor(after + n + 1), node })),
          pageInfo: {
            hasNextPage: after + page.length < all.length,
            hasPreviousPage: after > 0,
            startCursor: page.length ? encodeCursor(after + 1) : null,
            endCursor: page.length ? encodeCursor(after + page.length) : null,
          },
          totalCount: all.length,
        };
      },
      productsAndServicesCreate: ({ input }: { input: Record<string, unknown> }) => {
        const userErrors = inputErrors(input);
        if (userErrors.length > 0) return { productOrService: null, userErrors };
        const item: ProductOrService = {
          id: encodeId('ProductOrService', `${accountNumber(target.id)}${String(target.nextId++).padStart(6, '0')}`),
          name: String(input['name']).trim(),
          description: (input['description'] as string | null | undefined) ?? null,
          category: (input['category'] as ProductOrService['category'] | null | undefined) ?? 'SERVICE',
          defaultUnitCost: input['defaultUnitCost'] as number,
          internalUnitCost: (input['internalUnitCost'] as number | null | undefined) ?? null,
          markup: (input['markup'] as number | null | undefined) ?? null,
          taxable: (input['taxable'] as boolean | null | undefined) ?? true,
          visible: (input['visible'] as boolean | null | undefined) ?? true,
          durationMinutes: (input['durationMinutes'] as number | null | undefined) ?? null,
        };
        target.items.push(item);
        stats.writes += 1;
        persist();
        return { productOrService: item, userErrors: [] };
      },
      productsAndServicesEdit: ({ productOrServiceId, input }: { productOrServiceId: string; input: Record<string, unknown> }) => {
        const existing = target.items.find((i) => i.id === productOrServiceId);
        if (!existing) return { productOrService: null, userErrors: [{ message: 'Product or service not found', path: ['productOrServiceId'] }] };
        const userErrors = inputErrors(input);
        if (userErrors.length > 0) return { productOrService: existing, userErrors };
        for (const key of INPUT_FIELDS) {
          if (input[key] !== undefined && input[key] !== null) (existing as unknown as Record<string, unknown>)[key] = key === 'name' ? String(input[key]).trim() : input[key];
        }
        stats.writes += 1;
        persist();
        return { productOrService: existing, userErrors: [] };
      },
      appDisconnect: () => {
        grants.revokeGrant(grant);
        persist(true);
        return { app: { id: encodeId('Application', 1), name: 'Tradelist', author: 'Tradelist' }, userErrors: [] };
      },
    };
  }

  function renderAccount(a: Account): string {
    return renderItemTable(
      `${a.name} (account ${a.id})`,
      ['Id', 'Name', 'Category', 'Unit price', 'Unit cost', 'Taxable', 'Description'],
      a.items.map((i) => [i.id, i.name, i.category, i.defaultUnitCost, i.internalUnitCost ?? undefined, i.taxable ? 'yes' : 'no', i.description ?? undefined]),
    );
  }

  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('jobber', host, port, error);
  }
  return simulator;
}

/** Business rules Jobber answers in userErrors rather than as GraphQL errors. */
function inputErrors(input: Record<string, unknown>): { message: string; path: string[] }[] {
  const errors: { message: string; path: string[] }[] = [];
  if (typeof input['name'] === 'string' && input['name'].trim() === '') errors.push({ message: "Name can't be blank", path: ['input', 'name'] });
  if (typeof input['name'] === 'string' && input['name'].length > 255) errors.push({ message: 'Name is too long (maximum is 255 characters)', path: ['input', 'name'] });
  for (const key of ['defaultUnitCost', 'internalUnitCost']) {
    const value = input[key];
    if (typeof value === 'number' && Math.abs(value) >= 1e9) errors.push({ message: `${key} is out of range`, path: ['input', key] });
  }
  return errors;
}

/** The number inside an account's global id. */
const accountNumber = (id: string): string => /\/(\d+)$/.exec(Buffer.from(id, 'base64').toString('utf8'))?.[1] ?? '0';

const encodeCursor = (position: number): string => Buffer.from(String(position)).toString('base64');

function decodeCursor(cursor: string): number | undefined {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function summarize(item: ProductOrService): JobberItemSummary {
  return {
    id: item.id,
    name: item.name,
    sku: null,
    category: item.category,
    unitPrice: item.defaultUnitCost,
    purchaseCost: item.internalUnitCost,
    description: item.description,
    taxable: item.taxable,
    visible: item.visible,
  };
}
