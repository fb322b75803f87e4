// Jobber: the authorization URL, the token endpoint (refresh tokens rotate: the spent one dies at
// once), and GraphQL for the account and its products and services, paced by the query-cost
// bucket Jobber reports on every answer (extensions.cost) and by its request limit: a request
// waits until the bucket holds what Jobber last charged for it, and a THROTTLED answer waits
// until the points it asked for are restored.
import type { Config } from '../../config/env.ts';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  requestTokens,
  sendWithRetries,
  SlidingWindowPacer,
  sleep,
  type ProviderCallCounts,
  type RetryPolicy,
  type TokenSet,
  type TokenSource,
} from '../oauth-client.ts';

export type JobberConfig = Config['jobber'];

/**
 * The GraphQL schema version this client is written against (X-JOBBER-GRAPHQL-VERSION). Jobber
 * keeps a version reachable at most 18 months, then upgrades its callers; move this on before.
 */
export const JOBBER_API_VERSION = '2026-02-17';

/** Jobber's published limits per app and account. */
export const JOBBER_LIMITS = { maximumAvailable: 10_000, restoreRate: 500, requestsPerWindow: 2_500, windowSeconds: 300 } as const;
// A little under the request limit, over a window a little longer than Jobber's.
const REQUEST_WINDOW_MS = (JOBBER_LIMITS.windowSeconds + 5) * 1000;
const MAX_THROTTLED_RETRIES = 8;
const MAX_SERVER_RETRIES = 3;
const TOO_MANY_REQUESTS_WAIT_SECONDS = 30;

/** The authorization page URL for one flow. */
export function jobberAuthorizeUrl(config: JobberConfig, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', state }).toString();
  return url.toString();
}

/** Exchanges an authorization code (client id and secret in the form, as Jobber documents). */
export function exchangeJobberCode(config: JobberConfig, credentials: { clientId: string; clientSecret: string }, code: string, redirectUri: string): Promise<TokenSet> {
  return requestTokens({ tokenUrl: config.tokenUrl, ...credentials, authentication: 'form', grant: { grant_type: 'authorization_code', code, redirect_uri: redirectUri } });
}

/** Spends a refresh token; Jobber invalidates it at once and answers the next one. */
export function refreshJobberTokens(config: JobberConfig, credentials: { clientId: string; clientSecret: string }, refreshToken: string): Promise<TokenSet> {
  return requestTokens({ tokenUrl: config.tokenUrl, ...credentials, authentication: 'form', grant: { grant_type: 'refresh_token', refresh_token: refreshToken } });
}

/** The Jobber account a token opens, as its `account { id name }` query answers it. */
export interface JobberAccount {
  id: string;
  name: string;
}

/** Where the client reports what Jobber warned about (a version about to be retired). */
export interface JobberLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A product or service as the sync reads it. */
export interface JobberItem {
  id: string;
  name: string;
  description: string | null;
  category: string;
  defaultUnitCost: number;
  internalUnitCost: number | null;
  taxable: boolean;
  /** Whether it is offered on quotes, jobs and invoices; false for an item made inactive (decision 0048). */
  visible: boolean | null;
}

/** The fields a sync sends. */
export interface JobberItemInput {
  name: string;
  description: string;
  category: 'PRODUCT' | 'SERVICE';
  defaultUnitCost: number;
  internalUnitCost: number;
  taxable: boolean;
}

/** One write: a create, or an edit of the fields that changed. */
export type JobberWrite = { kind: 'create'; input: JobberItemInput } | { kind: 'edit'; id: string; input: Partial<JobberItemInput> & { visible?: boolean } };

/** What one write answered: the item's id, or Jobber's messages. */
export type JobberWriteResult = { id: string; errors?: undefined } | { id?: undefined; errors: string[] };

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  /** performance.now() × time scale when `available` was read. */
  at: number;
}

interface AccountPacing {
  bucket: Bucket;
  requests: SlidingWindowPacer;
  /** What Jobber last charged (requestedQueryCost) for each kind of request: its query text, and the page size of a list. */
  costs: Map<string, number>;
}

// Shared by every sync of this process to the same account: the bucket is the account's.
const pacingByAccount = new Map<string, AccountPacing>();

/** Counts of what this client sent, for the sync's log line and the benchmark. */
export type JobberCallCounts = ProviderCallCounts;

const ITEM_FIELDS = 'id name description category defaultUnitCost internalUnitCost taxable visible';
const PAGE_INFO_FIELDS = 'hasNextPage endCursor';
const PAYLOAD_FIELDS = '{ productOrService { id } userErrors { message path } }';
const fieldCount = (fields: string): number => fields.split(' ').length;

/** Jobber's GraphQL API for one account, with a token that the sync module keeps fresh. */
export class JobberClient {
  readonly counts: JobberCallCounts = { requests: 0, throttled: 0 };
  private readonly pacing: AccountPacing;

  constructor(
    private readonly config: JobberConfig,
    accountKey: string,
    private readonly tokens: TokenSource,
    private readonly timeScale = 1,
    private readonly log?: JobberLog,
  ) {
    const key = `${accountKey}|${timeScale}`;
    let pacing = pacingByAccount.get(key);
    if (!pacing) {
      pacing = {
        bucket: { available: JOBBER_LIMITS.maximumAvailable, maximum: JOBBER_LIMITS.maximumAvailable, restoreRate: JOBBER_LIMITS.restoreRate, at: this.now() },
        requests: new SlidingWindowPacer(JOBBER_LIMITS.requestsPerWindow, REQUEST_WINDOW_MS, timeScale),
        costs: new Map(),
      };
      pacingByAccount.set(key, pacing);
    }
    this.pacing = pacing;
  }

  /** The largest query cost the account's bucket holds (learned from Jobber's answers). */
  get maximumCost(): number {
    return this.pacing.bucket.maximum;
  }

  /**
   * The cost Jobber's rule gives a page of `first` items (api_rate_limits): 1 a requested field,
   * nothing for `nodes`, and the connection's selection times `first`: the item fields, pageInfo
   * and its two fields, for each item asked for.
   */
  static pageCost(first: number): number {
    return first * (fieldCount(ITEM_FIELDS) + 1 + fieldCount(PAGE_INFO_FIELDS));
  }

  /** The cost of one create or edit with the payload this client selects: the mutation, productOrService { id }, userErrors { message path }. */
  static readonly WRITE_COST = 1 + 2 + 3;

  /** The cost of reading one item by its id: the `productOrService` field and the item fields. */
  static readonly ITEM_READ_COST = 1 + fieldCount(ITEM_FIELDS);

  /** The account the token opens (scope read_account_settings): its id keys our links, its name is shown. */
  async account(): Promise<JobberAccount> {
    const data = await this.request('query Account { account { id name } }', {}, 3);
    const account = data['account'] as JobberAccount | null;
    if (!account?.id) throw new ProviderError('Jobber answered no account for this token');
    return { id: account.id, name: account.name };
  }

  /** One page of products and services. */
  async listPage(first: number, after: string | null): Promise<{ items: JobberItem[]; next: string | null }> {
    const data = await this.request(
      `query Items($first: Int, $after: String) { productOrServices(first: $first, after: $after) { nodes { ${ITEM_FIELDS} } pageInfo { ${PAGE_INFO_FIELDS} } } }`,
      { first, after },
      JobberClient.pageCost(first),
      `first=${first}`,
    );
    const connection = data['productOrServices'] as { nodes: JobberItem[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    return { items: connection.nodes, next: connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null };
  }

  /**
   * Several products and services by id in one request (`productOrService(id:)`, aliased), in
   * the order asked; null for an id the account no longer holds.
   */
  async readItems(ids: string[]): Promise<Array<JobberItem | null>> {
    const declarations = ids.map((_, n) => `$p${n}: EncodedId!`);
    const fields = ids.map((_, n) => `r${n}: productOrService(id: $p${n}) { ${ITEM_FIELDS} }`);
    const variables = Object.fromEntries(ids.map((id, n) => [`p${n}`, id]));
    const data = await this.request(`query ItemsById(${declarations.join(', ')}) { ${fields.join(' ')} }`, variables, ids.length * JobberClient.ITEM_READ_COST);
    return ids.map((_, n) => (data[`r${n}`] as JobberItem | null | undefined) ?? null);
  }

  /** Several creates and edits in one request (one mutation per item, aliased); answers in order. */
  async write(writes: JobberWrite[]): Promise<JobberWriteResult[]> {
    const declarations: string[] = [];
    const fields: string[] = [];
    const variables: Record<string, unknown> = {};
    writes.forEach((w, n) => {
      variables[`i${n}`] = w.input;
      if (w.kind === 'create') {
        declarations.push(`$i${n}: ProductsAndServicesInput!`);
        fields.push(`w${n}: productsAndServicesCreate(input: $i${n}) ${PAYLOAD_FIELDS}`);
      } else {
        declarations.push(`$p${n}: EncodedId!`, `$i${n}: ProductsAndServicesEditInput!`);
        variables[`p${n}`] = w.id;
        fields.push(`w${n}: productsAndServicesEdit(productOrServiceId: $p${n}, input: $i${n}) ${PAYLOAD_FIELDS}`);
      }
    });
    const data = await this.request(`mutation Sync(${declarations.join(', ')}) { ${fields.join(' ')} }`, variables, writes.length * JobberClient.WRITE_COST);
    return writes.map((_, n) => {
      const payload = data[`w${n}`] as { productOrService: { id: string } | null; userErrors: { message: string }[] } | null;
      const errors = payload?.userErrors?.map((e) => e.message) ?? ['Jobber answered nothing for this item'];
      if (errors.length > 0 || !payload?.productOrService) return { errors: errors.length > 0 ? errors : ['Jobber answered nothing for this item'] };
      return { id: payload.productOrService.id };
    });
  }

  /** Tells Jobber the app is disconnected from the account (Jobber revokes the grant). */
  async disconnect(): Promise<void> {
    await this.request('mutation Disconnect { appDisconnect { app { id } userErrors { message } } }', {}, 5);
  }

  private now(): number {
    return performance.now() * this.timeScale;
  }

  /** Waits until the bucket holds `cost` points, by Jobber's last report and its restore rate. */
  private async waitForPoints(cost: number): Promise<void> {
    const bucket = this.pacing.bucket;
    for (;;) {
      const now = this.now();
      bucket.available = Math.min(bucket.maximum, bucket.available + ((now - bucket.at) / 1000) * bucket.restoreRate);
      bucket.at = now;
      if (bucket.available >= cost) {
        bucket.available -= cost;
        return;
      }
      await sleep(((cost - bucket.available) / bucket.restoreRate) * 1000 / this.timeScale + 1);
    }
  }

  /**
   * Takes the bucket's state from Jobber's report (extensions.cost.throttleStatus) and what this
   * query was charged (requestedQueryCost, remembered for the next request like it); logs a
   * version warning (extensions.versioning). Answers the requested cost, when reported.
   */
  private learn(costKey: string, extensions: unknown): number | undefined {
    const reported = extensions as { cost?: { requestedQueryCost?: unknown; throttleStatus?: { maximumAvailable?: unknown; currentlyAvailable?: unknown; restoreRate?: unknown } }; versioning?: { version?: unknown; warning?: unknown } } | undefined;
    const warning = reported?.versioning?.warning;
    if (typeof warning === 'string' && warning) this.log?.warn({ asked: JOBBER_API_VERSION, served: reported?.versioning?.version }, `Jobber API version warning: ${warning}`);
    const requested = Number(reported?.cost?.requestedQueryCost);
    const charged = Number.isFinite(requested) && requested >= 0 ? requested : undefined;
    if (charged !== undefined) this.pacing.costs.set(costKey, charged);
    const status = reported?.cost?.throttleStatus;
    const bucket = this.pacing.bucket;
    if (!status) return charged;
    const maximum = Number(status.maximumAvailable);
    const available = Number(status.currentlyAvailable);
    const restoreRate = Number(status.restoreRate);
    if (Number.isFinite(maximum) && maximum > 0) bucket.maximum = maximum;
    if (Number.isFinite(restoreRate) && restoreRate > 0) bucket.restoreRate = restoreRate;
    if (Number.isFinite(available)) {
      bucket.available = available;
      bucket.at = this.now();
    }
    return charged;
  }

  /**
   * Sends one query; `estimate` is its cost by Jobber's rule, used until Jobber has charged this
   * kind of request once (the query, and `sizeKey` for what else sets its cost).
   */
  private async request(query: string, variables: Record<string, unknown>, estimate: number, sizeKey = ''): Promise<Record<string, unknown>> {
    const costKey = `${query}|${sizeKey}`;
    let cost = this.pacing.costs.get(costKey) ?? estimate;
    const policy: RetryPolicy = {
      provider: 'Jobber',
      tokens: this.tokens,
      counts: this.counts,
      throttleWaitSeconds: TOO_MANY_REQUESTS_WAIT_SECONDS,
      maxThrottledRetries: MAX_THROTTLED_RETRIES,
      maxServerRetries: MAX_SERVER_RETRIES,
      timeScale: this.timeScale,
      beforeAttempt: async () => {
        if (cost > this.pacing.bucket.maximum) throw new ProviderError(`A Jobber request of cost ${cost} exceeds the account's bucket of ${this.pacing.bucket.maximum}`);
        await this.waitForPoints(cost);
        await this.pacing.requests.take();
      },
    };
    let throttled = 0;
    for (;;) {
      const response = await sendWithRetries(policy, (token) =>
        fetch(this.config.apiUrl, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', 'x-jobber-graphql-version': JOBBER_API_VERSION },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        }),
      );
      const body = (await response.json().catch(() => undefined)) as { data?: Record<string, unknown>; errors?: Array<{ message?: string; extensions?: { code?: string } }>; extensions?: unknown } | undefined;
      if (!body) throw new ProviderError(`Jobber answered ${response.status} without a readable body`, response.status);
      const charged = this.learn(costKey, body.extensions);
      const errors = body.errors ?? [];
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        // Wait (before the next attempt) until the bucket holds what Jobber asked for this query.
        if (charged !== undefined) cost = charged;
        this.counts.throttled += 1;
        if (++throttled > MAX_THROTTLED_RETRIES) throw new ProviderError('Jobber kept answering THROTTLED', 429);
        continue;
      }
      if (!response.ok || errors.length > 0 || !body.data) {
        throw new ProviderError(`Jobber: ${errors.map((e) => e.message).filter(Boolean).join('; ') || `answered ${response.status}`}`, response.status);
      }
      return body.data;
    }
  }
}
