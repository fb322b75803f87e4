// The Jobber simulator's state: accounts with their products and services, the accounts it
// starts with, its limits, and what its handlers share.
import type { Clock, GrantState, GrantStore, SimulatorStats, SlidingWindowLimit } from '../provider-common.ts';

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


export interface ProductOrService {
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

export interface Account {
  id: string;
  name: string;
  nextId: number;
  items: ProductOrService[];
}

export interface JobberState {
  accounts: Account[];
  grants: GrantState;
}

/** Jobber ids are base64 global ids. */
export const encodeId = (type: string, id: number | string): string => Buffer.from(`gid://Jobber/${type}/${id}`).toString('base64');

/** The two accounts a person can connect. */
export function seedAccounts(): Account[] {
  return [
    { id: encodeId('Account', 1_204_001), name: 'Bright Spark Electric', nextId: 1, items: [] },
    { id: encodeId('Account', 1_204_002), name: 'Northside Plumbing & Heating', nextId: 1, items: [] },
  ];
}

/** The input fields an edit may change. */
export const INPUT_FIELDS = ['name', 'description', 'category', 'defaultUnitCost', 'internalUnitCost', 'markup', 'taxable', 'visible', 'durationMinutes'];

/** How the token endpoint words the access token's lifetime. */
export type JobberTokenAnswer =
  /** As Jobber documents it: the code exchange answers no lifetime (the JWT's exp says it), a refresh adds `expires_at`. */
  | 'documented'
  /** `expires_in` on both, as some code samples show. */
  | 'expires_in'
  /** Nothing but the JWT's exp, on both. */
  | 'jwt';

/** What the simulator's handlers share. */
export interface JobberContext {
  /** Replaced by a reset; an account leaves when closed. */
  accounts: Account[];
  /** How the token endpoint words the access token's lifetime. */
  tokenAnswer: JobberTokenAnswer;
  readonly clock: Clock;
  readonly limits: JobberLimits;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The app's registered redirect URIs; undefined: any http(s) URL. */
  readonly redirectUris: string[] | undefined;
  readonly grants: GrantStore;
  readonly stats: SimulatorStats;
  /** Requests per app and account in the request window. */
  readonly requestWindow: SlidingWindowLimit;
  /** Each account's query-cost bucket. */
  readonly buckets: Map<string, { available: number; at: number }>;
  /** Saves the state (at once when `now`, else soon). */
  persist(now?: boolean): void;
}

/** The account of an id, if it is open. */
export function accountOf(context: JobberContext, id: string): Account | undefined {
  return context.accounts.find((a) => a.id === id);
}

/** A product or service as `/__sim/items` lists it. */
export function summarize(item: ProductOrService): JobberItemSummary {
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
