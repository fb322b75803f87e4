import { expect, test } from 'vitest';
import { createCatalogFixture, clientFor, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t, { downloadMax: 5 });
});

test('with a maximum of 5 and 50 simultaneous requests, exactly 5 files are served and logged', async () => {
  const { client, userId } = await clientFor(t, fixture, 'subscriber', 'race');
  const responses = await Promise.all(
    Array.from({ length: 50 }, () =>
      client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId }),
    ),
  );
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 403)).toHaveLength(45);
  expect(responses.find((r) => r.statusCode === 403)!.json()).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED' });
  const subscription = await t.database.db.selectFrom('subscriptions').select('downloads_used').where('user_id', '=', userId!).executeTakeFirstOrThrow();
  expect(subscription.downloads_used).toBe(5);
  const logged = await t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId!).execute();
  expect(logged).toHaveLength(5);
  // Free editions do not count against the maximum.
  expect((await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none' })).statusCode).toBe(200);
});
