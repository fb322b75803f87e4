import { errorBody, type ErrorBody, type ErrorCode } from '@tradelist/contract/errors';
import { storageKeys } from '@tradelist/contract/local-storage';
import type { z } from 'zod';
import { env } from '../config/env';
import { apiPaths } from '../config/paths';
import { readCookie } from './read-cookie';
import { readStoredValue } from './stored-session';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-2xx answer of the API, with the parsed contract error body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.error ?? `Request failed with status code ${status}`);
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
  method?: HttpMethod;
  body?: unknown;
  /** GET /logout/ is safe by method but still checked by the server's XSRF rule. */
  needsXsrfToken?: boolean;
  signal?: AbortSignal;
}

interface RequestOptions<T> extends SendOptions {
  /** Validates the 2xx answer; an empty (204) answer is parsed as `undefined`. */
  schema: z.ZodType<T>;
}

const safeMethods = new Set<HttpMethod>(['GET']);
const jsonAccept = 'application/json';
let pendingXsrfBootstrap: Promise<void> | null = null;

function currentXsrfToken(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, env.xsrfCookieName);
}

/** GET /api/config/ sets the XSRF-TOKEN cookie; run once when an unsafe call finds none (or a stale one). */
async function refreshXsrfToken(): Promise<void> {
  pendingXsrfBootstrap ??= fetch(env.apiBaseUrl + apiPaths.config, {
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

async function send(path: string, options: SendOptions, method: HttpMethod, accept: string): Promise<Response> {
  const headers = new Headers({ Accept: accept });
  const xsrfToken = currentXsrfToken();
  if (xsrfToken) headers.set(env.xsrfHeaderName, xsrfToken);
  const email = readStoredValue(storageKeys.email);
  if (email && isHeaderSafe(email)) headers.set(env.userEmailHeaderName, email);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(env.apiBaseUrl + path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** The one HTTP client: same-origin cookies, XSRF header, X-User-Email, contract-typed errors. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const needsXsrfToken = !safeMethods.has(method) || options.needsXsrfToken === true;
  if (needsXsrfToken && !currentXsrfToken()) await refreshXsrfToken();

  let response = await send(path, options, method, jsonAccept);
  let payload = await readJson(response);
  let failure = response.ok ? null : errorBody.safeParse(payload);

  // The token is bound to the session cookie; if that changed under us, fetch a fresh one once.
  if (needsXsrfToken && failure?.success && failure.data.code === 'CSRF_FAILED') {
    await refreshXsrfToken();
    response = await send(path, options, method, jsonAccept);
    payload = await readJson(response);
    failure = response.ok ? null : errorBody.safeParse(payload);
  }

  if (failure) throw new ApiError(response.status, failure.success ? failure.data : null);
  return options.schema.parse(payload);
}

/** True when a refused answer says the XSRF token no longer matches the session (read from a copy). */
async function isCsrfFailure(response: Response): Promise<boolean> {
  if (response.ok || !response.headers.get('Content-Type')?.includes('json')) return false;
  const parsed = errorBody.safeParse(await readJson(response.clone()));
  return parsed.success && parsed.data.code === 'CSRF_FAILED';
}

interface BinaryRequestOptions extends SendOptions {
  /** The media types the caller can read (the Accept header); a JSON error body may still come back. */
  accept: string;
}

/**
 * Same headers and XSRF handling as `apiRequest`, for answers that are files: resolves with the
 * untouched Response (any status) so the caller reads the body as a blob and classifies it.
 */
export async function apiRequestBinary(path: string, options: BinaryRequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const needsXsrfToken = !safeMethods.has(method) || options.needsXsrfToken === true;
  if (needsXsrfToken && !currentXsrfToken()) await refreshXsrfToken();

  const response = await send(path, options, method, options.accept);
  if (!needsXsrfToken || !(await isCsrfFailure(response))) return response;
  await refreshXsrfToken();
  return send(path, options, method, options.accept);
}
