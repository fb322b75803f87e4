import { api } from '@tradelist/contract/api';
import { describe, expect, test } from 'vitest';
import { accountDisabledMessage } from '../../accounts/services/log-in.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { deliverMail, findUser, lastLinkTo, logIn, mailsTo, registerAccount, uniqueAddress, type Simulators } from '../../../../test/support/accounts.ts';
import { clientFor, createCatalogFixture, FIXTURE_PASSWORD, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { buildEndpointPath } from '@tradelist/contract/endpoint';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

let t: TestApp;
let sims: Simulators;
let fixture: CatalogFixture;
setUpApiTest({ simulators: true }, async (setup) => {
  ({ t, sims } = setup);
  fixture = await createCatalogFixture(t);
});

const path = (template: string, id: number) => buildEndpointPath(template, { id });

async function operator(label: string): Promise<{ client: TestClient; id: number; email: string }> {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  const row = await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).returning(['id', 'email']).executeTakeFirstOrThrow();
  return { client, id: row.id, email: row.email };
}

async function auditEntries(subjectId: number) {
  return t.database.db.selectFrom('operator_audit_log').selectAll().where('subject_type', '=', 'user').where('subject_id', '=', String(subjectId)).orderBy('id').execute();
}

describe('finding users', () => {
  test('by any part of the email or name, any case, newest first, a page at a time, with the plan that entitles them', async () => {
    const op = await operator('search-op');
    const { userId: subscriberId } = await clientFor(t, fixture, 'subscriber', 'needle-sub');
    const { userId: freeId } = await clientFor(t, fixture, 'free', 'needle-free');
    await t.database.db.updateTable('users').set({ name: 'Nora Needlewire' }).where('id', '=', freeId!).execute();

    const byEmail = await op.client.get(`${api.operator.users.path}?q=NEEDLE-SUB`);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json()).toMatchObject({ total: 1, page: 1, page_size: 25, users: [{ id: subscriberId, plan_name: 'Annual plan', is_disabled: false, role: 'user' }] });

    const byName = (await op.client.get(`${api.operator.users.path}?q=needlewire`)).json();
    expect(byName.users.map((u: { id: number }) => u.id)).toEqual([freeId]);
    expect(byName.users[0].plan_name).toBeNull();

    const both = (await op.client.get(`${api.operator.users.path}?q=needle`)).json();
    expect(both.users.map((u: { id: number }) => u.id)).toEqual([freeId, subscriberId]);

    // LIKE's wildcards are taken literally.
    expect((await op.client.get(`${api.operator.users.path}?q=${encodeURIComponent('%')}`)).json().total).toBe(0);
    const everyone = (await op.client.get(`${api.operator.users.path}?page=1`)).json();
    expect(everyone.total).toBeGreaterThanOrEqual(3);
    expect((await op.client.get(`${api.operator.users.path}?page=0`)).statusCode).toBe(400);
  });

  test("a user's detail: account, onboarding answers, subscriptions and periods, downloads used, syncs and connections, never a token", async () => {
    const op = await operator('detail-op');
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'detail-user');
    expect((await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: 'none', format: 'csv', layout: 'price-list' })).statusCode).toBe(200);
    const now = t.clock.now();
    await t.database.db
      .insertInto('onboarding_answers')
      .values({ user_id: userId!, software: 'QuickBooks Online', team_size: '2-5', referral_source: 'Google', phone_number: null, can_contact: true, answered_at: now })
      .execute();
    await t.database.db
      .insertInto('provider_connections')
      .values({
        user_id: userId!,
        provider: 'quickbooks',
        status: 'connected',
        account_id: 'realm-1',
        account_name: 'Ohm Electric LLC',
        key_id: 'test',
        access_token_enc: 'sealed-access-token',
        refresh_token_enc: 'sealed-refresh-token',
        connected_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('sync_runs')
      .values({ user_id: userId!, provider: 'quickbooks', collection_id: fixture.paidEditions.mar, account_id: 'realm-1', status: 'succeeded', errors: '[]', queued_at: now, total: 5, created: 5, finished_at: now })
      .execute();

    const response = await op.client.get(path(api.operator.user.path, userId!));
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      account: { id: userId, is_disabled: false, is_verified: true, has_password: true, role: 'user' },
      onboarding: { software: 'QuickBooks Online', team_size: '2-5', can_contact: true },
      subscription: { plan_name: 'Annual plan', source: 'complimentary', downloads_used: 1, downloads_allowed: 100 },
      refund_rule_refusal: 'Only an automatic renewal can be refunded; all other purchases are final.',
      subscriptions: [{ source: 'complimentary', status: 'active', period_end: '2027-02-15T00:00:00.000Z' }],
      payments: [],
      syncs: [{ provider: 'quickbook', edition: 'Electrical Price List — March 2026', status: 'succeeded', total: 5 }],
      connections: [{ provider: 'quickbook', status: 'connected', account_name: 'Ohm Electric LLC' }],
    });
    expect(response.body).not.toContain('sealed-');
    expect(response.body).not.toContain('realm-1');
    expect(response.body).not.toContain('password_hash');

    expect((await op.client.get(path(api.operator.user.path, 2_000_000_000))).statusCode).toBe(404);
  });
});

describe('complimentary subscriptions', () => {
  test('granted, extended and revoked from the console, each recorded in the audit log with before and after', async () => {
    const op = await operator('grant-op');
    const { client, userId } = await clientFor(t, fixture, 'free', 'grant-user');
    const grant = await op.client.post(path(api.operator.grantComplimentary.path, userId!), { days: 30 });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().message).toMatch(/^Granted .* a complimentary subscription until 2026-03-31\.$/);
    expect(grant.json().user.subscription).toMatchObject({ source: 'complimentary', period_end: '2026-03-31T12:00:00.000Z' });
    expect((await client.get('/api/me/')).statusCode).toBe(200);
    expect((await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: 'none', format: 'csv', layout: 'price-list' })).statusCode).toBe(200);

    const extend = await op.client.post(path(api.operator.grantComplimentary.path, userId!), { days: 60 });
    expect(extend.json().message).toMatch(/^Extended .*'s complimentary subscription until 2026-04-30\.$/);
    const unchanged = await op.client.post(path(api.operator.grantComplimentary.path, userId!), { days: 10 });
    expect(unchanged.json().message).toContain('nothing changed');

    const revoke = await op.client.request('DELETE', path(api.operator.revokeComplimentary.path, userId!));
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().user.subscription).toBeNull();
    expect((await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: 'none', format: 'csv', layout: 'price-list' })).statusCode).toBe(403);
    expect((await op.client.request('DELETE', path(api.operator.revokeComplimentary.path, userId!))).statusCode).toBe(404);

    const entries = await auditEntries(userId!);
    expect(entries.map((e) => [e.action, e.operator_email, e.operator_id])).toEqual([
      ['subscription.grant_complimentary', op.email, op.id],
      ['subscription.grant_complimentary', op.email, op.id],
      ['subscription.revoke_complimentary', op.email, op.id],
    ]);
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ status: 'active', source: 'complimentary', period_end: '2026-03-31T12:00:00.000Z' });
    expect(entries[1]!.before).toMatchObject({ period_end: '2026-03-31T12:00:00.000Z' });
    expect(entries[1]!.after).toMatchObject({ period_end: '2026-04-30T12:00:00.000Z' });
    expect(entries[2]!.before).toMatchObject([{ status: 'active' }]);
    expect(entries[2]!.after).toMatchObject([{ status: 'expired' }]);
  });

  test('a number of days out of range is refused and changes nothing', async () => {
    const op = await operator('grant-bad');
    const { userId } = await clientFor(t, fixture, 'free', 'grant-bad-user');
    expect((await op.client.post(path(api.operator.grantComplimentary.path, userId!), { days: 0 })).statusCode).toBe(400);
    expect((await op.client.post(path(api.operator.grantComplimentary.path, userId!), { days: 5000 })).statusCode).toBe(400);
    expect(await auditEntries(userId!)).toEqual([]);
  });
});

describe('resending the activation mail', () => {
  test('mails a working link to an account waiting for activation, and refuses an activated one', async () => {
    const op = await operator('resend-op');
    const visitor = t.client({ remoteAddress: uniqueAddress() });
    const registered = await registerAccount(t, sims.smtp, visitor);
    const user = await findUser(t, registered.email);
    const response = await op.client.post(path(api.operator.resendActivation.path, user!.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(`A new activation link was sent to ${registered.email}.`);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, registered.email)).toHaveLength(2);
    const link = lastLinkTo(sims.smtp, registered.email, 'activate');
    expect((await visitor.post('/api/activate/', { uid: link.uid, token: link.token })).statusCode).toBe(200);
    expect((await auditEntries(user!.id)).map((e) => e.action)).toEqual(['user.resend_activation']);

    const again = await op.client.post(path(api.operator.resendActivation.path, user!.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', error: `${registered.email} is already activated.` });
  });
});

describe('disabling an account', () => {
  test('ends its sessions, refuses its calls and its sign-ins (password and Google) with a clear message; enabling lets it in again', async () => {
    const op = await operator('disable-op');
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'disabled-user');
    const user = await t.database.db.selectFrom('users').select('email').where('id', '=', userId!).executeTakeFirstOrThrow();
    expect((await client.get('/api/me/')).statusCode).toBe(200);

    const disable = await op.client.post(path(api.operator.disableUser.path, userId!), { reason: 'Chargeback fraud reported by the bank' });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(disable.json().user.account.is_disabled).toBe(true);
    expect(await t.database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId!).execute()).toEqual([]);

    expect((await client.get('/api/me/')).statusCode).toBe(401);
    expect((await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: 'none', format: 'csv', layout: 'price-list' })).statusCode).toBe(401);
    const login = await logIn(t.client({ remoteAddress: uniqueAddress() }), user.email, FIXTURE_PASSWORD);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', error: accountDisabledMessage(t.config.supportEmail) });
    const wrongPassword = await logIn(t.client({ remoteAddress: uniqueAddress() }), user.email, 'not the password at all');
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');

    const google = await t.client({ remoteAddress: uniqueAddress() }).post('/api/google-login/', { token: await sims.google.issueIdToken({ email: user.email }) });
    expect(google.statusCode).toBe(403);
    expect(google.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });

    expect((await op.client.post(path(api.operator.disableUser.path, userId!), {})).statusCode).toBe(409);

    const enable = await op.client.post(path(api.operator.enableUser.path, userId!));
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json().user.account.is_disabled).toBe(false);
    expect((await logIn(t.client({ remoteAddress: uniqueAddress() }), user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);

    const entries = await auditEntries(userId!);
    expect(entries.map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
      ['user.disable', { disabled: false }, { disabled: true, renewal_stopped: false }, 'Chargeback fraud reported by the bank'],
      ['user.enable', { disabled: true }, { disabled: false }, null],
    ]);
  });

  test('an operator account and the operator themselves are not disabled', async () => {
    const op = await operator('disable-self');
    const other = await operator('disable-other-op');
    const self = await op.client.post(path(api.operator.disableUser.path, op.id), {});
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe('You cannot disable your own account.');
    const operatorAccount = await op.client.post(path(api.operator.disableUser.path, other.id), {});
    expect(operatorAccount.statusCode).toBe(409);
    expect(operatorAccount.json().error).toContain('revoke the operator role first');
    expect((await other.client.get(api.operator.overview.path)).statusCode).toBe(200);
  });
});
