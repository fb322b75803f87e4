import { describe, expect, test } from 'vitest';
import { createCatalogFixture, clientFor, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { runAdminCommand } from '../../operator/services/run-admin-command.ts';

let t: TestApp;
let fixture: CatalogFixture;
/** A paid category of its own, whose editions the tests publish through the operator's command. */
let categoryId: number;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  const category = await t.database.db.insertInto('categories').values({ name: 'Timing', slug: 'timing', position: 5 }).returning('id').executeTakeFirstOrThrow();
  categoryId = category.id;
});

const supplierFile = (cost: string) => new TextEncoder().encode(`sku,name,description,unit,group,cost\r\nTIM-1,Timer switch,24-hour dial,EA,Wiring Accessories,${cost}\r\n`);

/** Runs an operator command as `npm run admin` would, at the test clock's time. */
async function admin(argv: string[], files: Record<string, Uint8Array> = {}): Promise<string> {
  const result = await runAdminCommand(t.ctx, argv, new Map(Object.entries(files)));
  expect(result.exitCode, result.output).toBe(0);
  return result.output;
}

/** Publishes an edition of the Timing list now, run date today (the command's default), and returns its id. */
async function publishNow(name: string, cost: string): Promise<number> {
  await admin(['import-edition', 'Timing', 'list.csv', '--name', name], { 'list.csv': supplierFile(cost) });
  const row = await t.database.db.selectFrom('collections').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

const emailOf = async (userId: number) => (await t.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
const listed = async (client: TestClient) => {
  const body = (await client.get(`/api/latest-collection/${categoryId}/`)).json() as { latest_collection: Array<{ id: number }>; bought_collections: Array<{ id: number }> };
  return { latest: body.latest_collection.map((c) => c.id), bought: body.bought_collections.map((c) => c.id) };
};
const download = (client: TestClient, collectionId: number) => client.post('/api/download-bought-products/', { collection_id: collectionId });

/** The test clock starts at 2026-03-01 12:00 UTC; every step below happens later that same day. */
describe('Previously Purchased compares times, not days (issue 19)', () => {
  test('subscribed and downloaded an edition; the next one is published later the same day: the first stays bought and downloadable', async () => {
    // The Timing list's first edition came out on 20 February.
    await admin(['import-edition', 'Timing', 'list.csv', '--rundate', '2026-02-20', '--name', 'Timing E1'], { 'list.csv': supplierFile('10.00') });
    const e1 = (await t.database.db.selectFrom('collections').select('id').where('name', '=', 'Timing E1').executeTakeFirstOrThrow()).id;

    const { client, userId } = await clientFor(t, fixture, 'free', 'same-day');
    t.clock.advance(30 * 60); // 12:30: subscribes
    await admin(['grant-subscription', await emailOf(userId!)]);
    t.clock.advance(30 * 60); // 13:00: downloads the current edition
    expect((await client.post('/api/download-products/', { collection_id: e1, catelog_id: categoryId })).statusCode).toBe(200);
    expect(await listed(client)).toEqual({ latest: [e1], bought: [] });

    t.clock.advance(2 * 3600); // 15:00: the next edition comes out, run date today
    const e2 = await publishNow('Timing E2', '11.00');
    expect(await listed(client)).toEqual({ latest: [e2], bought: [e1] });
    const again = await download(client, e1);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('TIM-1');
  });

  test('an edition published after the subscription ended, the same day, is not bought; the one current before the end is', async () => {
    const { client, userId } = await clientFor(t, fixture, 'free', 'ended');
    const email = await emailOf(userId!);
    const current = (await listed(client)).latest[0]!;
    t.clock.advance(30 * 60); // subscribes, and the subscription is ended half an hour later
    await admin(['grant-subscription', email]);
    t.clock.advance(30 * 60);
    await admin(['revoke-subscription', email]);
    t.clock.advance(60 * 60); // an hour after the end, the next edition comes out, run date today
    const later = await publishNow('Timing E3', '12.00');

    expect(await listed(client)).toEqual({ latest: [later], bought: [current] });
    // Expired: even a bought edition no longer downloads (product §10.18), and the later one never did.
    for (const id of [later, current]) expect((await download(client, id)).statusCode).toBe(403);
    expect((await client.post('/api/download-products/', { collection_id: later, catelog_id: categoryId })).json().code).toBe('NOT_SUBSCRIBED');
  });
});
