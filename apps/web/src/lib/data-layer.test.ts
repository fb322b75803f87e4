import { describe, expect, it } from 'vitest';
import { pushDataLayer, type DataLayerHost } from './data-layer';

describe('pushDataLayer', () => {
  it('creates the queue when it is missing', () => {
    const host: DataLayerHost = {};
    pushDataLayer({ event: 'subscription_start' }, host);
    expect(host.dataLayer).toEqual([{ event: 'subscription_start' }]);
  });

  it('appends to a queue a tag manager already set up, keeping what is there', () => {
    const existing: unknown[] = [{ 'gtm.start': 1 }];
    const host: DataLayerHost = { dataLayer: existing };
    pushDataLayer({ event: 'begin_checkout' }, host);
    pushDataLayer({ event: 'subscribe' }, host);
    expect(host.dataLayer).toBe(existing);
    expect(existing).toEqual([{ 'gtm.start': 1 }, { event: 'begin_checkout' }, { event: 'subscribe' }]);
  });
});
