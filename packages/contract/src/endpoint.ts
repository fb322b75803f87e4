import type { z } from 'zod';

/**
 * Who may make a call. The server registers each call in the Fastify context of its access
 * (apps/api/src/http/contexts.ts); OpenAPI lists it as the call's security requirement.
 * - public: anyone; unsafe methods still need the XSRF token of the visitor's session.
 * - user: a signed-in user (401 otherwise).
 * - operator: a signed-in operator (401 for a visitor, 403 for any other user).
 * - webhook: a provider; no session or XSRF token, the provider's signature instead.
 */
export const accessLevels = ['public', 'user', 'operator', 'webhook'] as const;
export type Access = (typeof accessLevels)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The failure statuses a call can answer, each with the one error body (errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

type SuccessStatus = 200 | 201 | 202 | 204;

/** One call of the API: everything both sides need to know about it, written once. */
export interface Endpoint {
  method: HttpMethod;
  /** The wire path, spelled as the product reference spells it, with `:name` parameters. */
  path: `/api/${string}`;
  access: Access;
  /** Grouping in the OpenAPI document (the API module that serves the call). */
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer: its status and schema (`z.null()` for 204). */
  response: Partial<Record<SuccessStatus, z.ZodType>>;
  errors: readonly ErrorStatus[];
  /** The success answer is a file of one of these media types, or a JSON error. */
  file?: { mediaTypes: readonly string[] };
  /**
   * The call takes a multipart/form-data body with one file in `field`, at most `maxBytes`
   * (413 beyond); the only calls that take anything else than JSON (product §7.1).
   */
  upload?: { field: string; maxBytes: number };
  /** A GET that changes state (logout): the XSRF header is required as for unsafe methods. */
  needsXsrfToken?: boolean;
}

/** Declares a call; `const` keeps the literal path and schemas for the typed client and routes. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The status of a call's success answer. */
export type SuccessStatusOf<E extends Endpoint> = keyof E['response'] & SuccessStatus;

/** What a successful call answers (parsed). */
export type ResponseOf<E extends Endpoint> = Infer<E['response'][SuccessStatusOf<E>]>;

/** Parsed path parameters, query and body, as the server's handler receives them. */
export type ParamsOf<E extends Endpoint> = Infer<E['params']>;
export type QueryOf<E extends Endpoint> = Infer<E['query']>;
export type BodyOf<E extends Endpoint> = Infer<E['body']>;

/** What a caller passes: only the parts the call has, in their input (unparsed) shape. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: InferInput<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: InferInput<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: InferInput<E['body']> } : { body?: undefined });

/** Fills `:name` parameters of a path, encoded; a missing parameter is a programming error. */
export function buildEndpointPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** True when a caller must send the X-XSRF-TOKEN header. */
export function needsXsrfToken(endpoint: Endpoint): boolean {
  return endpoint.method !== 'GET' || endpoint.needsXsrfToken === true;
}
