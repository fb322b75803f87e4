// The Stripe simulator's core without HTTP: the state every resource module works on, lookups,
// each customer's time (test clocks), Stripe's list pages and ids. The resources' rules live
// beside it, one module per resource (customers.ts, checkout-sessions.ts, subscriptions.ts, ...).
import { randomBytes } from 'node:crypto';
import { int, invalid, missing, str, type Params } from './params.ts';
import type { StripeObject, StripeState } from './store.ts';

/** The API version the simulator answers in (the one the `stripe` SDK it is tested with pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** A page of a list endpoint, in Stripe's list shape. */
export interface StripeList {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
}

/** A change to report as an event; `previous` (the changed fields' old values) only for `*.updated`. */
export type Emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => void;

/** Fields Stripe always sends that the simulator has no value for: each null. */
export function nulls(...fields: string[]): Record<string, null> {
  return Object.fromEntries(fields.map((field) => [field, null]));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: prefix and random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

/** Adds `count` calendar months or years to a Unix time, in UTC. */
export function addInterval(unix: number, interval: string, count: number): number {
  const date = new Date(unix * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

/** The objects, rules and events of one simulator. */
export class StripeEngine {
  constructor(
    readonly state: StripeState,
    /** The simulator's base URL, for hosted pages. */
    readonly baseUrl: () => string,
    /** Reports a change as an event. */
    readonly emit: Emit,
  ) {}

  /** Looks up an object of a kind; a wrong kind is as missing as an unknown id. */
  get(id: string, object: string, kind: string, param?: string): StripeObject {
    const found = this.state.objects[id];
    if (!found || found.object !== object) throw missing(kind, id, param);
    return found;
  }

  /** Stores a new object under its id. */
  put<T extends StripeObject>(object: T): T {
    this.state.objects[object.id] = object;
    return object;
  }

  /** The current time for a customer: its test clock's frozen time, or the real time. */
  nowFor(customerId: string | null | undefined): number {
    const customer = customerId ? this.state.objects[customerId] : undefined;
    const clockId = customer?.['test_clock'];
    if (typeof clockId === 'string') {
      const clock = this.state.objects[clockId];
      if (clock) return clock['frozen_time'] as number;
    }
    return Math.floor(Date.now() / 1000);
  }

  /** Every object of a kind matching `filter`, newest first, as a Stripe list. */
  list(object: string, url: string, params: Params, filter: (item: StripeObject) => boolean = () => true): StripeList {
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit');
    let items = Object.values(this.state.objects)
      .filter((item) => item.object === object && filter(item))
      .sort((a, b) => (b['created'] as number) - (a['created'] as number));
    const after = str(params, 'starting_after');
    if (after) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw missing(object, after, 'starting_after');
      items = items.slice(index + 1);
    }
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }
}
