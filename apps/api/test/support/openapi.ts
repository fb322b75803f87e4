import { errorBody } from '@tradelist/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** The part of a JSON Schema (as OpenAPI prints the contract) that the fuzz tests read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minLength?: number;
  minimum?: number;
  default?: unknown;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One call of the public API as /api/openapi.json describes it. */
export interface ApiOperation {
  method: string;
  /** OpenAPI form: /api/latest-collection/{categoryId}/ */
  path: string;
  parameters: ApiParameter[];
  body: JsonSchema | undefined;
  /** An upload call's multipart/form-data body: the field that carries its one file. */
  upload: { field: string } | undefined;
}

/** Every call in the app's own OpenAPI document, so a new call is covered without editing tests. */
export async function apiOperations(t: TestApp): Promise<ApiOperation[]> {
  const response = await t.client().get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  const doc = response.json() as {
    paths: Record<string, Record<string, { parameters?: ApiParameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
      upload: uploadOf(operation.requestBody?.content['multipart/form-data']?.schema),
    })),
  );
}

/** The file field of a multipart body schema (its one required property). */
function uploadOf(schema: JsonSchema | undefined): ApiOperation['upload'] {
  const field = schema?.required?.[0];
  return field === undefined ? undefined : { field };
}

/** True when a schema admits a string (directly or as one branch of anyOf). */
export function acceptsString(schema: JsonSchema): boolean {
  return schema.type === 'string' || (schema.anyOf ?? []).some(acceptsString);
}

/** Percent-encodes a path segment byte by byte (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function encodePathSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** Fills an OpenAPI path template: `values` by name, every other parameter with `fallback`. */
export function fillPath(template: string, values: Record<string, string>, fallback: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? fallback);
}

/** Asserts that a refusal is a 4xx carrying the contract's error body. */
export function expectErrorBody(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  const parsed = errorBody.safeParse(response.json());
  expect(parsed.success, `${label}: ${response.body}`).toBe(true);
}

/** Collects the server's JSON log lines (pass as createTestApp's logStream). */
export class LogCapture {
  readonly lines: string[] = [];
  readonly stream = { write: (line: string) => void this.lines.push(line) };

  /** Log entries of a 5xx answer or at level error and above. */
  serverErrors(): string[] {
    return this.lines.filter((line) => {
      const entry = JSON.parse(line) as { level?: number; res?: { statusCode?: number } };
      return (entry.level ?? 0) >= 50 || (entry.res?.statusCode ?? 0) >= 500;
    });
  }
}
