// The Stripe simulator's state: every object by id, idempotent answers, webhook deliveries and
// the card each customer last paid with; kept in one JSON file written atomically so that it
// survives a restart.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A Stripe API object as stored: always `id` and `object`, the rest as Stripe returns it. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** One webhook delivery of one event to the configured endpoint. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  type: string;
  /** pending: not answered 2xx yet and will be tried again; held: waiting for a release; failed: gave up. */
  status: 'pending' | 'held' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** Unix milliseconds of the next attempt while pending. */
  nextAttemptAt: number | null;
  createdAt: number;
}

/** An answer kept for an `Idempotency-Key`. */
export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  /** Unix milliseconds of the first use; keys are forgotten after 24 hours. */
  at: number;
}

export interface StripeState {
  version: 1;
  sequence: number;
  objects: Record<string, StripeObject>;
  idempotency: Record<string, IdempotentAnswer>;
  deliveries: WebhookDelivery[];
  /** Card number a customer pays renewals with: the last one that paid at checkout. */
  cards: Record<string, string>;
  /** A checkout session's line items, answered only when asked for (`expand[]=line_items`). */
  lineItems: Record<string, Record<string, unknown>[]>;
  /** What a checkout session passes on to the objects its payment creates. */
  /** Subscription id → the period end whose `invoice.upcoming` was sent. */
  upcomingNotified: Record<string, number>;
  sessionData: Record<string, { subscription_metadata: Record<string, string>; payment_intent_metadata: Record<string, string> }>;
}

/** An empty state. */
export function emptyState(): StripeState {
  return { version: 1, sequence: 0, objects: {}, idempotency: {}, deliveries: [], cards: {}, lineItems: {}, sessionData: {}, upcomingNotified: {} };
}

export interface StripeStore {
  load(): StripeState | undefined;
  save(state: StripeState): void;
}

/** The file `stripe.json` in `dir`, created on first save. */
export function openStripeStore(dir: string): StripeStore {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'stripe.json');
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as StripeState;
      } catch (error) {
        throw new Error(`The Stripe simulator cannot read ${file} (${(error as Error).message}); delete the file to start empty`, { cause: error });
      }
    },
    save(state) {
      // Write then rename, so a crash never leaves half a state under the final name.
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
  };
}
