import type { JobberItemSummary } from '@tradelist/simulators/jobber';
import type { QboItemSummary } from '@tradelist/simulators/quickbooks';
import { rulesFromProfile, type PricingProfile, type PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { compileRules } from '@tradelist/pricing/rules';
import { describe, expect, test } from 'vitest';
import { connect, freeEditionOf, runAndRead, setUpSyncTest, simItems, userOf, type SyncTest } from '../../../../test/support/sync.ts';
import type { TestClient } from '../../../../test/support/test-app.ts';

// A sync prices with the profile asked for (the default without one), through the same engine as
// the files: each simulator receives the engine's prices, and the sync says which profile it used.

let s: SyncTest;
setUpSyncTest({}, (setup) => (s = setup));

const COUNT = 8;
/** The items of `freeEditionOf`: SKU <LABEL>-000n, group Wires, cost $10.00 + $0.37 × (n - 1). */
const itemsOfEdition = (label: string) =>
  Array.from({ length: COUNT }, (_, i) => ({ sku: `${label.toUpperCase()}-${String(i + 1).padStart(4, '0')}`, name: `${label} item ${i + 1}`, group: 'Wires', costCents: 1000 + i * 37 }));

const profileFor = (label: string): PricingProfileInput => {
  const sku = (n: number) => `${label.toUpperCase()}-000${n}`;
  return {
    name: 'Commercial',
    bands: [
      { from: '0.00', markup: 30 },
      { from: '10.50', markup: 20 },
    ],
    group_markups: [{ group: 'Wires', markup: 17.5 }],
    item_overrides: [{ sku: sku(1), exempt: true }, { sku: sku(2), price: '99.99' }, { sku: sku(3), markup: 3 }],
    ending: 'up_0.25',
    min_price: '0.00',
    min_margin: '1.50',
    tax: 6,
  };
};

async function withProfile(client: TestClient, input: PricingProfileInput): Promise<PricingProfile> {
  const response = await client.post('/api/pricing-profiles/', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function startWith(client: TestClient, body: Record<string, unknown>): Promise<number> {
  const response = await client.post('/api/sync-products/', { catelog_id: 'none', ...body });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().sync_id;
}

describe('a sync priced by a profile', () => {
  test('QuickBooks receives the engine\'s prices before tax for the profile asked for, and the sync names the profile', async () => {
    const { client } = await userOf(s, 'free', 'qbo-profile');
    await connect(client, 'quickbook', 1);
    const edition = await freeEditionOf(s, 'qboprof', COUNT);
    const profile = await withProfile(client, profileFor('qboprof'));
    const engine = compileRules(rulesFromProfile(profile));
    const realm = s.qbo.companies[1]!.realmId;
    const run = await runAndRead(s, client, await startWith(client, { collection_id: edition, software_name: 'quickbook', company_id: realm, profile_id: profile.id }));
    expect(run).toMatchObject({ status: 'succeeded', created: COUNT, failed: 0, profile_name: 'Commercial' });
    const items = (await simItems<QboItemSummary>(s.qbo.url))[realm] ?? [];
    const priceOf = (sku: string) => Math.round(items.find((item) => item.sku === sku)!.unitPrice! * 100);
    const expected = itemsOfEdition('qboprof').map((item) => [item.sku, engine.price(item).priceCents]);
    expect(expected.map(([sku]) => [sku, priceOf(String(sku))])).toEqual(expected);
    // Exempt at cost, fixed, the item's 3 % raised to the $1.50 margin, the group's 17.5 % rounded up to $0.25.
    expect(expected.slice(0, 4).map(([, cents]) => cents)).toEqual([1000, 9999, 1225, 1325]);
    expect((await client.get('/api/sync-results/')).json()).toEqual([expect.objectContaining({ collection_id: edition, profile_name: 'Commercial' })]);
  });

  test('Jobber receives the same prices; without profile_id the default profile prices the items', async () => {
    const { client } = await userOf(s, 'free', 'jobber-profile');
    await connect(client, 'jobber', 1);
    const edition = await freeEditionOf(s, 'jobprof', COUNT);
    const profile = await withProfile(client, profileFor('jobprof'));
    const engine = compileRules(rulesFromProfile(profile));
    const account = s.jobber.accounts[1]!.id;
    const run = await runAndRead(s, client, await startWith(client, { collection_id: edition, software_name: 'jobber', profile_id: profile.id }));
    expect(run).toMatchObject({ status: 'succeeded', created: COUNT, failed: 0, profile_name: 'Commercial' });
    const items = (await simItems<JobberItemSummary>(s.jobber.url))[account] ?? [];
    const byName = (name: string) => items.find((item) => item.name === name)!;
    for (const item of itemsOfEdition('jobprof')) {
      expect([item.sku, Math.round(byName(item.name).unitPrice * 100), byName(item.name).taxable]).toEqual([item.sku, engine.price(item).priceCents, true]);
    }

    await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 20 });
    const byDefault = await runAndRead(s, client, await startWith(client, { collection_id: edition, software_name: 'jobber' }));
    expect(byDefault).toMatchObject({ status: 'succeeded', profile_name: 'Standard' });
    const after = (await simItems<JobberItemSummary>(s.jobber.url))[account] ?? [];
    // $10.00 at the first band's 10 %, $10.37 at the second's 20 %; no tax now, so not taxable.
    expect(after.find((item) => item.name === 'jobprof item 1')).toMatchObject({ unitPrice: 11, taxable: false });
    expect(after.find((item) => item.name === 'jobprof item 2')).toMatchObject({ unitPrice: 12.44 });
  });

  test("another user's profile_id is not found: 404, and no sync is queued", async () => {
    const { client: owner } = await userOf(s, 'free', 'sync-owner');
    const profile = await withProfile(owner, profileFor('x'));
    const { client, userId } = await userOf(s, 'free', 'sync-stranger');
    await connect(client, 'jobber', 1);
    const edition = await freeEditionOf(s, 'jobnot', 2);
    const response = await client.post('/api/sync-products/', { collection_id: edition, catelog_id: 'none', software_name: 'jobber', profile_id: profile.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: 'This pricing profile was not found.' });
    expect(await s.t.database.db.selectFrom('sync_runs').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
