import { describe, expect, test } from 'vitest';
import { softwareNameOf, softwareNames, syncProductsRequest, syncProviderOf, syncProviders } from './sync.ts';

describe('the provider at the wire and inside (decision 0042)', () => {
  test.each([
    ['quickbooks', 'quickbook'],
    ['jobber', 'jobber'],
  ] as const)('%s is spelled %s on the wire, and back', (provider, softwareName) => {
    expect(softwareNameOf(provider)).toBe(softwareName);
    expect(syncProviderOf(softwareName)).toBe(provider);
  });

  test('every provider has one wire spelling', () => {
    expect(syncProviders.map(softwareNameOf)).toEqual(softwareNames);
  });

  test('POST /sync-products/ takes the wire spelling only (product §7)', () => {
    expect(syncProductsRequest.safeParse({ collection_id: 1, software_name: 'quickbook' }).success).toBe(true);
    expect(syncProductsRequest.safeParse({ collection_id: 1, software_name: 'quickbooks' }).success).toBe(false);
  });
});
