import { randomBytes } from 'node:crypto';
import { DEFAULT_STRIPE_SECRET_KEY } from '@tradelist/simulators/stripe';
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { freePort } from '../../../../test/support/ports.ts';
import { setUpPaymentsTest, buyer, downloadPaid, subscribe, settle, type PaymentsTest } from '../../../../test/support/stripe.ts';
import { clientFor, FIXTURE_PASSWORD } from '../../../../test/support/catalog.ts';
import { imageKey, profilePictureFolder } from '../../profile/services/picture-files.ts';
import { currentPasswordRequiredMessage, currentPasswordWrongMessage, googleSignInAgainMessage } from '@tradelist/contract/accounts';
import { FRESH_GOOGLE_SIGN_IN_SECONDS } from '../services/confirm-identity.ts';
import { userDeletedMessage } from '../services/delete-account.ts';

let p: PaymentsTest;
setUpPaymentsTest((setup) => (p = setup));

const db = () => p.t.database.db;
const confirmed = { body: { current_password: FIXTURE_PASSWORD } };
const writePictureFileNamed = (fileName: string) => p.t.ctx.uploads.put(imageKey(profilePictureFolder, fileName), Buffer.from('not really a picture'), 'image/webp');
const rowsOf = async (table: 'sessions' | 'user_tokens' | 'onboarding_answers' | 'user_factors' | 'subscriptions', userId: number) =>
  (await db().selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;

describe('DELETE /api/users/{id}/delete/', () => {
  test('a subscriber: the Stripe subscription is canceled at once, sessions die, personal data goes, the download log stays anonymous, the email can register again', async () => {
    const b = await buyer(p, 'delete-me');
    await subscribe(p, b);
    const stripeId = (await db().selectFrom('subscriptions').select('stripe_subscription_id').where('user_id', '=', b.userId).executeTakeFirstOrThrow()).stripe_subscription_id!;
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    expect((await b.client.post('/api/onboarding/', { software: 'Jobber', team_size: '1-5', referral_source: 'Reddit', can_contact: true })).statusCode).toBe(200);
    expect((await b.client.post('/api/user_factor/', { markup1_10: 10, inventory_option: 'Inventory', income_type: 'Sales of Product Income' })).statusCode).toBe(200);
    // A second signed-in device.
    const other = p.t.client({ remoteAddress: '10.77.0.2' });
    expect((await other.post('/api/login_page/', { email: b.email, password: FIXTURE_PASSWORD })).statusCode).toBe(200);
    const paymentsBefore = await db().selectFrom('payments').select('id').where('user_id', '=', b.userId).execute();
    expect(paymentsBefore.length).toBeGreaterThan(0);

    const response = await b.client.request('DELETE', `/api/users/${b.userId}/delete/`, confirmed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: userDeletedMessage });
    expect(response.headers['clear-site-data']).toBe('"cookies", "storage"');

    expect((await p.stripe.subscriptions.retrieve(stripeId)).status).toBe('canceled');
    await settle(p);

    expect((await b.client.get('/api/me/')).statusCode).toBe(401);
    expect((await other.get('/api/me/')).statusCode).toBe(401);
    const login = await p.t.client({ remoteAddress: '10.77.0.3' }).post('/api/login_page/', { email: b.email, password: FIXTURE_PASSWORD });
    expect(login.statusCode).toBe(401);

    expect(await db().selectFrom('users').select('id').where('id', '=', b.userId).executeTakeFirst()).toBeUndefined();
    for (const table of ['sessions', 'user_tokens', 'onboarding_answers', 'user_factors', 'subscriptions'] as const) {
      expect(await rowsOf(table, b.userId), table).toBe(0);
    }
    // The download log and the payments stay, without a user.
    const downloads = await db().selectFrom('download_log').select(['user_id', 'status']).where('collection_id', '=', p.fixture.paidEditions.mar).where('user_id', 'is', null).execute();
    expect(downloads.length).toBeGreaterThan(0);
    const payments = await db().selectFrom('payments').select('user_id').where('id', 'in', paymentsBefore.map((row) => row.id)).execute();
    expect(payments.map((row) => row.user_id)).toEqual(paymentsBefore.map(() => null));

    const again = await p.t.client({ remoteAddress: '10.77.0.4' }).post('/api/register/', { username: 'Back Again', email: b.email, password: 'a new copper password', password2: 'a new copper password' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await db().selectFrom('users').select(['id', 'name', 'is_verified']).where('email', '=', b.email).executeTakeFirst()).toMatchObject({ name: 'Back Again', is_verified: false });
  });

  test('the session alone is not enough: without the current password, or with a wrong one, a field error and nothing is deleted', async () => {
    const { client, userId } = await clientFor(p.t, p.fixture, 'free', 'delete-unconfirmed');
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [undefined, currentPasswordRequiredMessage],
      [{}, currentPasswordRequiredMessage],
      [{ current_password: 'not the password' }, currentPasswordWrongMessage],
    ];
    for (const [body, message] of cases) {
      const response = await client.request('DELETE', `/api/users/${userId}/delete/`, body ? { body } : {});
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { current_password: [message] } });
    }
    expect(await db().selectFrom('users').select('id').where('id', '=', userId!).executeTakeFirst()).toBeDefined();
    expect((await client.get('/api/me/')).statusCode).toBe(200);
  });

  test('an account without a password (Google) is deleted only within 10 minutes of its Google sign-in', async () => {
    const { client, userId } = await clientFor(p.t, p.fixture, 'free', 'delete-google');
    // Passwordless from here on: its only way in is Google, so this session counts as one from Google sign-in.
    await db().updateTable('users').set({ password_hash: null }).where('id', '=', userId!).execute();
    p.t.clock.advance(FRESH_GOOGLE_SIGN_IN_SECONDS + 1);
    const stale = await client.request('DELETE', `/api/users/${userId}/delete/`, { body: {} });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fields).toEqual({ current_password: [googleSignInAgainMessage] });
    expect(await db().selectFrom('users').select('id').where('id', '=', userId!).executeTakeFirst()).toBeDefined();
  });

  test('a free user without Stripe subscriptions is deleted without asking Stripe', async () => {
    const { client, userId } = await clientFor(p.t, p.fixture, 'free', 'delete-free');
    const response = await client.request('DELETE', `/api/users/${userId}/delete/`, confirmed);
    expect(response.statusCode, response.body).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', userId!).executeTakeFirst()).toBeUndefined();
  });

  test('the profile picture file and the provider connections go with the account', async () => {
    const { client, userId } = await clientFor(p.t, p.fixture, 'free', 'delete-files');
    const now = p.t.clock.now();
    const fileName = `${randomBytes(16).toString('hex')}.webp`;
    await writePictureFileNamed(fileName);
    await db().insertInto('profile_pictures').values({ user_id: userId!, file_name: fileName, updated_at: now }).execute();
    // A connection that was already refused by its provider: nothing to revoke, its row still goes.
    await db()
      .insertInto('provider_connections')
      .values({ user_id: userId!, provider: 'jobber', status: 'disconnected', account_id: '', account_name: null, key_id: null, access_token_enc: null, refresh_token_enc: null, access_expires_at: null, refresh_expires_at: null, connected_at: now, refreshed_at: null, updated_at: now, disconnected_reason: 'invalid_grant' })
      .execute();

    const response = await client.request('DELETE', `/api/users/${userId}/delete/`, confirmed);
    expect(response.statusCode, response.body).toBe(200);
    expect(await p.t.ctx.uploads.info(imageKey(profilePictureFolder, fileName))).toBeNull();
    expect(await db().selectFrom('provider_connections').select('id').where('user_id', '=', userId!).execute()).toEqual([]);
  });

  test('Stripe refusing the cancel: 502, nothing is deleted, the user stays signed in', async () => {
    const b = await buyer(p, 'delete-outage');
    await subscribe(p, b);
    const stripeId = (await db().selectFrom('subscriptions').select('stripe_subscription_id').where('user_id', '=', b.userId).executeTakeFirstOrThrow()).stripe_subscription_id!;
    // Stripe unreachable: the app's client pointed at a port nothing listens on, for this request.
    const reachable = p.t.ctx.stripe;
    p.t.ctx.stripe = new Stripe(DEFAULT_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: await freePort(), protocol: 'http', maxNetworkRetries: 0 });
    const response = await b.client.request('DELETE', `/api/users/${b.userId}/delete/`, confirmed).finally(() => {
      p.t.ctx.stripe = reachable;
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(await db().selectFrom('users').select('id').where('id', '=', b.userId).executeTakeFirst()).toBeDefined();
    expect((await b.client.get('/api/me/')).statusCode).toBe(200);
    expect((await p.stripe.subscriptions.retrieve(stripeId)).status).toBe('active');
  });
});
