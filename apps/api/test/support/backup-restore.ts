import sharp from 'sharp';
import { expect } from 'vitest';
import { insertSubscription } from '../../src/modules/billing/repositories/subscriptions.ts';
import { FIXTURE_PASSWORD } from './catalog.ts';
import { multipartFile } from './operator-client.ts';
import { Browser } from './processes.ts';
import { connect, freeEditionOf, runAndRead, startSync, userOf, type SyncTest } from './sync.ts';
import { TEST_TOKEN_KEY } from './test-app.ts';

/**
 * The restore tests' database and their check of a server started on its restored copy
 * (decision 0035): a subscriber with a profile picture, a QuickBooks connection and a finished
 * sync, on the catalog fixture (editions of a paid and a free category, a plan).
 */
export interface BackedUpData {
  email: string;
  pictureUrl: string;
  picture: Buffer;
  syncId: number;
  syncedEdition: number;
  paidEdition: number;
  paidCategoryId: number;
  realmId: string;
}

/**
 * Fills the sync test's database through the app's own calls. The test clock is first set to the
 * real time, since the server started on the restored copy runs on it: the subscription, the
 * session-free sign-in and the provider tokens' expiry are then as they would be in production.
 */
export async function fillDatabaseToBackUp(s: SyncTest): Promise<BackedUpData> {
  s.t.clock.advance((Date.now() - s.t.clock.now().getTime()) / 1000);
  const { client, userId } = await userOf(s, 'free', 'backed-up');
  const now = s.t.clock.now();
  await insertSubscription(s.t.database.db, {
    user_id: userId,
    plan_id: s.fixture.planId,
    status: 'active',
    period_start: new Date(now.getTime() - 24 * 60 * 60 * 1000),
    period_end: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000),
    auto_renew: false,
    source: 'complimentary',
    created_at: now,
    updated_at: now,
    canceled_at: null,
  });
  const { email } = await s.t.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: { r: 40, g: 140, b: 90 } } }).jpeg().toBuffer();
  const uploaded = await client.request('POST', `/api/users/${userId}/update-profile/`, multipartFile(photo, { field: 'profile_image', filename: 'me.jpg', type: 'image/jpeg' }));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const pictureUrl = uploaded.json().profile_picture_url as string;
  const picture = (await s.t.app.inject({ method: 'GET', url: pictureUrl })).rawPayload;

  const realmId = s.qbo.companies[0]!.realmId;
  expect((await connect(client, 'quickbook')).status).toBe(200);
  const syncedEdition = await freeEditionOf(s, 'backup', 12);
  const syncId = await startSync(client, 'quickbook', syncedEdition, realmId);
  expect(await runAndRead(s, client, syncId)).toMatchObject({ status: 'succeeded', created: 12 });
  return { email, pictureUrl, picture, syncId, syncedEdition, paidEdition: s.fixture.paidEditions.mar, paidCategoryId: s.fixture.paidCategoryId, realmId };
}

/** What a server started on a restored copy needs besides its database: the same secrets and the simulator. */
export function restoredServerEnv(s: SyncTest): Record<string, string> {
  return {
    SESSION_SECRET: s.t.config.sessionSecret,
    // The sync connection's tokens are sealed with this key: a restore needs it too (docs/backups.md).
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
    QBO_AUTHORIZE_URL: s.qbo.authorizeUrl,
    QBO_TOKEN_URL: s.qbo.tokenUrl,
    QBO_REVOKE_URL: s.qbo.revokeUrl,
    QBO_API_URL: s.qbo.url,
    QBO_CLIENT_ID: s.qbo.clientId,
    QBO_CLIENT_SECRET: s.qbo.clientSecret,
  };
}

/**
 * Against a server running on the restored database: the subscriber signs in, downloads their
 * list, sees their picture, finds their sync and syncs again over the restored connection.
 */
export async function checkRestoredServer(base: string, data: BackedUpData): Promise<void> {
  const browser = new Browser();
  const login = await browser.call(base, 'POST', '/api/login_page/', { email: data.email, password: FIXTURE_PASSWORD });
  expect(login.status, await login.clone().text()).toBe(200);
  const me = (await (await browser.call(base, 'GET', '/api/me/')).json()) as { id: number; email: string };
  expect(me.email).toBe(data.email);

  const download = await browser.call(base, 'POST', '/api/download-products/', { collection_id: data.paidEdition, catelog_id: data.paidCategoryId });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toContain('text/csv');
  expect(await download.text()).toContain('THHN-12-500');

  const profile = await browser.call(base, 'GET', `/api/users/${me.id}/profile-picture/`);
  expect(await profile.json()).toEqual({ profile_picture_url: data.pictureUrl });
  const picture = await fetch(`${base}${data.pictureUrl}`);
  expect(picture.status).toBe(200);
  expect(Buffer.from(await picture.arrayBuffer()).equals(data.picture)).toBe(true);

  const sync = await browser.call(base, 'GET', `/api/syncs/${data.syncId}/`);
  expect(await sync.json()).toMatchObject({ status: 'succeeded', created: 12 });
  const status = await browser.call(base, 'GET', '/api/quickbooks/status/');
  expect(await status.json()).toMatchObject({ connected: true, company_id: data.realmId });
  // The restored connection's sealed tokens open: a new sync goes through (this server runs the jobs).
  const again = await browser.call(base, 'POST', '/api/sync-products/', { collection_id: data.syncedEdition, catelog_id: 'none', software_name: 'quickbook', company_id: data.realmId });
  expect(again.status, await again.clone().text()).toBe(202);
  const againId = ((await again.json()) as { sync_id: number }).sync_id;
  const deadline = Date.now() + 30_000;
  let last: { status: string; unchanged?: number } = { status: 'queued' };
  while (Date.now() < deadline && (last.status === 'queued' || last.status === 'running')) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = (await (await browser.call(base, 'GET', `/api/syncs/${againId}/`)).json()) as typeof last;
  }
  expect(last).toMatchObject({ status: 'succeeded', unchanged: 12 });
}
