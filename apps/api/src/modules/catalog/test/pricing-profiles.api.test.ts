import { commercialProfile as commercial } from '../../../../test/support/catalog.ts';
import { DEFAULT_PROFILE_NAME, profileMessages, type PricingProfile, type PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { describe, expect, test } from 'vitest';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

const put = (client: TestClient, url: string, body: unknown) => client.request('PUT', url, { body });
const del = (client: TestClient, url: string) => client.request('DELETE', url);

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const defaultBands = ['0.00', '10.01', '20.01', '50.01', '150.01', '500.01'];


async function signedIn(label: string): Promise<TestClient> {
  return (await clientFor(t, fixture, 'free', label)).client;
}

const profilesOf = async (client: TestClient): Promise<PricingProfile[]> => {
  const response = await client.get('/api/pricing-profiles/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/pricing-profiles/', () => {
  test('a new account has one default profile: the six bands of product §9, empty, no overrides, no ending, no minimums', async () => {
    const client = await signedIn('new');
    const [only, ...others] = await profilesOf(client);
    expect(others).toEqual([]);
    expect(only).toEqual({
      id: expect.any(Number),
      name: DEFAULT_PROFILE_NAME,
      is_default: true,
      bands: defaultBands.map((from) => ({ from, markup: null })),
      group_markups: [],
      item_overrides: [],
      ending: 'none',
      min_price: '0.00',
      min_margin: '0.00',
      tax: null,
    });
  });

  test('no session: 401', async () => {
    expect((await t.client().get('/api/pricing-profiles/')).statusCode).toBe(401);
  });
});

describe('POST, PUT and DELETE /api/pricing-profiles/', () => {
  test('create, replace, make default, delete: the list follows, the default first', async () => {
    const client = await signedIn('crud');
    const created = await client.post('/api/pricing-profiles/', commercial);
    expect(created.statusCode, created.body).toBe(201);
    const profile: PricingProfile = created.json();
    expect(profile).toEqual({ id: expect.any(Number), is_default: false, ...commercial, min_price: '1.00', min_margin: '0.50' });
    const [standard] = await profilesOf(client);
    expect((await profilesOf(client)).map((p) => [p.name, p.is_default])).toEqual([
      [DEFAULT_PROFILE_NAME, true],
      ['Commercial', false],
    ]);

    const replaced = await put(client, `/api/pricing-profiles/${profile.id}/`, { ...commercial, name: 'Commercial 2027', bands: [{ from: '0', markup: 12.34 }], ending: 'up_0.25', is_default: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ id: profile.id, name: 'Commercial 2027', is_default: true, bands: [{ from: '0.00', markup: 12.34 }], ending: 'up_0.25' });
    expect((await profilesOf(client)).map((p) => [p.id, p.is_default])).toEqual([
      [profile.id, true],
      [standard!.id, false],
    ]);

    // The default cannot be unmarked, nor deleted; another one can be deleted.
    const unmark = await put(client, `/api/pricing-profiles/${profile.id}/`, { ...commercial, is_default: false });
    expect(unmark.statusCode).toBe(400);
    expect(unmark.json().fields).toEqual({ is_default: [profileMessages.defaultRequired] });
    const deleteDefault = await del(client, `/api/pricing-profiles/${profile.id}/`);
    expect(deleteDefault.statusCode).toBe(409);
    expect(deleteDefault.json()).toMatchObject({ code: 'CONFLICT', error: profileMessages.defaultProfile });
    expect((await del(client, `/api/pricing-profiles/${standard!.id}/`)).statusCode).toBe(204);
    expect((await profilesOf(client)).map((p) => p.id)).toEqual([profile.id]);

    // The last profile stays.
    const last = await del(client, `/api/pricing-profiles/${profile.id}/`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'CONFLICT', error: profileMessages.lastProfile });
    expect(await profilesOf(client)).toHaveLength(1);
  });

  test("another user's profile is not found: PUT and DELETE answer 404 and change nothing", async () => {
    const owner = await signedIn('owner');
    const stranger = await signedIn('stranger');
    const mine: PricingProfile = (await owner.post('/api/pricing-profiles/', commercial)).json();
    for (const response of [await put(stranger, `/api/pricing-profiles/${mine.id}/`, commercial), await del(stranger, `/api/pricing-profiles/${mine.id}/`)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: profileMessages.notFound });
    }
    expect((await profilesOf(owner)).find((p) => p.id === mine.id)).toEqual(mine);
    expect((await put(owner, '/api/pricing-profiles/999999/', commercial)).statusCode).toBe(404);
    expect((await put(owner, '/api/pricing-profiles/abc/', commercial)).statusCode).toBe(400);
  });

  test('a name taken by another profile of the user (whatever its case) is refused; another user may use it', async () => {
    const client = await signedIn('names');
    expect((await client.post('/api/pricing-profiles/', commercial)).statusCode).toBe(201);
    const again = await client.post('/api/pricing-profiles/', { ...commercial, name: ' commercial ' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: [profileMessages.nameTaken] } });
    const renamed = await put(client, `/api/pricing-profiles/${(await profilesOf(client))[0]!.id}/`, { ...commercial, name: 'COMMERCIAL', is_default: true });
    expect(renamed.json().fields).toEqual({ name: [profileMessages.nameTaken] });
    expect((await (await signedIn('names-other')).post('/api/pricing-profiles/', commercial)).statusCode).toBe(201);
  });
});

describe('one range of markups for the six markups and for profiles (product §5.5)', () => {
  test('a markup the six markups accept, up to 10,000 %, a profile accepts too: the default profile saved by them can be saved again', async () => {
    const client = await signedIn('range');
    expect(profileMessages.markupRange).toBe('Enter a markup from 0 to 10000 %.');
    const saved = await client.post('/api/user_factor/', { markup1_10: 2500, markup501: 10000 });
    expect(saved.statusCode, saved.body).toBe(200);
    const [standard] = await profilesOf(client);
    expect(standard!.bands.map((b) => b.markup)).toEqual([2500, null, null, null, null, 10000]);
    const { id, ...input } = standard!;
    const again = await put(client, `/api/pricing-profiles/${id}/`, { ...input, tax: 7 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ bands: standard!.bands, tax: 7 });
    const created = await client.post('/api/pricing-profiles/', { ...commercial, name: 'Steep', group_markups: [{ group: 'Wires', markup: 10000 }], item_overrides: [{ sku: 'A', markup: 9999.99 }] });
    expect(created.statusCode, created.body).toBe(201);

    // Above it, both calls refuse, each with its message, and nothing changes.
    const over = await client.post('/api/user_factor/', { markup1_10: 10000.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ markup1_10: ['Enter a number of at most 10000.'] });
    const overProfile = await put(client, `/api/pricing-profiles/${id}/`, { ...input, bands: [{ from: '0.00', markup: 10000.01 }] });
    expect(overProfile.statusCode).toBe(400);
    expect(overProfile.json().fields).toEqual({ bands: [profileMessages.markupRange] });
    expect((await profilesOf(client)).find((p) => p.id === id)!.bands.map((b) => b.markup)).toEqual([2500, null, null, null, null, 10000]);
  });
});

describe('saving the six markups and the profile at once', () => {
  test('both land: the result is the one of either order, never the six markups over a profile read before the other save', async () => {
    const client = await signedIn('together');
    for (let round = 1; round <= 8; round++) {
      const [standard] = await profilesOf(client);
      const { id, ...current } = standard!;
      // One tab saves the whole table with a group markup and an ending; the other, the six markups.
      const table = { ...current, bands: [{ from: '0.00', markup: round }, { from: '100.00', markup: 40 }], group_markups: [{ group: 'Wires', markup: 30 + round }], ending: '99' as const };
      const six = { markup1_10: 50 + round, markup11_20: 60, tax: 5 };
      const [replaced, saved] = await Promise.all([put(client, `/api/pricing-profiles/${id}/`, table), client.post('/api/user_factor/', six)]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(saved.statusCode, saved.body).toBe(200);
      const [after] = await profilesOf(client);
      // The table last: exactly the table.
      const tableLast = { bands: table.bands, group_markups: table.group_markups, ending: '99', tax: current.tax };
      // The six markups last: the six default bands and the tax over the table's group markups and ending.
      const sixLast = { bands: defaultBands.map((from, i) => ({ from, markup: i === 0 ? six.markup1_10 : i === 1 ? 60 : null })), group_markups: table.group_markups, ending: '99', tax: 5 };
      const result = { bands: after!.bands, group_markups: after!.group_markups, ending: after!.ending, tax: after!.tax };
      expect([tableLast, sixLast], `round ${round}`).toContainEqual(result);
      // Back to a profile without group markups or ending for the next round.
      expect((await put(client, `/api/pricing-profiles/${id}/`, { ...current, group_markups: [], ending: 'none' })).statusCode).toBe(200);
    }
  });
});

describe('bad input gets a clear message and changes nothing', () => {
  const band = (from: string, markup: number | null = 10) => ({ from, markup });
  const cases: Array<[string, Partial<PricingProfileInput>, string, string]> = [
    ['overlapping edges', { bands: [band('0.00'), band('10.00'), band('10.00')] }, 'bands', profileMessages.bandOrder(3)],
    ['unordered edges', { bands: [band('0.00'), band('20.00'), band('10.00')] }, 'bands', profileMessages.bandOrder(3)],
    ['more than 20 bands', { bands: Array.from({ length: 21 }, (_, i) => band(`${i}.00`)) }, 'bands', profileMessages.bandCount],
    ['no band', { bands: [] }, 'bands', profileMessages.bandCount],
    ['a first band not from 0.00', { bands: [band('0.01')] }, 'bands', profileMessages.firstBandFrom],
    ['a band edge that is not an amount', { bands: [band('0.00'), band('ten')] }, 'bands', profileMessages.amount],
    ['a band markup below 0', { bands: [band('0.00', -1)] }, 'bands', profileMessages.markupRange],
    ['a band markup above 10,000 %', { bands: [band('0.00', 10000.01)] }, 'bands', profileMessages.markupRange],
    ['a markup with three decimals', { bands: [band('0.00', 10.125)] }, 'bands', profileMessages.percentPlaces],
    ['a group markup above 10,000 %', { group_markups: [{ group: 'Wires', markup: 10001 }] }, 'group_markups', profileMessages.markupRange],
    ['an item markup above 10,000 %', { item_overrides: [{ sku: 'A', markup: 10000.5 }] }, 'item_overrides', profileMessages.markupRange],
    ['a group with two markups', { group_markups: [{ group: 'Wires', markup: 1 }, { group: 'Wires', markup: 2 }] }, 'group_markups', profileMessages.groupTwice('Wires')],
    ['an item markup below 0', { item_overrides: [{ sku: 'A', markup: -5 }] }, 'item_overrides', profileMessages.markupRange],
    ['a fixed price below 0', { item_overrides: [{ sku: 'A', price: '-0.01' }] }, 'item_overrides', profileMessages.priceRange],
    ['a fixed price above $1,000,000', { item_overrides: [{ sku: 'A', price: '1000000.01' }] }, 'item_overrides', profileMessages.priceRange],
    ['an item override of two kinds', { item_overrides: [{ sku: 'A', markup: 1, price: '1.00' } as never] }, 'item_overrides', profileMessages.overrideKind],
    ['an item override of no kind', { item_overrides: [{ sku: 'A' } as never] }, 'item_overrides', profileMessages.overrideKind],
    ['an item with two overrides', { item_overrides: [{ sku: 'A', exempt: true }, { sku: 'A', price: '1.00' }] }, 'item_overrides', profileMessages.skuTwice('A')],
    ['a name over 40 characters', { name: 'x'.repeat(41) }, 'name', profileMessages.nameTooLong],
    ['an empty name', { name: '  ' }, 'name', profileMessages.nameRequired],
    ['an unknown ending', { ending: 'up_10' as PricingProfileInput['ending'] }, 'ending', profileMessages.ending],
    ['a minimum price above $1,000,000', { min_price: '1000000.01' }, 'min_price', profileMessages.minimumRange],
    ['a negative minimum margin', { min_margin: '-1' }, 'min_margin', profileMessages.minimumRange],
    ['a tax above 10,000 %', { tax: 10_001 }, 'tax', profileMessages.taxRange],
  ];

  test.each(cases)('%s', async (_, change, field, message) => {
    const client = await signedIn(`bad-${field}`);
    const before = await profilesOf(client);
    for (const response of [await client.post('/api/pricing-profiles/', { ...commercial, ...change }), await put(client, `/api/pricing-profiles/${before[0]!.id}/`, { ...commercial, is_default: true, ...change })]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().fields[field]).toContain(message);
    }
    expect(await profilesOf(client)).toEqual(before);
  });
});

describe('GET /user-factor/ and POST /user_factor/ on the default profile', () => {
  test('with the default bands they read and write the six markups exactly (null stays null); the profile holds them', async () => {
    const client = await signedIn('factor-default');
    const saved = { markup1_10: 25, markup11_20: null, markup21_50: 12.5, markup51_150: 0, markup151_500: 7.25, markup501: 1000, tax: 8.25, inventory_option: 'Service', income_type: 'Sales' };
    expect((await client.post('/api/user_factor/', saved)).json()).toEqual(saved);
    expect((await client.get('/api/user-factor/')).json()).toEqual(saved);
    const [profile] = await profilesOf(client);
    expect(profile!.bands).toEqual([
      { from: '0.00', markup: 25 },
      { from: '10.01', markup: null },
      { from: '20.01', markup: 12.5 },
      { from: '50.01', markup: 0 },
      { from: '150.01', markup: 7.25 },
      { from: '500.01', markup: 1000 },
    ]);
    expect(profile!.tax).toBe(8.25);
  });

  test('with another table, GET answers the markup at each default band\'s lower edge; a POST puts the six bands back and keeps the overrides', async () => {
    const client = await signedIn('factor-table');
    await client.post('/api/user_factor/', { inventory_option: 'Inventory', income_type: '' });
    const [standard] = await profilesOf(client);
    const table = { ...commercial, name: standard!.name, is_default: true, bands: [{ from: '0.00', markup: 50 }, { from: '15.00', markup: 30 }, { from: '150.01', markup: 12 }, { from: '800.00', markup: null }] };
    expect((await put(client, `/api/pricing-profiles/${standard!.id}/`, table)).statusCode).toBe(200);
    expect((await client.get('/api/user-factor/')).json()).toEqual({
      markup1_10: 50,
      markup11_20: 50,
      markup21_50: 30,
      markup51_150: 30,
      markup151_500: 12,
      markup501: 12,
      tax: 7,
      inventory_option: 'Inventory',
      income_type: '',
    });
    const six = { markup1_10: 1, markup11_20: 2, markup21_50: 3, markup51_150: 4, markup151_500: 5, markup501: 6, tax: 9, inventory_option: '', income_type: '' };
    expect((await client.post('/api/user_factor/', six)).json()).toEqual(six);
    const [after] = await profilesOf(client);
    expect(after).toEqual({
      ...table,
      id: standard!.id,
      bands: defaultBands.map((from, index) => ({ from, markup: index + 1 })),
      tax: 9,
    });
  });

  test('another profile made the default is the one the user factor reads and writes', async () => {
    const client = await signedIn('factor-switch');
    const created: PricingProfile = (await client.post('/api/pricing-profiles/', { ...commercial, is_default: true })).json();
    expect((await client.get('/api/user-factor/')).json()).toMatchObject({ markup1_10: 40, markup11_20: 25.5, markup151_500: 25.5, markup501: null, tax: 7 });
    await client.post('/api/user_factor/', { markup1_10: 3 });
    const profiles = await profilesOf(client);
    expect(profiles[0]).toMatchObject({ id: created.id, bands: defaultBands.map((from, index) => ({ from, markup: index === 0 ? 3 : null })), tax: null });
    expect(profiles[1]).toMatchObject({ name: DEFAULT_PROFILE_NAME, bands: defaultBands.map((from) => ({ from, markup: null })) });
  });
});
