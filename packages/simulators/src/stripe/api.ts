// The REST API's envelope: the secret key check, idempotency keys (answers replayed for 24
// hours), the server errors tests ask for, then the route, saving and webhook dispatch.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http-helpers.ts';
import type { StripeContext } from './context.ts';
import { newId, STRIPE_API_VERSION } from './engine.ts';
import { isValidationError, parseForm, StripeApiError } from './params.ts';
import { route } from './routes.ts';
import type { StripeState } from './store.ts';

/** The largest request body the simulator reads. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Sent with a 500 whose result is kept for its idempotency key: a retry with the same key would
 * only get the same 500 (the `stripe` SDK reads this header and then does not retry).
 */
const SHOULD_NOT_RETRY = { 'stripe-should-retry': 'false' } as const;

/** A request as the envelope sees it. */
interface ApiRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  idempotencyKey: string | null;
  /** Where the answer is kept: the key and the idempotency key, or null without one. */
  storeKey: string | null;
  fingerprint: string;
}

/** Answers one request under `/v1/`. */
export async function answerApi(context: StripeContext, req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
  const requestId = newId('req', 14);
  const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': STRIPE_API_VERSION };
  const body = method === 'POST' ? await readBody(req, BODY_LIMIT) : '';
  const key = apiKey(req);
  if (typeof key !== 'string') {
    sendJson(res, 401, key.toJSON(), { ...headers, 'www-authenticate': 'Bearer realm="Stripe"' });
    return;
  }
  const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
  const request: ApiRequest = {
    method,
    path: url.pathname,
    headers,
    idempotencyKey,
    storeKey: idempotencyKey === null ? null : `${key}\u0000${idempotencyKey}`,
    fingerprint: createHash('sha256').update(`${method} ${url.pathname}\n${body}`).digest('hex'),
  };
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  if (replayed(context, request, res)) return;
  const fault = context.faults.find((f) => f.method === method && f.path === url.pathname && f.remaining > 0);
  if (fault) {
    // A failure inside the endpoint: nothing changes, and the 500 is kept for the idempotency
    // key like any answer once execution began, so a retry with the same key gets it again.
    fault.remaining -= 1;
    const answer = new StripeApiError(500, 'api_error', 'An unknown error occurred').toJSON();
    if (request.storeKey !== null) {
      keepAnswer(context.state, request, 500, answer);
      context.save();
    }
    context.onApiResponse?.({ method, path: url.pathname, status: 500, body: answer });
    sendJson(res, 500, answer, { ...headers, ...SHOULD_NOT_RETRY });
    return;
  }
  run(context, request, res, method === 'POST' ? body : url.search.slice(1), requestId);
}

/** Answers a request whose idempotency key was used before: its answer again, or a 400 for other parameters. */
function replayed(context: StripeContext, request: ApiRequest, res: ServerResponse): boolean {
  if (request.storeKey === null) return false;
  const earlier = context.state.idempotency[request.storeKey];
  if (earlier && earlier.fingerprint !== request.fingerprint) {
    const error = new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`);
    sendJson(res, 400, error.toJSON(), request.headers);
    return true;
  }
  if (!earlier) return false;
  context.onApiResponse?.({ method: request.method, path: request.path, status: earlier.status, body: earlier.body });
  sendJson(res, earlier.status, earlier.body, { ...request.headers, 'idempotent-replayed': 'true', ...(earlier.status >= 500 ? SHOULD_NOT_RETRY : {}) });
  return true;
}

/** Routes the request, keeps its answer for its key, saves, answers, then sends its events. */
function run(context: StripeContext, request: ApiRequest, res: ServerResponse, form: string, requestId: string): void {
  let status = 200;
  let answer: unknown;
  let keep = true;
  context.events.begin({ id: requestId, idempotencyKey: request.idempotencyKey });
  let created;
  try {
    answer = route(context, request.method, request.path, parseForm(form));
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    status = error.status;
    answer = error.toJSON();
    keep = !isValidationError(error);
  } finally {
    created = context.events.end();
  }
  if (request.storeKey !== null && keep) keepAnswer(context.state, request, status, answer);
  // A read changes nothing unless it found an expired checkout session.
  if (request.method !== 'GET' || created.length > 0) context.save();
  context.onApiResponse?.({ method: request.method, path: request.path, status, body: answer });
  sendJson(res, status, answer, request.headers);
  void context.webhooks.dispatch(created);
}

/** Keeps an answer for the request's idempotency key; Stripe forgets keys after 24 hours. */
function keepAnswer(state: StripeState, request: ApiRequest, status: number, body: unknown): void {
  const cutoff = Date.now() - 24 * 3600 * 1000;
  for (const [key, answer] of Object.entries(state.idempotency)) {
    if (answer.at < cutoff) delete state.idempotency[key];
  }
  state.idempotency[request.storeKey!] = { fingerprint: request.fingerprint, status, body, at: Date.now() };
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
