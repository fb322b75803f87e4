// What the Stripe simulator's HTTP handlers share: the state and engine, events and webhook
// deliveries, and the test controls' pending effects.
import type { StripeEngine } from './engine.ts';
import type { EventRecorder } from './events.ts';
import type { StripeState } from './store.ts';
import type { WebhookSender } from './webhooks.ts';

/** One answer of the simulator's REST API. */
export interface ApiAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** Server errors a test asked for (`POST /__sim/faults`): the next requests of a method and path answer 500. */
export interface Fault {
  method: string;
  path: string;
  remaining: number;
}

export interface StripeContext {
  readonly state: StripeState;
  readonly engine: StripeEngine;
  readonly events: EventRecorder;
  readonly webhooks: WebhookSender;
  /** Where events are POSTed; undefined when there are no deliveries. */
  readonly webhookUrl: string | undefined;
  /** Sees every answer of the REST API (replays too). */
  readonly onApiResponse: ((answer: ApiAnswer) => void) | undefined;
  readonly faults: Fault[];
  /** Payments submitted on a checkout page that land just before the session's expiry (a test control). */
  readonly paymentsInFlight: Map<string, { card: string; email?: string }>;
  baseUrl(): string;
  /** Writes the state to its file, when the simulator has one. */
  save(): void;
}

/** Runs a change made outside the API (a hosted page, a control), then saves and sends its events. */
export function mutate<T>(context: StripeContext, change: () => T): T {
  context.events.begin();
  try {
    return change();
  } finally {
    const created = context.events.end();
    context.save();
    void context.webhooks.dispatch(created);
  }
}
