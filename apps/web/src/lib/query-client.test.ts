import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateSubscriptionQueries, removeUserQueries } from './query-client';

function clientHolding(keys: unknown[][]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const invalidated = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('invalidateSubscriptionQueries', () => {
  it('marks what depends on the subscription stale and leaves the rest alone', async () => {
    const client = clientHolding([
      ['subscription'],
      ['me'],
      ['latest-collection', 'ALL'],
      ['latest-collection', 3],
      ['preview-products', '', 0],
      ['subscription-plans'],
      ['user-factor'],
      ['categories'],
    ]);
    await invalidateSubscriptionQueries(client);
    expect(invalidated(client, ['subscription'])).toBe(true);
    expect(invalidated(client, ['me'])).toBe(true);
    expect(invalidated(client, ['latest-collection', 'ALL'])).toBe(true);
    expect(invalidated(client, ['latest-collection', 3])).toBe(true);
    expect(invalidated(client, ['preview-products', '', 0])).toBe(true);
    expect(invalidated(client, ['subscription-plans'])).toBe(false);
    expect(invalidated(client, ['user-factor'])).toBe(false);
    expect(invalidated(client, ['categories'])).toBe(false);
  });
});

describe('removeUserQueries', () => {
  it("drops the user's answers and keeps the public ones", () => {
    const client = clientHolding([['me'], ['subscription'], ['categories'], ['public-config']]);
    removeUserQueries(client);
    expect(client.getQueryCache().getAll().map((query) => query.queryKey[0])).toEqual(['categories', 'public-config']);
  });
});
