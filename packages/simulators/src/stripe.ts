// Stripe stand-in for local use and tests: the REST API the app's `stripe` SDK calls (form
// bodies, Stripe's objects, errors and idempotency keys), a hosted checkout page and billing
// portal, signed webhooks with retries, test clocks, and a control surface under /__sim/.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  closeHttpServer,
  listen,
  readBody,
  sendEmpty,
  sendHtml,
  sendJson,
  urlHost,
} from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';
import {
  newId,
  seedCatalog,
  STRIPE_API_VERSION,
  StripeEngine,
  type StripeList,
} from './stripe/engine.ts';
import { checkoutPage, invoicePage, messagePage, portalPage, receiptPage } from './stripe/pages.ts';
import { expansions, invalid, isValidationError, parseForm, str, StripeApiError, type Params } from './stripe/params.ts';
import { emptyState, openStripeStore, type StripeObject, type StripeState, type StripeStore, type WebhookDelivery } from './stripe/store.ts';

export {
  SIM_ANNUAL_ONE_TIME_PRICE_ID,
  SIM_ANNUAL_PLAN_AMOUNT,
  SIM_ANNUAL_PRODUCT_ID,
  SIM_ANNUAL_RECURRING_PRICE_ID,
  STRIPE_API_VERSION,
} from './stripe/engine.ts';
export type { WebhookDelivery } from './stripe/store.ts';

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

/** One answer of the simulator's REST API. */
export interface ApiAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
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

const BODY_LIMIT = 1024 * 1024;

/** Starts the Stripe simulator; resolves once it accepts connections. */
export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const host = options.host ?? '127.0.0.1';
  const webhookSecret = options.webhookSecret ?? DEFAULT_STRIPE_WEBHOOK_SECRET;
  const retryDelays = options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  const store: StripeStore | undefined = options.dataDir ? openStripeStore(options.dataDir) : undefined;
  const state: StripeState = { ...emptyState(), ...store?.load() };
  seedCatalog(state, Math.floor(Date.now() / 1000));
  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;
  const save = (): void => store?.save(state);

  // ---- events and webhooks ----
  let holding = false;
  /** Payments submitted on a checkout page that land just before the session's expiry (a test control). */
  const paymentsInFlight = new Map<string, { card: string; email?: string }>();
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const aborts = new Set<AbortController>();
  /** Events created by the request being answered; delivered once it is saved. */
  let fresh: WebhookDelivery[] = [];
  /** Server errors a test asked for (`POST /__sim/faults`): the next requests of a method and path answer 500. */
  const faults: Array<{ method: string; path: string; remaining: number }> = [];
  let requestContext: { id: string; idempotencyKey: string | null } | null = null;

  const emit = (type: string, object: StripeObject, previous?: Record<string, unknown>): void => {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: typeof object['created'] === 'number' ? Math.max(object['created'], engine.nowFor(customerOf(object))) : Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: requestContext?.id ?? null, idempotency_key: requestContext?.idempotencyKey ?? null },
      type,
    };
    state.objects[event.id] = event;
    if (options.webhookUrl) fresh.push(newDelivery(event));
  };
  const engine = new StripeEngine(state, baseUrl, emit);

  const newDelivery = (event: StripeObject): WebhookDelivery => {
    const delivery: WebhookDelivery = {
      id: newId('whd'),
      eventId: event.id,
      type: event['type'] as string,
      status: holding ? 'held' : 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: holding ? null : Date.now(),
      createdAt: Date.now(),
    };
    state.deliveries.push(delivery);
    return delivery;
  };

  /**
   * First attempts go out one at a time in the order the events happened, so the receiver sees
   * Stripe's usual order unless a test asks otherwise; retries run on their own timers.
   */
  let firstAttempts: Promise<void> = Promise.resolve();
  const dispatch = (deliveries: WebhookDelivery[]): Promise<void> => {
    for (const delivery of deliveries) {
      firstAttempts = firstAttempts.then(() => (delivery.status === 'pending' && delivery.attempts === 0 ? attempt(delivery) : undefined));
    }
    return firstAttempts;
  };

  const schedule = (delivery: WebhookDelivery): void => {
    if (closed || delivery.nextAttemptAt === null) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(delivery);
    }, Math.max(0, delivery.nextAttemptAt - Date.now()));
    timers.add(timer);
  };

  /** One POST of a delivery's event, signed as Stripe signs it; schedules the retry on failure. */
  const attempt = (delivery: WebhookDelivery): Promise<void> => {
    const run = (async () => {
      const event = state.objects[delivery.eventId];
      if (!event || !options.webhookUrl || closed) return;
      delivery.attempts += 1;
      delivery.nextAttemptAt = null;
      const payload = JSON.stringify(event, null, 2);
      const controller = new AbortController();
      aborts.add(controller);
      const timeout = setTimeout(() => controller.abort(), 10_000);
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signWebhookPayload(payload, webhookSecret),
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
        aborts.delete(controller);
      }
      if (delivery.status !== 'delivered') {
        const wait = retryDelays[delivery.attempts - 1];
        if (wait === undefined) {
          delivery.status = 'failed';
        } else {
          delivery.status = 'pending';
          delivery.nextAttemptAt = Date.now() + wait;
        }
      }
      if (!closed) {
        save();
        schedule(delivery);
      }
    })();
    // A fault here (the state file cannot be written) must not stop the deliveries after it.
    const settledRun = run.catch((error: unknown) => {
      delivery.status = 'failed';
      delivery.lastError = String(error);
    });
    inFlight.add(settledRun);
    void settledRun.then(() => inFlight.delete(settledRun));
    return settledRun;
  };

  // Deliveries still owed from before a restart carry on.
  for (const delivery of state.deliveries) {
    if (delivery.status === 'pending') {
      delivery.nextAttemptAt ??= Date.now();
      schedule(delivery);
    }
  }

  // ---- HTTP ----
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, new StripeApiError(413, 'invalid_request_error', 'Request body too large').toJSON());
      } else {
        sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path.startsWith('/v1/')) return api(req, res, method, url);
    if (path.startsWith('/__sim/')) return control(req, res, method, path);

    let match = /^\/checkout\/([\w]+)$/.exec(path);
    if (match) return checkout(req, res, method, match[1]!);
    match = /^\/billing_portal\/(bps_\w+)$/.exec(path);
    if (match && method === 'GET') return portal(res, match[1]!);
    match = /^\/billing_portal\/(bps_\w+)\/subscriptions\/(sub_\w+)$/.exec(path);
    if (match && method === 'POST') return portalAction(req, res, match[1]!, match[2]!);
    match = /^\/invoices\/(in_\w+)$/.exec(path);
    if (match && method === 'GET') {
      const invoice = state.objects[match[1]!];
      if (invoice?.object === 'invoice') sendHtml(res, 200, invoicePage(invoice));
      else sendHtml(res, 404, messagePage('Not found', 'This invoice does not exist.'));
      return;
    }
    match = /^\/receipts\/(ch_\w+)$/.exec(path);
    if (match && method === 'GET') {
      const charge = state.objects[match[1]!];
      if (charge?.object === 'charge') sendHtml(res, 200, receiptPage(charge));
      else sendHtml(res, 404, messagePage('Not found', 'This receipt does not exist.'));
      return;
    }
    if (path === '/' && method === 'GET') {
      sendJson(res, 200, { name: 'Stripe simulator', apiBase: `${baseUrl()}/v1`, webhookUrl: options.webhookUrl ?? null, deliveries: `${baseUrl()}/__sim/webhooks` });
      return;
    }
    sendJson(res, 404, new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`).toJSON());
  }

  /** The REST API: key check, idempotency, routing, saving, then webhook dispatch. */
  async function api(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
    const requestId = newId('req', 14);
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': STRIPE_API_VERSION };
    const body = method === 'POST' ? await readBody(req, BODY_LIMIT) : '';
    const key = apiKey(req);
    if (typeof key !== 'string') {
      sendJson(res, 401, key.toJSON(), { ...headers, 'www-authenticate': 'Bearer realm="Stripe"' });
      return;
    }
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${body}`).digest('hex');
    const storeKey = idempotencyKey === null ? null : `${key}\u0000${idempotencyKey}`;
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    if (storeKey !== null) {
      const earlier = state.idempotency[storeKey];
      if (earlier && earlier.fingerprint !== fingerprint) {
        const error = new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
        sendJson(res, 400, error.toJSON(), headers);
        return;
      }
      if (earlier) {
        options.onApiResponse?.({ method, path: url.pathname, status: earlier.status, body: earlier.body });
        sendJson(res, earlier.status, earlier.body, { ...headers, 'idempotent-replayed': 'true', ...(earlier.status >= 500 ? SHOULD_NOT_RETRY : {}) });
        return;
      }
    }
    const fault = faults.find((f) => f.method === method && f.path === url.pathname && f.remaining > 0);
    if (fault) {
      // A failure inside the endpoint: nothing changes, and the 500 is kept for the idempotency
      // key like any answer once execution began, so a retry with the same key gets it again.
      fault.remaining -= 1;
      const answer = new StripeApiError(500, 'api_error', 'An unknown error occurred').toJSON();
      if (storeKey !== null) {
        pruneIdempotency(state);
        state.idempotency[storeKey] = { fingerprint, status: 500, body: answer, at: Date.now() };
        save();
      }
      options.onApiResponse?.({ method, path: url.pathname, status: 500, body: answer });
      sendJson(res, 500, answer, { ...headers, ...SHOULD_NOT_RETRY });
      return;
    }
    let status = 200;
    let answer: unknown;
    let keep = true;
    fresh = [];
    requestContext = { id: requestId, idempotencyKey };
    try {
      const params = method === 'POST' ? parseForm(body) : parseForm(url.search.slice(1));
      answer = route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = error.toJSON();
      keep = !isValidationError(error);
    } finally {
      requestContext = null;
    }
    if (storeKey !== null && keep) {
      pruneIdempotency(state);
      state.idempotency[storeKey] = { fingerprint, status, body: answer, at: Date.now() };
    }
    const created = fresh;
    fresh = [];
    // A read changes nothing unless it found an expired checkout session.
    if (method !== 'GET' || created.length > 0) save();
    options.onApiResponse?.({ method, path: url.pathname, status, body: answer });
    sendJson(res, status, answer, headers);
    void dispatch(created);
  }

  function route(method: string, path: string, params: Params): unknown {
    const expand = expansions(params);
    const out = (object: StripeObject): unknown => render(object, expand);
    const ids: string[] = [];
    const pattern = path
      .split('/')
      .slice(2)
      .map((segment) => {
        if (RESOURCE_WORDS.has(segment)) return segment;
        ids.push(segment);
        return ':id';
      })
      .join('/');
    const [b] = ids;
    const noParams = (p: Params): void => {
      const unknown = Object.keys(p).find((k) => k !== 'expand');
      if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
    };
    switch (`${method} ${pattern}`) {
      case 'POST customers': return out(engine.createCustomer(params));
      case 'GET customers': {
        const email = str(params, 'email');
        return listOut(engine.list('customer', '/v1/customers', params, (c) => email === undefined || c['email'] === email));
      }
      case 'GET customers/:id': noParams(params); return out(engine.get(b!, 'customer', 'customer'));
      case 'POST customers/:id': return out(engine.updateCustomer(b!, params));
      case 'GET products': {
        const active = str(params, 'active');
        return listOut(engine.list('product', '/v1/products', params, (p) => active === undefined || String(p['active']) === active));
      }
      case 'GET products/:id': noParams(params); return out(engine.get(b!, 'product', 'product'));
      case 'POST products': return out(engine.createProduct(params));
      case 'POST products/:id': return out(engine.updateProduct(b!, params));
      case 'POST prices': return out(engine.createPrice(params));
      case 'POST prices/:id': return out(engine.updatePrice(b!, params));
      case 'GET prices': {
        const product = str(params, 'product');
        const active = str(params, 'active');
        const type = str(params, 'type');
        // lookup_keys[]=a&lookup_keys[]=b, or lookup_keys[0]=a as the SDK sends it.
        const lookupKeys = params['lookup_keys'];
        const keys = lookupKeys === undefined ? undefined : (typeof lookupKeys === 'string' ? [lookupKeys] : Array.isArray(lookupKeys) ? lookupKeys : Object.values(lookupKeys)).map(String);
        return listOut(engine.list('price', '/v1/prices', params, (p) =>
          (product === undefined || p['product'] === product) && (active === undefined || String(p['active']) === active) && (type === undefined || p['type'] === type) &&
          (keys === undefined || keys.includes(String(p['lookup_key'])))));
      }
      case 'GET prices/:id': noParams(params); return out(engine.get(b!, 'price', 'price'));
      case 'POST checkout/sessions': return out(engine.createCheckoutSession(params));
      case 'GET checkout/sessions': {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const intent = str(params, 'payment_intent');
        const status = str(params, 'status');
        if (status !== undefined && !['open', 'complete', 'expired'].includes(status)) {
          throw invalid(`Invalid status: must be one of open, complete, or expired`, 'status');
        }
        // A session whose time is up is listed as expired, as a read of it says.
        for (const session of Object.values(state.objects)) if (session.object === 'checkout.session') engine.expireIfDue(session);
        return listOut(engine.list('checkout.session', '/v1/checkout/sessions', params, (s) =>
          (customer === undefined || s['customer'] === customer) && (subscription === undefined || s['subscription'] === subscription) &&
          (intent === undefined || s['payment_intent'] === intent) && (status === undefined || s['status'] === status)));
      }
      case 'GET checkout/sessions/:id': {
        noParams(params);
        const session = engine.get(b!, 'checkout.session', 'checkout.session');
        engine.expireIfDue(session);
        return out(session);
      }
      case 'GET checkout/sessions/:id/line_items': {
        const session = engine.get(b!, 'checkout.session', 'checkout.session');
        return { object: 'list', data: state.lineItems[session.id] ?? [], has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
      }
      case 'POST checkout/sessions/:id/expire': {
        // A payment the customer submitted before the expiry reached Stripe completes first; the
        // expiry then meets a complete session and is refused.
        const inFlight = paymentsInFlight.get(b!);
        if (inFlight) {
          paymentsInFlight.delete(b!);
          engine.payCheckoutSession(b!, inFlight.card, inFlight.email);
        }
        return out(engine.expireCheckoutSession(b!));
      }
      case 'GET subscriptions': {
        const customer = str(params, 'customer');
        const status = str(params, 'status');
        return listOut(engine.list('subscription', '/v1/subscriptions', params, (s) =>
          (customer === undefined || s['customer'] === customer) && (status === 'all' || (status === undefined ? s['status'] !== 'canceled' : s['status'] === status))));
      }
      case 'GET subscriptions/:id': noParams(params); return out(engine.get(b!, 'subscription', 'subscription'));
      case 'POST subscriptions/:id': return out(engine.updateSubscription(b!, params));
      case 'DELETE subscriptions/:id': return out(engine.cancelSubscription(b!, params));
      case 'GET invoices': {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const status = str(params, 'status');
        return listOut(engine.list('invoice', '/v1/invoices', params, (i) =>
          (customer === undefined || i['customer'] === customer) &&
          (subscription === undefined || (i['parent'] as { subscription_details?: { subscription: string } } | null)?.subscription_details?.subscription === subscription) &&
          (status === undefined || i['status'] === status)));
      }
      case 'GET invoices/:id': noParams(params); return out(engine.get(b!, 'invoice', 'invoice'));
      case 'GET invoice_payments': {
        const invoiceId = str(params, 'invoice');
        const invoices = Object.values(state.objects).filter((o) => o.object === 'invoice' && (invoiceId === undefined || o.id === invoiceId));
        const data = invoices.flatMap((i) => (i['payments'] as { data: StripeObject[] }).data).sort((x, y) => (y['created'] as number) - (x['created'] as number));
        return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
      }
      case 'GET payment_intents/:id': noParams(params); return out(engine.get(b!, 'payment_intent', 'payment_intent'));
      case 'GET charges/:id': noParams(params); return out(engine.get(b!, 'charge', 'charge'));
      case 'POST refunds': return out(engine.createRefund(params));
      case 'GET refunds': {
        const charge = str(params, 'charge');
        const intent = str(params, 'payment_intent');
        return listOut(engine.list('refund', '/v1/refunds', params, (r) => (charge === undefined || r['charge'] === charge) && (intent === undefined || r['payment_intent'] === intent)));
      }
      case 'GET refunds/:id': noParams(params); return out(engine.get(b!, 'refund', 'refund'));
      case 'POST billing_portal/sessions': return out(engine.createPortalSession(params));
      case 'POST test_helpers/test_clocks': return out(engine.createTestClock(params));
      case 'GET test_helpers/test_clocks/:id': noParams(params); return out(engine.get(b!, 'test_helpers.test_clock', 'test clock'));
      case 'POST test_helpers/test_clocks/:id/advance': return out(engine.advanceTestClock(b!, params));
      case 'GET events': {
        const type = str(params, 'type');
        return listOut(engine.list('event', '/v1/events', params, (e) => type === undefined || e['type'] === type));
      }
      case 'GET events/:id': noParams(params); return out(engine.get(b!, 'event', 'event'));
      default:
        throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    }
    function listOut(page: StripeList): unknown {
      const inner = expand.filter((p) => p.startsWith('data.')).map((p) => p.slice('data.'.length));
      return { ...page, data: page.data.map((item) => render(item, inner)) };
    }
  }

  /** A copy of an object with `expand[]` paths (dotted, e.g. `subscription.latest_invoice`) filled in. */
  function render(object: StripeObject, expand: string[]): unknown {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of expand) expandPath(copy, path.split('.'), path);
    return copy;
  }

  function expandPath(target: Record<string, unknown>, segments: string[], full: string): void {
    const [field, ...rest] = segments;
    if (field === undefined) return;
    if (field === 'line_items' && target['object'] === 'checkout.session') {
      const id = target['id'] as string;
      target['line_items'] = { object: 'list', data: structuredClone(state.lineItems[id] ?? []), has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
      return;
    }
    if (!(field in target)) throw invalid(`This property cannot be expanded (${full}).`, 'expand');
    let value = target[field];
    if (typeof value === 'string') {
      const found = state.objects[value];
      if (!found) return;
      value = structuredClone(found);
      target[field] = value;
    }
    if (rest.length > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
      expandPath(value as Record<string, unknown>, rest, full);
    }
  }

  // ---- hosted checkout page ----
  async function checkout(req: IncomingMessage, res: ServerResponse, method: string, id: string): Promise<void> {
    const session = state.objects[id];
    if (!session || session.object !== 'checkout.session') {
      sendHtml(res, 404, messagePage('Not found', 'This checkout session does not exist.'));
      return;
    }
    if (method === 'GET') {
      if (session['status'] === 'open') mutate(() => engine.expireIfDue(session));
      sendHtml(res, 200, checkoutPage(session, state.lineItems[id] ?? []));
      return;
    }
    if (method !== 'POST') {
      sendEmpty(res, 405, { allow: 'GET, POST' });
      return;
    }
    const form = new URLSearchParams(await readBody(req, BODY_LIMIT));
    const card = form.get('card') ?? '';
    const result = pay(id, card, form.get('email') ?? undefined);
    if (result.error) {
      sendHtml(res, result.status, checkoutPage(session, state.lineItems[id] ?? [], result.error.message, card));
      return;
    }
    sendEmpty(res, 303, { location: engine.successUrlFor(session) });
  }

  /** Pays a session as the page or the control does; saves and dispatches its events. */
  function pay(id: string, card: string, email?: string): { status: number; error?: { code: string; decline_code: string | null; message: string } } {
    try {
      const error = mutate(() => engine.payCheckoutSession(id, card, email));
      if (error) return { status: 402, error: { code: error.code, decline_code: error.declineCode, message: error.message } };
      return { status: 200 };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return { status: error.status, error: { code: error.code ?? 'invalid', decline_code: null, message: error.message } };
    }
  }

  /** Runs a change made outside the API (a hosted page, a control), then saves and sends its events. */
  function mutate<T>(change: () => T): T {
    fresh = [];
    try {
      return change();
    } finally {
      const created = fresh;
      fresh = [];
      save();
      void dispatch(created);
    }
  }

  // ---- billing portal page ----
  function portal(res: ServerResponse, id: string): void {
    const session = state.objects[id];
    if (!session || session.object !== 'billing_portal.session') {
      sendHtml(res, 404, messagePage('Not found', 'This billing portal session does not exist.'));
      return;
    }
    const customer = state.objects[session['customer'] as string]!;
    const subscriptions = Object.values(state.objects).filter((o) => o.object === 'subscription' && o['customer'] === customer.id && o['status'] !== 'canceled');
    const products = new Map(Object.values(state.objects).filter((o) => o.object === 'product').map((p) => [p.id, p['name'] as string]));
    sendHtml(res, 200, portalPage(session, customer, subscriptions, products));
  }

  async function portalAction(req: IncomingMessage, res: ServerResponse, portalId: string, subscriptionId: string): Promise<void> {
    const session = state.objects[portalId];
    const subscription = state.objects[subscriptionId];
    if (!session || session.object !== 'billing_portal.session' || subscription?.object !== 'subscription' || subscription['customer'] !== session['customer']) {
      sendHtml(res, 404, messagePage('Not found', 'This subscription is not part of this billing portal session.'));
      return;
    }
    const action = new URLSearchParams(await readBody(req, BODY_LIMIT)).get('action');
    if (action !== 'cancel' && action !== 'renew') {
      sendHtml(res, 400, messagePage('Bad request', 'Unknown action.'));
      return;
    }
    try {
      mutate(() => engine.updateSubscription(subscriptionId, { cancel_at_period_end: action === 'cancel' ? 'true' : 'false' }));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendHtml(res, error.status, messagePage('Not possible', error.message));
      return;
    }
    sendEmpty(res, 303, { location: `/billing_portal/${portalId}` });
  }

  // ---- test controls ----
  async function control(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    const json = async (): Promise<Record<string, unknown>> => {
      const text = await readBody(req, BODY_LIMIT);
      if (text.trim() === '') return {};
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    };
    let match = /^\/__sim\/checkout\/sessions\/([\w]+)\/pay$/.exec(path);
    if (match && method === 'POST') {
      const body = await json();
      const card = typeof body['card'] === 'string' ? body['card'] : '4242424242424242';
      const session = state.objects[match[1]!];
      if (!session || session.object !== 'checkout.session') {
        sendJson(res, 404, new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${match[1]!}'`, 'resource_missing', 'id').toJSON());
        return;
      }
      const email = typeof body['email'] === 'string' ? body['email'] : undefined;
      if (body['when'] === 'expire') {
        if (session['status'] !== 'open') {
          sendJson(res, 400, new StripeApiError(400, 'invalid_request_error', `This Checkout Session is no longer active (status: ${String(session['status'])}).`, 'checkout_session_not_open').toJSON());
          return;
        }
        paymentsInFlight.set(session.id, { card, ...(email === undefined ? {} : { email }) });
        sendJson(res, 202, { session: render(session, []), paid_when: 'expire' });
        return;
      }
      const result = pay(session.id, card, email);
      if (result.error) {
        sendJson(res, result.status, { error: { type: result.status === 402 ? 'card_error' : 'invalid_request_error', ...result.error } });
        return;
      }
      sendJson(res, 200, { session: render(session, []), redirect_url: engine.successUrlFor(session) });
      return;
    }
    // Puts an existing customer on a test clock (Stripe only allows it at creation; tests of an
    // app that creates its own customers need it later). Refused once the customer has a subscription.
    match = /^\/__sim\/customers\/(cus_\w+)\/test_clock$/.exec(path);
    if (match && method === 'POST') {
      const body = await json();
      const customer = state.objects[match[1]!];
      const clockId = body['test_clock'];
      const clock = typeof clockId === 'string' ? state.objects[clockId] : undefined;
      const subscribed = Object.values(state.objects).some((o) => o.object === 'subscription' && o['customer'] === match![1]);
      if (!customer || customer.object !== 'customer' || !clock || clock.object !== 'test_helpers.test_clock' || subscribed) {
        sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs a known customer without subscriptions and {"test_clock": "clock_..."}' } });
        return;
      }
      customer['test_clock'] = clock.id;
      save();
      sendJson(res, 200, { customer: customer.id, test_clock: clock.id });
      return;
    }
    match = /^\/__sim\/customers\/(cus_\w+)\/card$/.exec(path);
    if (match && method === 'POST') {
      const body = await json();
      if (!state.objects[match[1]!] || typeof body['card'] !== 'string') {
        sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs a known customer and {"card": "..."}' } });
        return;
      }
      state.cards[match[1]!] = body['card'].replace(/[\s-]/g, '');
      save();
      sendJson(res, 200, { customer: match[1], card: state.cards[match[1]!] });
      return;
    }
    if (path === '/__sim/faults' && method === 'POST') {
      const body = await json();
      const faultMethod = typeof body['method'] === 'string' ? body['method'].toUpperCase() : 'POST';
      const faultPath = body['path'];
      const times = body['times'] ?? 1;
      if (typeof faultPath !== 'string' || !faultPath.startsWith('/v1/') || typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
        sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs {"path": "/v1/...", "method": "POST", "times": 1}' } });
        return;
      }
      faults.push({ method: faultMethod, path: faultPath, remaining: times });
      sendJson(res, 200, { method: faultMethod, path: faultPath, times });
      return;
    }
    if (path === '/__sim/webhooks' && method === 'GET') {
      sendJson(res, 200, { endpoint: options.webhookUrl ?? null, holding, deliveries: state.deliveries });
      return;
    }
    if (path === '/__sim/webhooks/hold' && method === 'POST') {
      holding = true;
      sendJson(res, 200, { holding });
      return;
    }
    if (path === '/__sim/webhooks/release' && method === 'POST') {
      const body = await json();
      holding = false;
      const held = state.deliveries.filter((d) => d.status === 'held');
      let ordered = held;
      if (body['order'] === 'reverse') ordered = [...held].reverse();
      else if (Array.isArray(body['order'])) {
        const order = body['order'].filter((e): e is string => typeof e === 'string');
        ordered = [...held].sort((x, y) => rank(order, x.eventId) - rank(order, y.eventId));
      }
      for (const delivery of ordered) {
        delivery.status = 'pending';
        delivery.nextAttemptAt = Date.now();
      }
      save();
      // One after another, so the receiver sees exactly this order.
      await dispatch(ordered);
      sendJson(res, 200, { released: ordered.map((d) => d.eventId) });
      return;
    }
    match = /^\/__sim\/webhooks\/events\/(evt_\w+)\/deliver$/.exec(path);
    if (match && method === 'POST') {
      const event = state.objects[match[1]!];
      if (!event || event.object !== 'event' || !options.webhookUrl) {
        sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'unknown event, or no webhook endpoint configured' } });
        return;
      }
      const delivery = newDelivery(event);
      await dispatch([delivery]);
      save();
      sendJson(res, 200, delivery);
      return;
    }
    sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unknown control ${method} ${path}` } });
  }

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
    settled: async () => {
      while (inFlight.size > 0 || state.deliveries.some((d) => d.status === 'pending')) {
        await Promise.race([...inFlight, new Promise((resolve) => setTimeout(resolve, 10))]);
      }
    },
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of aborts) controller.abort();
      await Promise.allSettled([...inFlight]);
      save();
      await closeHttpServer(server);
    },
  };
}

/** The `Stripe-Signature` header for a payload: `t=<unix>,v1=<HMAC-SHA256 hex of "t.payload">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Sent with a 500 whose result is kept for its idempotency key: a retry with the same key would
 * only get the same 500 (the `stripe` SDK reads this header and then does not retry).
 */
const SHOULD_NOT_RETRY = { 'stripe-should-retry': 'false' } as const;

/** Path segments that name resources or actions; any other segment is an id. */
const RESOURCE_WORDS = new Set([
  'customers', 'products', 'prices', 'checkout', 'sessions', 'line_items', 'expire', 'subscriptions', 'invoices',
  'invoice_payments', 'payment_intents', 'charges', 'refunds', 'billing_portal', 'test_helpers', 'test_clocks', 'advance', 'events',
]);

/** Stripe forgets idempotency keys after 24 hours. */
function pruneIdempotency(state: StripeState): void {
  const cutoff = Date.now() - 24 * 3600 * 1000;
  for (const [key, answer] of Object.entries(state.idempotency)) {
    if (answer.at < cutoff) delete state.idempotency[key];
  }
}

function rank(order: string[], id: string): number {
  const index = order.indexOf(id);
  return index < 0 ? order.length : index;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The secret key of a request (Bearer or Basic), or the 401 Stripe answers. */
function apiKey(req: IncomingMessage): string | StripeApiError {
  const authorization = header(req, 'authorization') ?? '';
  let key: string | undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (bearer) key = bearer[1];
  else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  if (!key) {
    return new StripeApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').");
  }
  if (!key.startsWith('sk_test_')) {
    // Stripe shows the start and the last four characters of a long key, the rest masked.
    const shown = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
    return new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`);
  }
  return key;
}

/** The customer an object belongs to, for the time of its events. */
function customerOf(object: StripeObject): string | null {
  if (object.object === 'customer') return object.id;
  return typeof object['customer'] === 'string' ? object['customer'] : null;
}
