// Jobber: the authorization URL, the token endpoint (refresh tokens rotate: the spent one dies at
// once), and GraphQL for products and services, paced by the query-cost bucket Jobber reports on
// every answer (extensions.cost) and by its request limit, retrying a THROTTLED answer after the
// wait the bucket implies.
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

/** The GraphQL schema version this client is written against. */
export const JOBBER_API_VERSION = '2025-04-16';

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

/** The account an access token opens, from its JWT claims (a key for our links, not a security decision); '' when absent. */
export function jobberAccountOf(accessToken: string): string {
  try {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { account_id?: unknown };
    return typeof claims.account_id === 'string' || typeof claims.account_id === 'number' ? String(claims.account_id) : '';
  } catch {
    return '';
  }
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
export type JobberWrite = { kind: 'create'; input: JobberItemInput } | { kind: 'edit'; id: string; input: Partial<JobberItemInput> };

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
}

// Shared by every sync of this process to the same account: the bucket is the account's.
const pacingByAccount = new Map<string, AccountPacing>();

/** Counts of what this client sent, for the sync's log line and the benchmark. */
export type JobberCallCounts = ProviderCallCounts;

const ITEM_FIELDS = 'id name description category defaultUnitCost internalUnitCost taxable';
const PAYLOAD_FIELDS = '{ productOrService { id } userErrors { message path } }';

/** Jobber's GraphQL API for one account, with a token that the sync module keeps fresh. */
export class JobberClient {
  readonly counts: JobberCallCounts = { requests: 0, throttled: 0 };
  private readonly pacing: AccountPacing;

  constructor(
    private readonly config: JobberConfig,
    accountKey: string,
    private readonly tokens: TokenSource,
    private readonly timeScale = 1,
  ) {
    const key = `${accountKey}|${timeScale}`;
    let pacing = pacingByAccount.get(key);
    if (!pacing) {
      pacing = {
        bucket: { available: JOBBER_LIMITS.maximumAvailable, maximum: JOBBER_LIMITS.maximumAvailable, restoreRate: JOBBER_LIMITS.restoreRate, at: this.now() },
        requests: new SlidingWindowPacer(JOBBER_LIMITS.requestsPerWindow, REQUEST_WINDOW_MS, timeScale),
      };
      pacingByAccount.set(key, pacing);
    }
    this.pacing = pacing;
  }

  /** The largest query cost the account's bucket holds (learned from Jobber's answers). */
  get maximumCost(): number {
    return this.pacing.bucket.maximum;
  }

  /** The cost of reading a page of `first` items (Jobber counts 1 per node, plus the connection and pageInfo). */
  static pageCost(first: number): number {
    return first + 2;
  }

  /** The cost of one create or edit with the payload this client selects. */
  static readonly WRITE_COST = 12;

  /** One page of products and services. */
  async listPage(first: number, after: string | null): Promise<{ items: JobberItem[]; next: string | null }> {
    const data = await this.request(
      `query Items($first: Int, $after: String) { productsAndServices(first: $first, after: $after) { nodes { ${ITEM_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
      { first, after },
      JobberClient.pageCost(first),
    );
    const connection = data['productsAndServices'] as { nodes: JobberItem[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    return { items: connection.nodes, next: connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null };
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
    await this.request('mutation Disconnect { appDisconnect { app { id } userErrors { message } } }', {}, JobberClient.WRITE_COST);
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

  /** Takes the bucket's state from Jobber's report (extensions.cost.throttleStatus). */
  private learn(extensions: unknown): void {
    const status = (extensions as { cost?: { throttleStatus?: { maximumAvailable?: unknown; currentlyAvailable?: unknown; restoreRate?: unknown } } } | undefined)?.cost?.throttleStatus;
    const bucket = this.pacing.bucket;
    if (!status) return;
    const maximum = Number(status.maximumAvailable);
    const available = Number(status.currentlyAvailable);
    const restoreRate = Number(status.restoreRate);
    if (Number.isFinite(maximum) && maximum > 0) bucket.maximum = maximum;
    if (Number.isFinite(restoreRate) && restoreRate > 0) bucket.restoreRate = restoreRate;
    if (Number.isFinite(available)) {
      bucket.available = available;
      bucket.at = this.now();
    }
  }

  private async request(query: string, variables: Record<string, unknown>, cost: number): Promise<Record<string, unknown>> {
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
      this.learn(body.extensions);
      const errors = body.errors ?? [];
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        // The bucket's report above says how long the points take to come back.
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
