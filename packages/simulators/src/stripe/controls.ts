// Test controls under /__sim/: paying a checkout session (also at the moment it expires), a
// customer's card and test clock, server errors on demand, and the webhook deliveries.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-helpers.ts';
import { BODY_LIMIT } from './api.ts';
import { successUrlFor } from './checkout-sessions.ts';
import type { StripeContext } from './context.ts';
import { render } from './expand.ts';
import { pay } from './hosted.ts';
import { StripeApiError } from './params.ts';

type Body = Record<string, unknown>;

/** One control: its method, its path, and what it does with the path's match and the JSON body. */
interface Control {
  method: 'GET' | 'POST';
  path: RegExp;
  run(context: StripeContext, res: ServerResponse, match: RegExpExecArray, body: () => Promise<Body>): Promise<void> | void;
}

/** Answers a request under `/__sim/`. */
export async function answerControl(context: StripeContext, req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
  const body = async (): Promise<Body> => {
    const text = await readBody(req, BODY_LIMIT);
    if (text.trim() === '') return {};
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
  };
  for (const control of CONTROLS) {
    const match = control.method === method ? control.path.exec(path) : null;
    if (match) return control.run(context, res, match, body);
  }
  sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unknown control ${method} ${path}` } });
}

async function payCheckout(context: StripeContext, res: ServerResponse, match: RegExpExecArray, json: () => Promise<Body>): Promise<void> {
  const body = await json();
  const card = typeof body['card'] === 'string' ? body['card'] : '4242424242424242';
  const session = context.state.objects[match[1]!];
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
    context.paymentsInFlight.set(session.id, { card, ...(email === undefined ? {} : { email }) });
    sendJson(res, 202, { session: render(context.state, session, []), paid_when: 'expire' });
    return;
  }
  const result = pay(context, session.id, card, email);
  if (result.error) {
    sendJson(res, result.status, { error: { type: result.status === 402 ? 'card_error' : 'invalid_request_error', ...result.error } });
    return;
  }
  sendJson(res, 200, { session: render(context.state, session, []), redirect_url: successUrlFor(session) });
}

// Puts an existing customer on a test clock (Stripe only allows it at creation; tests of an
// app that creates its own customers need it later). Refused once the customer has a subscription.
async function setTestClock(context: StripeContext, res: ServerResponse, match: RegExpExecArray, json: () => Promise<Body>): Promise<void> {
  const body = await json();
  const { objects } = context.state;
  const customer = objects[match[1]!];
  const clockId = body['test_clock'];
  const clock = typeof clockId === 'string' ? objects[clockId] : undefined;
  const subscribed = Object.values(objects).some((o) => o.object === 'subscription' && o['customer'] === match[1]);
  if (!customer || customer.object !== 'customer' || !clock || clock.object !== 'test_helpers.test_clock' || subscribed) {
    sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs a known customer without subscriptions and {"test_clock": "clock_..."}' } });
    return;
  }
  customer['test_clock'] = clock.id;
  context.save();
  sendJson(res, 200, { customer: customer.id, test_clock: clock.id });
}

async function setCard(context: StripeContext, res: ServerResponse, match: RegExpExecArray, json: () => Promise<Body>): Promise<void> {
  const body = await json();
  if (!context.state.objects[match[1]!] || typeof body['card'] !== 'string') {
    sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs a known customer and {"card": "..."}' } });
    return;
  }
  context.state.cards[match[1]!] = body['card'].replace(/[\s-]/g, '');
  context.save();
  sendJson(res, 200, { customer: match[1], card: context.state.cards[match[1]!] });
}

async function addFault(context: StripeContext, res: ServerResponse, _match: RegExpExecArray, json: () => Promise<Body>): Promise<void> {
  const body = await json();
  const faultMethod = typeof body['method'] === 'string' ? body['method'].toUpperCase() : 'POST';
  const faultPath = body['path'];
  const times = body['times'] ?? 1;
  if (typeof faultPath !== 'string' || !faultPath.startsWith('/v1/') || typeof times !== 'number' || !Number.isInteger(times) || times < 1) {
    sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'needs {"path": "/v1/...", "method": "POST", "times": 1}' } });
    return;
  }
  context.faults.push({ method: faultMethod, path: faultPath, remaining: times });
  sendJson(res, 200, { method: faultMethod, path: faultPath, times });
}

async function releaseWebhooks(context: StripeContext, res: ServerResponse, _match: RegExpExecArray, json: () => Promise<Body>): Promise<void> {
  const body = await json();
  context.webhooks.holding = false;
  const held = context.state.deliveries.filter((d) => d.status === 'held');
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
  context.save();
  // One after another, so the receiver sees exactly this order.
  await context.webhooks.dispatch(ordered);
  sendJson(res, 200, { released: ordered.map((d) => d.eventId) });
}

async function redeliver(context: StripeContext, res: ServerResponse, match: RegExpExecArray): Promise<void> {
  const event = context.state.objects[match[1]!];
  if (!event || event.object !== 'event' || !context.webhookUrl) {
    sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'unknown event, or no webhook endpoint configured' } });
    return;
  }
  const delivery = context.webhooks.newDelivery(event);
  await context.webhooks.dispatch([delivery]);
  context.save();
  sendJson(res, 200, delivery);
}

function rank(order: string[], id: string): number {
  const index = order.indexOf(id);
  return index < 0 ? order.length : index;
}

const CONTROLS: Control[] = [
  { method: 'POST', path: /^\/__sim\/checkout\/sessions\/([\w]+)\/pay$/, run: payCheckout },
  { method: 'POST', path: /^\/__sim\/customers\/(cus_\w+)\/test_clock$/, run: setTestClock },
  { method: 'POST', path: /^\/__sim\/customers\/(cus_\w+)\/card$/, run: setCard },
  { method: 'POST', path: /^\/__sim\/faults$/, run: addFault },
  {
    method: 'GET',
    path: /^\/__sim\/webhooks$/,
    run: (context, res) => sendJson(res, 200, { endpoint: context.webhookUrl ?? null, holding: context.webhooks.holding, deliveries: context.state.deliveries }),
  },
  {
    method: 'POST',
    path: /^\/__sim\/webhooks\/hold$/,
    run: (context, res) => {
      context.webhooks.holding = true;
      sendJson(res, 200, { holding: context.webhooks.holding });
    },
  },
  { method: 'POST', path: /^\/__sim\/webhooks\/release$/, run: releaseWebhooks },
  { method: 'POST', path: /^\/__sim\/webhooks\/events\/(evt_\w+)\/deliver$/, run: redeliver },
];
