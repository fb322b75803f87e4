import { createHmac } from 'node:crypto';
import { api } from '@tradelist/contract/api';
import type { Endpoint } from '@tradelist/contract/endpoint';
import { describe, expect, test } from 'vitest';
import { AppError } from '../src/errors.ts';
import { registerWebhookContext } from '../src/http/contexts.ts';
import { setUpApiTest } from './support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from './support/catalog.ts';
import { registeredRoutes } from './support/routes.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const endpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group));

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

/** A signed-in client whose user has the given role. */
async function signedIn(role: 'user' | 'operator', label: string) {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  await t.database.db.updateTable('users').set({ role }).where('id', '=', userId!).execute();
  return client;
}

/** A request that satisfies the call's parameters with a harmless value (the access check comes first). */
function sampleUrl(endpoint: Endpoint): string {
  return endpoint.path.replace(/:(\w+)/g, '1');
}

describe('the contract of endpoints', () => {
  test('every call of the contract is registered, and every registered /api route is in the contract', () => {
    const contract = endpoints.map((e) => `${e.method} ${e.path}`).sort();
    const registered = registeredRoutes(t.app)
      // Not browser calls: the document itself and the operator CLI's loopback call.
      .filter((route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && route.url !== '/api/admin/cli/')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(contract);
  });

  test('OpenAPI states who may make each call', async () => {
    const doc = (await t.client().get('/api/openapi.json')).json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const expected = { public: [], user: [{ session: [] }], operator: [{ session: ['operator'] }], webhook: [{ providerSignature: [] }] };
    for (const endpoint of endpoints) {
      const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation?.security, `${endpoint.method} ${endpoint.path}`).toEqual(expected[endpoint.access]);
    }
  });

  test('a visitor gets 401 from every user and operator call, before the body is looked at', async () => {
    const visitor = t.client();
    for (const endpoint of endpoints.filter((e) => e.access === 'user' || e.access === 'operator')) {
      const response = await visitor.request(endpoint.method, sampleUrl(endpoint), endpoint.method === 'GET' ? {} : { body: { nonsense: true } });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  test('a signed-in user or subscriber who is not an operator gets 403 from every operator call; an operator gets the answer', async () => {
    const user = await signedIn('user', 'not-operator');
    const { client: subscriber } = await clientFor(t, fixture, 'subscriber', 'subscriber-not-operator');
    const operator = await signedIn('operator', 'operator');
    for (const endpoint of endpoints.filter((e) => e.access === 'operator')) {
      for (const [who, client] of [['user', user], ['subscriber', subscriber]] as const) {
        const refused = await client.request(endpoint.method, sampleUrl(endpoint), endpoint.method === 'GET' ? {} : { body: {} });
        expect(refused.statusCode, `${who}: ${endpoint.method} ${endpoint.path}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    const editions = await operator.get(api.operator.editions.path);
    expect(editions.statusCode).toBe(200);
    const codes = (editions.json() as Array<{ collection_id: string }>).map((e) => e.collection_id);
    expect(codes.length).toBeGreaterThanOrEqual(3);
  });

  test('registering a call in the context of another access level fails at boot', async () => {
    await expect(
      createTestApp({
        beforeReady: (app) => {
          void app.register(async (scope) => {
            scope.endpointAccess = 'public';
            const { registerEndpoint } = await import('../src/http/endpoints.ts');
            registerEndpoint(scope, api.operator.editions, async () => []);
          });
        },
      }),
    ).rejects.toThrow(/operator call but was registered in the public context/);
  });
});

describe('a webhook context', () => {
  const secret = 'whsec_test_secret';
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');

  test('gets the raw body, needs no session or XSRF token, sets no cookie, and refuses a bad signature', async () => {
    const received: string[] = [];
    const hooked = await createTestApp({
      beforeReady: (app) => {
        void registerWebhookContext(
          app,
          (rawBody, headers) => {
            if (headers['x-signature'] !== sign(rawBody.toString('utf8'))) throw new AppError('FORBIDDEN', 'Bad signature.');
          },
          (scope) => {
            scope.post('/api/webhooks/example/', async (request) => {
              received.push((request.body as Buffer).toString('utf8'));
              return { received: true };
            });
          },
        );
      },
    });
    try {
      // Spacing kept exactly as sent: the signature covers these bytes, not a re-serialised object.
      const body = '{ "id":"evt_1",  "type":"example" }';
      const good = await hooked.app.inject({ method: 'POST', url: '/api/webhooks/example/', payload: body, headers: { 'content-type': 'application/json', 'x-signature': sign(body) } });
      expect(good.statusCode).toBe(200);
      expect(good.headers['set-cookie']).toBeUndefined();
      expect(received).toEqual([body]);

      const bad = await hooked.app.inject({ method: 'POST', url: '/api/webhooks/example/', payload: body, headers: { 'content-type': 'application/json', 'x-signature': sign('other') } });
      expect(bad.statusCode).toBe(403);
      expect(received).toHaveLength(1);
    } finally {
      await hooked.close();
    }
  });
});
