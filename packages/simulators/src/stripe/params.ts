// Stripe's request encoding: form bodies and query strings with bracketed keys
// (`line_items[0][price]`, `metadata[plan]`, `expand[]`), read into nested objects and arrays,
// plus typed readers that answer invalid values with Stripe's 400 errors.

/** A decoded parameter: a string, a list or a nested hash. */
export type Param = string | Param[] | Params;
/** Decoded top-level parameters. */
export interface Params {
  [key: string]: Param;
}

/** An error answered in Stripe's shape `{error: {type, code, message, param}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The JSON body Stripe sends with this error. */
  toJSON(): { error: Record<string, unknown> } {
    return {
      error: {
        ...(this.code ? { code: this.code } : {}),
        ...(this.code ? { doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
        ...this.extra,
      },
    };
  }
}

/**
 * Error codes of a request whose parameters failed validation: Stripe saves no idempotent result
 * for it, since no endpoint began executing (docs.stripe.com/idempotency), so a corrected retry
 * with the same key runs.
 */
const VALIDATION_CODES = new Set(['parameter_invalid', 'parameter_invalid_integer', 'parameter_missing', 'parameter_unknown', 'url_invalid']);

/** Whether an error is a parameter validation failure (not kept for its idempotency key). */
export function isValidationError(error: StripeApiError): boolean {
  return error.status === 400 && error.type === 'invalid_request_error' && error.code !== undefined && VALIDATION_CODES.has(error.code);
}

/** 400 invalid_request_error. */
export function invalid(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

/** 404 resource_missing, as for an unknown id in the path. */
export function missing(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param ?? 'id');
}

/** Decodes `application/x-www-form-urlencoded` text with Stripe's bracket notation. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const head = /^[^[]*/.exec(rawKey)![0];
    const segments = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)];
    let node: Params = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      // `[]` appends: give it the next free numeric index.
      const key = segment === '' && index > 0 ? String(Object.keys(node).length) : segment;
      if (last) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
        node = node[key] as Params;
      }
    });
  }
  return arraysFromIndexes(root) as Params;
}

/** Hashes whose keys are all indexes (`0`, `1`, …) become arrays, in index order. */
function arraysFromIndexes(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]!);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

/** Refuses parameters the endpoint does not know, as Stripe does. */
export function allowOnly(params: Params, known: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

/** An optional string parameter. */
export function str(params: Params, name: string, label = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${label} must be a string`, label);
  return value;
}

/** A required, non-empty string parameter. */
export function requiredStr(params: Params, name: string, label = name): string {
  const value = str(params, name, label);
  if (value === undefined || value === '') {
    throw invalid(`Missing required param: ${label}.`, label, 'parameter_missing');
  }
  return value;
}

/** An optional boolean parameter (`true` or `false`). */
export function bool(params: Params, name: string, label = name): boolean | undefined {
  const value = str(params, name, label);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, label);
  return value === 'true';
}

/** An optional non-negative integer parameter. */
export function int(params: Params, name: string, label = name): number | undefined {
  const value = str(params, name, label);
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, label, 'parameter_invalid_integer');
  return Number(value);
}

/** An optional nested hash parameter. */
export function hash(params: Params, name: string, label = name): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid hash`, label);
  return value;
}

/** An optional list parameter. */
export function list(params: Params, name: string, label = name): Param[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array`, label);
  return value;
}

/**
 * Applies `metadata[...]` to existing metadata with Stripe's rules: at most 50 keys, keys up to
 * 40 characters, values up to 500, and an empty value removes the key.
 */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const input = params['metadata'];
  if (input === undefined) return current;
  if (input === '') return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw invalid('Invalid hash', 'metadata');
  const merged = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') throw invalid('Invalid value: metadata values must be strings', `metadata[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can have a maximum length of 40 characters.', `metadata[${key}]`);
    if (value.length > 500) throw invalid('Metadata values can have a maximum length of 500 characters.', `metadata[${key}]`);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > 50) throw invalid('Metadata can have a maximum of 50 keys.', 'metadata');
  return merged;
}

/** The `expand[]` paths of a request. */
export function expansions(params: Params): string[] {
  const value = params['expand'];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) throw invalid('Invalid array', 'expand');
  return value as string[];
}

/** Stripe refuses redirect URLs that are not absolute http(s) URLs. */
export function checkUrl(value: string, param: string): void {
  let url: URL;
  try {
    url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
  } catch {
    throw invalid('Not a valid URL', param, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('Not a valid URL', param, 'url_invalid');
}

