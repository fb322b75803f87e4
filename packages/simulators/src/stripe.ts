// Stripe stand-in for local use and tests: the REST API the app's `stripe` SDK calls (form
// bodies, Stripe's objects, errors and idempotency keys), a hosted checkout page and billing
// portal, signed webhooks with retries, test clocks, and a control surface under /__sim/.
//
// This file starts the server and wires the parts in stripe/: the engine and one module per
// resource (the rules), events and webhooks, the REST API's envelope and routes, the hosted
// pages and the test controls.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { BodyTooLargeError, closeHttpServer, listen, sendJson, urlHost } from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';
import { answerApi } from './stripe/api.ts';
import { seedCatalog } from './stripe/catalog.ts';
import type { ApiAnswer, StripeContext } from './stripe/context.ts';
import { answerControl } from './stripe/controls.ts';
import { StripeEngine } from './stripe/engine.ts';
import { EventRecorder } from './stripe/events.ts';
import { answerHostedPage } from './stripe/hosted.ts';
import { StripeApiError } from './stripe/params.ts';
import { emptyState, openStripeStore, type StripeState, type WebhookDelivery } from './stripe/store.ts';
import { WebhookSender } from './stripe/webhooks.ts';

export {
  SIM_ANNUAL_ONE_TIME_PRICE_ID,
  SIM_ANNUAL_PLAN_AMOUNT,
  SIM_ANNUAL_PRODUCT_ID,
  SIM_ANNUAL_RECURRING_PRICE_ID,
} from './stripe/catalog.ts';
export { STRIPE_API_VERSION } from './stripe/engine.ts';
export type { ApiAnswer } from './stripe/context.ts';
export type { WebhookDelivery } from './stripe/store.ts';
export { signWebhookPayload } from './stripe/webhooks.ts';

/** The local secret key `npm start` gives the app; any key starting with `sk_test_` is accepted. */
export const DEFAULT_STRIPE_SECRET_KEY = 'sk_test_tradelist_local_simulator';
/** The local webhook signing secret `npm start` gives both the simulator and the app. */
export const DEFAULT_STRIPE_WEBHOOK_SECRET = 'whsec_tradelist_local_simulator';
/** Waits between webhook attempts by default: five attempts over about six minutes. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000, 60_000, 300_000];

export interface StripeSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Folder that keeps the objects across restarts (file `stripe.json`); in memory only when omitted. */
  dataDir?: string;
  /** Where events are POSTed; no deliveries when omitted. */
  webhookUrl?: string;
  /** Signs deliveries; default DEFAULT_STRIPE_WEBHOOK_SECRET. */
  webhookSecret?: string;
  /** Waits before each retry of a failed delivery; its length + 1 is the number of attempts. */
  webhookRetryDelaysMs?: readonly number[];
  /** Sees every answer of the REST API (replays too), e.g. to check its shape against Stripe's types. */
  onApiResponse?: (answer: ApiAnswer) => void;
}

export interface StripeSimulator {
  /** Base URL, e.g. http://127.0.0.1:12111 */
  readonly url: string;
  readonly port: number;
  readonly webhookUrl: string | undefined;
  readonly webhookSecret: string;
  /** Every webhook delivery so far, oldest first. */
  deliveries(): WebhookDelivery[];
  /** Resolves once no delivery is waiting for an attempt or in flight (held ones excepted). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the Stripe simulator; resolves once it accepts connections. */
export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const host = options.host ?? '127.0.0.1';
  const webhookSecret = options.webhookSecret ?? DEFAULT_STRIPE_WEBHOOK_SECRET;
  const store = options.dataDir ? openStripeStore(options.dataDir) : undefined;
  const state: StripeState = { ...emptyState(), ...store?.load() };
  seedCatalog(state, Math.floor(Date.now() / 1000));
  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const save = (): void => store?.save(state);
  const webhooks = new WebhookSender(state, { url: options.webhookUrl, secret: webhookSecret, retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS }, save);
  const events = new EventRecorder(state, webhooks, options.webhookUrl, (customerId): number => engine.nowFor(customerId));
  const engine: StripeEngine = new StripeEngine(state, baseUrl, events.emit);
  const context: StripeContext = {
    state,
    engine,
    events,
    webhooks,
    webhookUrl: options.webhookUrl,
    onApiResponse: options.onApiResponse,
    faults: [],
    paymentsInFlight: new Map(),
    baseUrl,
    save,
  };
  webhooks.resume();
  const server = createServer((req, res) => {
    handle(context, req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, new StripeApiError(413, 'invalid_request_error', 'Request body too large').toJSON());
      } else {
        sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('stripe', host, port, error);
  }
  return {
    get url() {
      return baseUrl();
    },
    get port() {
      return port;
    },
    webhookUrl: options.webhookUrl,
    webhookSecret,
    deliveries: () => structuredClone(state.deliveries),
    settled: () => webhooks.settled(),
    close: async () => {
      await webhooks.close();
      save();
      await closeHttpServer(server);
    },
  };
}

/** Routes a request: the REST API, the test controls, the hosted pages, the index. */
async function handle(context: StripeContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://stripe.local');
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (path.startsWith('/v1/')) return answerApi(context, req, res, method, url);
  if (path.startsWith('/__sim/')) return answerControl(context, req, res, method, path);
  if (await answerHostedPage(context, req, res, method, path)) return;
  if (path === '/' && method === 'GET') {
    const base = context.baseUrl();
    sendJson(res, 200, { name: 'Stripe simulator', apiBase: `${base}/v1`, webhookUrl: context.webhookUrl ?? null, deliveries: `${base}/__sim/webhooks` });
    return;
  }
  sendJson(res, 404, new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`).toJSON());
}
