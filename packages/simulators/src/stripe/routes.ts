// The REST API's routes: each Stripe endpoint the app calls, by method and path pattern, with
// its list filters; the rules live in the resource modules.
import { createPortalSession } from './billing-portal.ts';
import { createPrice, createProduct, updatePrice, updateProduct } from './catalog.ts';
import { createCheckoutSession, expireCheckoutSession, expireIfDue, payCheckoutSession } from './checkout-sessions.ts';
import type { StripeContext } from './context.ts';
import { createCustomer, updateCustomer } from './customers.ts';
import type { StripeList } from './engine.ts';
import { render } from './expand.ts';
import { expansions, invalid, str, StripeApiError, type Params } from './params.ts';
import { createRefund } from './refunds.ts';
import type { StripeObject } from './store.ts';
import { cancelSubscription, updateSubscription } from './subscriptions.ts';
import { advanceTestClock, createTestClock } from './test-clocks.ts';

/** Path segments that name resources or actions; any other segment is an id. */
const RESOURCE_WORDS = new Set([
  'customers', 'products', 'prices', 'checkout', 'sessions', 'line_items', 'expire', 'subscriptions', 'invoices',
  'invoice_payments', 'payment_intents', 'charges', 'refunds', 'billing_portal', 'test_helpers', 'test_clocks', 'advance', 'events',
]);

/** One API call as a route sees it. */
interface Call {
  context: StripeContext;
  params: Params;
  /** The id in the path, for routes with one. */
  id: string;
  /** An object as answered, with the request's `expand[]`. */
  out(object: StripeObject): unknown;
  /** A list page as answered, with the request's `expand[]=data.*`. */
  listOut(page: StripeList): unknown;
}

type Route = (call: Call) => unknown;

/** Refuses any parameter but `expand`, as Stripe does on a retrieve. */
function noParams(params: Params): void {
  const unknown = Object.keys(params).find((k) => k !== 'expand');
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
}

/** A retrieve route for one kind of object. */
function retrieve(object: string, kind = object): Route {
  return ({ context, params, id, out }) => {
    noParams(params);
    return out(context.engine.get(id, object, kind));
  };
}

/** A list route with equality filters: each named parameter, when given, must match the field. */
function listWhere(object: string, url: string, fields: string[]): Route {
  return ({ context, params, listOut }) => {
    const wanted = fields.map((field) => [field, str(params, field)] as const);
    // A boolean field matches its spelling in the query (`active=true`).
    const matches = (item: StripeObject, field: string, value: string): boolean => (typeof item[field] === 'boolean' ? String(item[field]) : item[field]) === value;
    return listOut(context.engine.list(object, url, params, (item) => wanted.every(([field, value]) => value === undefined || matches(item, field, value))));
  };
}

const customerRoutes: Record<string, Route> = {
  'POST customers': ({ context, params, out }) => out(createCustomer(context.engine, params)),
  'GET customers': listWhere('customer', '/v1/customers', ['email']),
  'GET customers/:id': retrieve('customer'),
  'POST customers/:id': ({ context, params, id, out }) => out(updateCustomer(context.engine, id, params)),
  'POST billing_portal/sessions': ({ context, params, out }) => out(createPortalSession(context.engine, params)),
};

const catalogRoutes: Record<string, Route> = {
  'GET products': listWhere('product', '/v1/products', ['active']),
  'GET products/:id': retrieve('product'),
  'POST products': ({ context, params, out }) => out(createProduct(context.engine, params)),
  'POST products/:id': ({ context, params, id, out }) => out(updateProduct(context.engine, id, params)),
  'POST prices': ({ context, params, out }) => out(createPrice(context.engine, params)),
  'POST prices/:id': ({ context, params, id, out }) => out(updatePrice(context.engine, id, params)),
  'GET prices': ({ context, params, listOut }) => {
    const product = str(params, 'product');
    const active = str(params, 'active');
    const type = str(params, 'type');
    // lookup_keys[]=a&lookup_keys[]=b, or lookup_keys[0]=a as the SDK sends it.
    const lookupKeys = params['lookup_keys'];
    const keys = lookupKeys === undefined ? undefined : (typeof lookupKeys === 'string' ? [lookupKeys] : Array.isArray(lookupKeys) ? lookupKeys : Object.values(lookupKeys)).map(String);
    return listOut(context.engine.list('price', '/v1/prices', params, (p) =>
      (product === undefined || p['product'] === product) && (active === undefined || String(p['active']) === active) && (type === undefined || p['type'] === type) &&
      (keys === undefined || keys.includes(String(p['lookup_key'])))));
  },
  'GET prices/:id': retrieve('price'),
};

const checkoutRoutes: Record<string, Route> = {
  'POST checkout/sessions': ({ context, params, out }) => out(createCheckoutSession(context.engine, params)),
  'GET checkout/sessions': ({ context, params, listOut }) => {
    const customer = str(params, 'customer');
    const subscription = str(params, 'subscription');
    const intent = str(params, 'payment_intent');
    const status = str(params, 'status');
    if (status !== undefined && !['open', 'complete', 'expired'].includes(status)) {
      throw invalid(`Invalid status: must be one of open, complete, or expired`, 'status');
    }
    // A session whose time is up is listed as expired, as a read of it says.
    for (const session of Object.values(context.state.objects)) if (session.object === 'checkout.session') expireIfDue(context.engine, session);
    return listOut(context.engine.list('checkout.session', '/v1/checkout/sessions', params, (s) =>
      (customer === undefined || s['customer'] === customer) && (subscription === undefined || s['subscription'] === subscription) &&
      (intent === undefined || s['payment_intent'] === intent) && (status === undefined || s['status'] === status)));
  },
  'GET checkout/sessions/:id': ({ context, params, id, out }) => {
    noParams(params);
    const session = context.engine.get(id, 'checkout.session', 'checkout.session');
    expireIfDue(context.engine, session);
    return out(session);
  },
  'GET checkout/sessions/:id/line_items': ({ context, id }) => {
    const session = context.engine.get(id, 'checkout.session', 'checkout.session');
    return { object: 'list', data: context.state.lineItems[session.id] ?? [], has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
  },
  'POST checkout/sessions/:id/expire': ({ context, id, out }) => {
    // A payment the customer submitted before the expiry reached Stripe completes first; the
    // expiry then meets a complete session and is refused.
    const inFlight = context.paymentsInFlight.get(id);
    if (inFlight) {
      context.paymentsInFlight.delete(id);
      payCheckoutSession(context.engine, id, inFlight.card, inFlight.email);
    }
    return out(expireCheckoutSession(context.engine, id));
  },
};

const billingRoutes: Record<string, Route> = {
  'GET subscriptions': ({ context, params, listOut }) => {
    const customer = str(params, 'customer');
    const status = str(params, 'status');
    return listOut(context.engine.list('subscription', '/v1/subscriptions', params, (s) =>
      (customer === undefined || s['customer'] === customer) && (status === 'all' || (status === undefined ? s['status'] !== 'canceled' : s['status'] === status))));
  },
  'GET subscriptions/:id': retrieve('subscription'),
  'POST subscriptions/:id': ({ context, params, id, out }) => out(updateSubscription(context.engine, id, params)),
  'DELETE subscriptions/:id': ({ context, params, id, out }) => out(cancelSubscription(context.engine, id, params)),
  'GET invoices': ({ context, params, listOut }) => {
    const customer = str(params, 'customer');
    const subscription = str(params, 'subscription');
    const status = str(params, 'status');
    return listOut(context.engine.list('invoice', '/v1/invoices', params, (i) =>
      (customer === undefined || i['customer'] === customer) &&
      (subscription === undefined || (i['parent'] as { subscription_details?: { subscription: string } } | null)?.subscription_details?.subscription === subscription) &&
      (status === undefined || i['status'] === status)));
  },
  'GET invoices/:id': retrieve('invoice'),
  'GET invoice_payments': ({ context, params }) => {
    const invoiceId = str(params, 'invoice');
    const invoices = Object.values(context.state.objects).filter((o) => o.object === 'invoice' && (invoiceId === undefined || o.id === invoiceId));
    const data = invoices.flatMap((i) => (i['payments'] as { data: StripeObject[] }).data).sort((x, y) => (y['created'] as number) - (x['created'] as number));
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  },
  'GET payment_intents/:id': retrieve('payment_intent'),
  'GET charges/:id': retrieve('charge'),
  'POST refunds': ({ context, params, out }) => out(createRefund(context.engine, params)),
  'GET refunds': listWhere('refund', '/v1/refunds', ['charge', 'payment_intent']),
  'GET refunds/:id': retrieve('refund'),
};

const testHelperRoutes: Record<string, Route> = {
  'POST test_helpers/test_clocks': ({ context, params, out }) => out(createTestClock(context.engine, params)),
  'GET test_helpers/test_clocks/:id': retrieve('test_helpers.test_clock', 'test clock'),
  'POST test_helpers/test_clocks/:id/advance': ({ context, params, id, out }) => out(advanceTestClock(context.engine, id, params)),
  'GET events': listWhere('event', '/v1/events', ['type']),
  'GET events/:id': retrieve('event'),
};

const ROUTES: Record<string, Route> = { ...customerRoutes, ...catalogRoutes, ...checkoutRoutes, ...billingRoutes, ...testHelperRoutes };

/** Answers an API call, or throws the StripeApiError Stripe would answer. */
export function route(context: StripeContext, method: string, path: string, params: Params): unknown {
  const expand = expansions(params);
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
  const handler = Object.hasOwn(ROUTES, `${method} ${pattern}`) ? ROUTES[`${method} ${pattern}`] : undefined;
  if (!handler) {
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }
  const inner = expand.filter((p) => p.startsWith('data.')).map((p) => p.slice('data.'.length));
  return handler({
    context,
    params,
    id: ids[0]!,
    out: (object) => render(context.state, object, expand),
    listOut: (page) => ({ ...page, data: page.data.map((item) => render(context.state, item, inner)) }),
  });
}
