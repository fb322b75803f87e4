// The hosted pages' HTTP side: the checkout page (and paying on it), the billing portal and its
// actions, invoices and receipts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendEmpty, sendHtml } from '../http-helpers.ts';
import { BODY_LIMIT } from './api.ts';
import { expireIfDue, payCheckoutSession, successUrlFor } from './checkout-sessions.ts';
import { mutate, type StripeContext } from './context.ts';
import { checkoutPage, invoicePage, messagePage, portalPage, receiptPage } from './pages.ts';
import { StripeApiError } from './params.ts';
import { updateSubscription } from './subscriptions.ts';

/** Answers a hosted page's request; false when the path is none of theirs. */
export async function answerHostedPage(context: StripeContext, req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<boolean> {
  let match = /^\/checkout\/([\w]+)$/.exec(path);
  if (match) {
    await checkout(context, req, res, method, match[1]!);
    return true;
  }
  match = /^\/billing_portal\/(bps_\w+)$/.exec(path);
  if (match && method === 'GET') {
    portal(context, res, match[1]!);
    return true;
  }
  match = /^\/billing_portal\/(bps_\w+)\/subscriptions\/(sub_\w+)$/.exec(path);
  if (match && method === 'POST') {
    await portalAction(context, req, res, match[1]!, match[2]!);
    return true;
  }
  match = /^\/invoices\/(in_\w+)$/.exec(path);
  if (match && method === 'GET') {
    const invoice = context.state.objects[match[1]!];
    if (invoice?.object === 'invoice') sendHtml(res, 200, invoicePage(invoice));
    else sendHtml(res, 404, messagePage('Not found', 'This invoice does not exist.'));
    return true;
  }
  match = /^\/receipts\/(ch_\w+)$/.exec(path);
  if (match && method === 'GET') {
    const charge = context.state.objects[match[1]!];
    if (charge?.object === 'charge') sendHtml(res, 200, receiptPage(charge));
    else sendHtml(res, 404, messagePage('Not found', 'This receipt does not exist.'));
    return true;
  }
  return false;
}

async function checkout(context: StripeContext, req: IncomingMessage, res: ServerResponse, method: string, id: string): Promise<void> {
  const session = context.state.objects[id];
  if (!session || session.object !== 'checkout.session') {
    sendHtml(res, 404, messagePage('Not found', 'This checkout session does not exist.'));
    return;
  }
  if (method === 'GET') {
    if (session['status'] === 'open') mutate(context, () => expireIfDue(context.engine, session));
    sendHtml(res, 200, checkoutPage(session, context.state.lineItems[id] ?? []));
    return;
  }
  if (method !== 'POST') {
    sendEmpty(res, 405, { allow: 'GET, POST' });
    return;
  }
  const form = new URLSearchParams(await readBody(req, BODY_LIMIT));
  const card = form.get('card') ?? '';
  const result = pay(context, id, card, form.get('email') ?? undefined);
  if (result.error) {
    sendHtml(res, result.status, checkoutPage(session, context.state.lineItems[id] ?? [], result.error.message, card));
    return;
  }
  sendEmpty(res, 303, { location: successUrlFor(session) });
}

/** Pays a session as the page or the control does; saves and dispatches its events. */
export function pay(context: StripeContext, id: string, card: string, email?: string): { status: number; error?: { code: string; decline_code: string | null; message: string } } {
  try {
    const error = mutate(context, () => payCheckoutSession(context.engine, id, card, email));
    if (error) return { status: 402, error: { code: error.code, decline_code: error.declineCode, message: error.message } };
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return { status: error.status, error: { code: error.code ?? 'invalid', decline_code: null, message: error.message } };
  }
}

function portal(context: StripeContext, res: ServerResponse, id: string): void {
  const { state } = context;
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

async function portalAction(context: StripeContext, req: IncomingMessage, res: ServerResponse, portalId: string, subscriptionId: string): Promise<void> {
  const session = context.state.objects[portalId];
  const subscription = context.state.objects[subscriptionId];
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
    mutate(context, () => updateSubscription(context.engine, subscriptionId, { cancel_at_period_end: action === 'cancel' ? 'true' : 'false' }));
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    sendHtml(res, error.status, messagePage('Not possible', error.message));
    return;
  }
  sendEmpty(res, 303, { location: `/billing_portal/${portalId}` });
}
