// Events: every change the engine reports becomes a Stripe event object, stored for
// `/v1/events`, naming the API request that caused it, and queued for webhook delivery.
import { newId, STRIPE_API_VERSION } from './engine.ts';
import type { StripeObject, StripeState, WebhookDelivery } from './store.ts';
import type { WebhookSender } from './webhooks.ts';

/** The API request being answered, named on the events it causes. */
export interface RequestContext {
  id: string;
  idempotencyKey: string | null;
}

/** Records events and collects the deliveries of the change being made. */
export class EventRecorder {
  /** Deliveries of the events created by the change being made; sent once it is saved. */
  private fresh: WebhookDelivery[] = [];
  private request: RequestContext | null = null;

  constructor(
    private readonly state: StripeState,
    private readonly webhooks: WebhookSender,
    private readonly webhookUrl: string | undefined,
    /** The time of a customer (its test clock's), for an event's `created`. */
    private readonly nowFor: (customerId: string | null) => number,
  ) {}

  /** Reports a change as an event; `previous` holds the changed fields' old values. */
  readonly emit = (type: string, object: StripeObject, previous?: Record<string, unknown>): void => {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: typeof object['created'] === 'number' ? Math.max(object['created'], this.nowFor(customerOf(object))) : Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.webhookUrl ? 1 : 0,
      request: { id: this.request?.id ?? null, idempotency_key: this.request?.idempotencyKey ?? null },
      type,
    };
    this.state.objects[event.id] = event;
    if (this.webhookUrl) this.fresh.push(this.webhooks.newDelivery(event));
  };

  /** Starts a change: the events from here on belong to it (and to `request`, when an API call). */
  begin(request: RequestContext | null = null): void {
    this.fresh = [];
    this.request = request;
  }

  /** Ends the change: answers the deliveries its events need. */
  end(): WebhookDelivery[] {
    const created = this.fresh;
    this.fresh = [];
    this.request = null;
    return created;
  }
}

/** The customer an object belongs to, for the time of its events. */
function customerOf(object: StripeObject): string | null {
  if (object.object === 'customer') return object.id;
  return typeof object['customer'] === 'string' ? object['customer'] : null;
}
