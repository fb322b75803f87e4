import { sessionUser } from '@tradelist/contract/accounts';
import { describe, expect, test } from 'vitest';
import { registeredRoutes } from './support/routes.ts';
import { type TestApp } from './support/test-app.ts';
import { setUpApiTest } from './support/api-test.ts';

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  const response = await t.client().get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  doc = response.json();
});

const bodyOf = (path: string, method = 'post') => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  test('is an OpenAPI 3 document whose server is APP_URL', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: t.config.appUrl }]);
  });

  test('lists every /api route the app registered, with its methods (the document itself aside)', () => {
    const registered = registeredRoutes(t.app)
      // Hidden on purpose: the document itself and the operator's loopback-only command call.
      .filter((route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && route.url !== '/api/admin/cli/')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
  });

  test('has the product §7 account calls of this issue', () => {
    const expected: Array<[string, string]> = [
      ['post', '/api/register/'],
      ['post', '/api/activate/'],
      ['post', '/api/login_page/'],
      ['post', '/api/google-login/'],
      ['get', '/api/logout/'],
      ['post', '/api/request-password-reset/'],
      ['post', '/api/reset-password/'],
      ['post', '/api/resend-activation/'],
      ['get', '/api/me/'],
      ['get', '/api/config/'],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  test('request bodies carry the contract fields, spelled as product §7 spells them', () => {
    const expected: Record<string, string[]> = {
      '/api/register/': ['username', 'email', 'password', 'password2'],
      '/api/activate/': ['uid', 'token'],
      '/api/login_page/': ['email', 'password'],
      '/api/google-login/': ['token'],
      '/api/request-password-reset/': ['email'],
      '/api/reset-password/': ['uid', 'token', 'new_password1', 'new_password2'],
      '/api/resend-activation/': ['email'],
    };
    for (const [path, fields] of Object.entries(expected)) {
      const schema = bodyOf(path);
      expect(Object.keys(schema?.properties ?? {}).sort(), path).toEqual([...fields].sort());
      expect([...(schema?.required ?? [])].sort(), path).toEqual([...fields].sort());
    }
    const register = bodyOf('/api/register/')!.properties as Record<string, { minLength?: number; maxLength?: number }>;
    expect(register.password).toMatchObject({ minLength: 8, maxLength: 128 });
  });

  test('the login answer is the session user, and errors are documented', () => {
    const login = doc.paths['/api/login_page/']!.post!;
    const schema = login.responses['200']!.content!['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(Object.keys(sessionUser.shape).sort());
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '401', '403', '429']);
    const errorSchema = login.responses['401']!.content!['application/json']!.schema;
    expect(Object.keys(errorSchema.properties ?? {}).sort()).toEqual(['code', 'error', 'fields', 'request_id', 'sync_id']);
    expect(JSON.stringify(doc)).not.toMatch(/password_hash|google_subject/);
  });
});
