import { api } from '@tradelist/contract/api';
import { buildEndpointPath, needsXsrfToken, type CallInput, type Endpoint, type HttpMethod, type ResponseOf } from '@tradelist/contract/endpoint';
import { errorBody, type ErrorBody, type ErrorCode } from '@tradelist/contract/errors';
import { storageKeys } from '@tradelist/contract/local-storage';
import { config as configureZod } from 'zod';
import { env } from '../config/env';
import { serverErrorLines } from './error-messages';
import { readCookie } from './read-cookie';
import { readStoredValue } from './stored-session';

// The server's CSP has no 'unsafe-eval': keep zod from probing `new Function` (the contract's
// schemas parse every answer here; the forms' schemas load after this module).
configureZod({ jitless: true });

/** A non-2xx answer of the API, with the parsed contract error body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    // A refusal with field errors names its first field by the wire name in `error`; the message
    // people may see says it without that name (product §5.1).
    super((body ? serverErrorLines(body, {})[0] : undefined) ?? `Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The stable error code, when the body carried one. */
  get code(): ErrorCode | null {
    return this.body?.code ?? null;
  }
}

/** True when `error` is an API answer (as opposed to a network failure or a bug). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface SendOptions {
  method: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

const jsonAccept = 'application/json';
let pendingXsrfBootstrap: Promise<void> | null = null;

function currentXsrfToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, env.xsrfCookieName);
}

/** GET /api/config/ sets the XSRF-TOKEN cookie; run once when an unsafe call finds none (or a stale one). */
async function refreshXsrfToken(): Promise<void> {
  pendingXsrfBootstrap ??= fetch(api.config.publicConfig.path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      pendingXsrfBootstrap = null;
    });
  await pendingXsrfBootstrap;
}

/** Header values must be ISO-8859-1; an address outside it cannot be sent and is left out. */
function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e]+$/.test(value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(url: string, options: SendOptions, accept: string): Promise<Response> {
  const headers = new Headers({ Accept: accept });
  const xsrfToken = currentXsrfToken();
  if (xsrfToken) headers.set(env.xsrfHeaderName, xsrfToken);
  const email = readStoredValue(storageKeys.email);
  if (email && isHeaderSafe(email)) headers.set(env.userEmailHeaderName, email);
  // A form (an upload) sets its own multipart type and boundary; everything else is JSON.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  return fetch(url, {
    method: options.method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** Options of one call besides its contract input. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The URL of a call: its contract path with the parameters filled in, and its query string. */
function urlOf(endpoint: Endpoint, input: { params?: unknown; query?: unknown }): string {
  const path = buildEndpointPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  const query = input.query as Record<string, string | number | boolean | null | undefined> | undefined;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The one HTTP client: calls a contract endpoint with same-origin cookies, the XSRF header and
 * X-User-Email, validates a success answer against the endpoint's response schema and turns a
 * failure into an ApiError carrying the contract error body.
 */
export async function callApi<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<ResponseOf<E>> {
  return callWithBody(endpoint, input, input.body, options);
}

/**
 * `callApi` for a call that uploads a file (`upload` in its contract definition): the file goes
 * as multipart/form-data in the call's field; the answer and errors are handled the same way.
 */
export async function callApiUpload<E extends Endpoint & { upload: { field: string } }>(endpoint: E, input: CallInput<E>, file: Blob, options: CallOptions = {}): Promise<ResponseOf<E>> {
  const form = new FormData();
  form.append(endpoint.upload.field, file);
  return callWithBody(endpoint, input, form, options);
}

async function callWithBody<E extends Endpoint>(endpoint: E, input: CallInput<E>, body: unknown, options: CallOptions): Promise<ResponseOf<E>> {
  const xsrf = needsXsrfToken(endpoint);
  if (xsrf && !currentXsrfToken()) await refreshXsrfToken();
  const url = urlOf(endpoint, input);
  const sendOptions: SendOptions = { method: endpoint.method, body, signal: options.signal };

  let response = await send(url, sendOptions, jsonAccept);
  let payload = await readJson(response);
  let failure = response.ok ? null : errorBody.safeParse(payload);

  // The token is bound to the session cookie; if that changed under us, fetch a fresh one once.
  if (xsrf && failure?.success && failure.data.code === 'CSRF_FAILED') {
    await refreshXsrfToken();
    response = await send(url, sendOptions, jsonAccept);
    payload = await readJson(response);
    failure = response.ok ? null : errorBody.safeParse(payload);
  }

  if (failure) throw new ApiError(response.status, failure.success ? failure.data : null);
  const schema = endpoint.response[response.status as keyof typeof endpoint.response];
  if (!schema) throw new ApiError(response.status, null);
  // A 204 has no body; its schema (null) is given null rather than undefined.
  return schema.parse(response.status === 204 ? null : payload) as ResponseOf<E>;
}

/** True when a refused answer says the XSRF token no longer matches the session (read from a copy). */
async function isCsrfFailure(response: Response): Promise<boolean> {
  if (response.ok || !response.headers.get('Content-Type')?.includes('json')) return false;
  const parsed = errorBody.safeParse(await readJson(response.clone()));
  return parsed.success && parsed.data.code === 'CSRF_FAILED';
}

/**
 * Same headers and XSRF handling as `callApi`, for calls whose answer is a file: resolves with the
 * untouched Response (any status) so the caller reads the body as a blob and classifies it.
 */
export async function callApiForFile<E extends Endpoint & { file: { mediaTypes: readonly string[] } }>(endpoint: E, input: CallInput<E>): Promise<Response> {
  const xsrf = needsXsrfToken(endpoint);
  if (xsrf && !currentXsrfToken()) await refreshXsrfToken();
  const url = urlOf(endpoint, input);
  // JSON is accepted too, with a lower weight: a refusal comes back as the contract error body.
  const accept = [...endpoint.file.mediaTypes, 'application/json;q=0.9'].join(', ');
  const sendOptions: SendOptions = { method: endpoint.method, body: input.body };
  const response = await send(url, sendOptions, accept);
  if (!xsrf || !(await isCsrfFailure(response))) return response;
  await refreshXsrfToken();
  return send(url, sendOptions, accept);
}
