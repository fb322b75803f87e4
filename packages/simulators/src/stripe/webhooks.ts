// Webhook deliveries: each event POSTed, signed as Stripe signs it, to the app's endpoint; first
// attempts in the order the events happened, failures retried on their own timers, and a hold
// that lets tests release deliveries in the order they choose.
import { createHmac } from 'node:crypto';
import { newId } from './engine.ts';
import type { StripeObject, StripeState, WebhookDelivery } from './store.ts';

/** Where and how deliveries go. */
export interface WebhookSettings {
  /** Where events are POSTed; no deliveries when undefined. */
  url: string | undefined;
  secret: string;
  /** Waits before each retry of a failed delivery; its length + 1 is the number of attempts. */
  retryDelaysMs: readonly number[];
}

/** The `Stripe-Signature` header for a payload: `t=<unix>,v1=<HMAC-SHA256 hex of "t.payload">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Sends the deliveries of one simulator and keeps their status in its state. */
export class WebhookSender {
  /** New deliveries wait for a release while set. */
  holding = false;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  /**
   * First attempts go out one at a time in the order the events happened, so the receiver sees
   * Stripe's usual order unless a test asks otherwise; retries run on their own timers.
   */
  private firstAttempts: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: StripeState,
    private readonly settings: WebhookSettings,
    private readonly save: () => void,
  ) {}

  /** A new delivery of an event, pending (or held), recorded in the state. */
  newDelivery(event: StripeObject): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: newId('whd'),
      eventId: event.id,
      type: event['type'] as string,
      status: this.holding ? 'held' : 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: this.holding ? null : Date.now(),
      createdAt: Date.now(),
    };
    this.state.deliveries.push(delivery);
    return delivery;
  }

  /** Queues the first attempts of these deliveries; resolves once they have run. */
  dispatch(deliveries: WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      this.firstAttempts = this.firstAttempts.then(() => (delivery.status === 'pending' && delivery.attempts === 0 ? this.attempt(delivery) : undefined));
    }
    return this.firstAttempts;
  }

  /** Deliveries still owed from before a restart carry on. */
  resume(): void {
    for (const delivery of this.state.deliveries) {
      if (delivery.status === 'pending') {
        delivery.nextAttemptAt ??= Date.now();
        this.schedule(delivery);
      }
    }
  }

  /** Resolves once no delivery is waiting for an attempt or in flight (held ones excepted). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0 || this.state.deliveries.some((d) => d.status === 'pending')) {
      await Promise.race([...this.inFlight, new Promise((resolve) => setTimeout(resolve, 10))]);
    }
  }

  /** Stops the timers, aborts the requests in flight and waits for them. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.aborts) controller.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delivery: WebhookDelivery): void {
    if (this.closed || delivery.nextAttemptAt === null) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, Math.max(0, delivery.nextAttemptAt - Date.now()));
    this.timers.add(timer);
  }

  /** One POST of a delivery's event; schedules the retry on failure. */
  private attempt(delivery: WebhookDelivery): Promise<void> {
    const run = (async () => {
      const event = this.state.objects[delivery.eventId];
      if (!event || !this.settings.url || this.closed) return;
      delivery.attempts += 1;
      delivery.nextAttemptAt = null;
      await this.post(delivery, this.settings.url, JSON.stringify(event, null, 2));
      if (delivery.status !== 'delivered') {
        const wait = this.settings.retryDelaysMs[delivery.attempts - 1];
        if (wait === undefined) {
          delivery.status = 'failed';
        } else {
          delivery.status = 'pending';
          delivery.nextAttemptAt = Date.now() + wait;
        }
      }
      if (!this.closed) {
        this.save();
        this.schedule(delivery);
      }
    })();
    // A fault here (the state file cannot be written) must not stop the deliveries after it.
    const settledRun = run.catch((error: unknown) => {
      delivery.status = 'failed';
      delivery.lastError = String(error);
    });
    this.inFlight.add(settledRun);
    void settledRun.then(() => this.inFlight.delete(settledRun));
    return settledRun;
  }

  /** Sends the payload and records the answer (or the network error) on the delivery. */
  private async post(delivery: WebhookDelivery, url: string, payload: string): Promise<void> {
    const controller = new AbortController();
    this.aborts.add(controller);
    const timeout = setTimeout(() => controller.abort(), 10_000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signWebhookPayload(payload, this.settings.secret),
        },
        body: payload,
        // Stripe does not follow redirects: a 3xx answer is a failed delivery.
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatusCode = response.status;
      delivery.lastError = response.ok ? null : `HTTP ${response.status}`;
      if (response.ok) delivery.status = 'delivered';
    } catch (error) {
      delivery.lastStatusCode = null;
      delivery.lastError = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message;
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(controller);
    }
  }
}
