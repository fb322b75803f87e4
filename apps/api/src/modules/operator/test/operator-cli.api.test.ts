import { api } from '@tradelist/contract/api';
import { expect, test } from 'vitest';
import { adminUsage, runAdminCommand } from '../services/run-admin-command.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const admin = (...argv: string[]) => runAdminCommand(t.ctx, argv, new Map());
const roleOf = async (userId: number) => (await t.database.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role;
const logOf = (userId: number) =>
  t.database.db.selectFrom('operator_audit_log').selectAll().where('subject_type', '=', 'user').where('subject_id', '=', String(userId)).orderBy('id').execute();

test('grant-operator opens the console to a user, revoke-operator closes it; both are in the audit log as the command line', async () => {
  const { client, userId } = await clientFor(t, fixture, 'free', 'cli-operator');
  const { email } = await t.database.db.selectFrom('users').select('email').where('id', '=', userId!).executeTakeFirstOrThrow();
  expect((await client.get(api.operator.overview.path)).statusCode).toBe(403);

  // The first operator of this database: revoking it would leave none.
  expect(await admin('grant-operator', email.toUpperCase())).toEqual({ exitCode: 0, output: `${email} is now an operator: the console is at /operator.\n` });
  expect(await roleOf(userId!)).toBe('operator');
  expect((await client.get(api.operator.overview.path)).statusCode).toBe(200);

  expect(await admin('grant-operator', email)).toEqual({ exitCode: 1, output: `${email} is already an operator; nothing changed.\n` });
  expect(await admin('revoke-operator', email)).toEqual({ exitCode: 1, output: `${email} is the last operator; grant another operator first, then revoke this one.\n` });
  expect(await roleOf(userId!)).toBe('operator');

  const { userId: secondId } = await clientFor(t, fixture, 'free', 'cli-second');
  const second = await t.database.db.selectFrom('users').select('email').where('id', '=', secondId!).executeTakeFirstOrThrow();
  expect((await admin('grant-operator', second.email)).exitCode).toBe(0);
  expect(await admin('revoke-operator', email)).toEqual({ exitCode: 0, output: `${email} is no longer an operator.\n` });
  expect(await roleOf(userId!)).toBe('user');
  expect((await client.get(api.operator.overview.path)).statusCode).toBe(403);
  expect(await admin('revoke-operator', email)).toEqual({ exitCode: 1, output: `${email} is not an operator; nothing changed.\n` });

  const entries = await logOf(userId!);
  expect(entries.map((e) => [e.action, e.operator_id, e.operator_email, e.before, e.after])).toEqual([
    ['user.grant_operator', null, 'command line', { role: 'user' }, { role: 'operator' }],
    ['user.revoke_operator', null, 'command line', { role: 'operator' }, { role: 'user' }],
  ]);
});

test('unknown, unactivated and disabled accounts are refused with a clear message; a missing email shows the usage', async () => {
  expect(await admin('grant-operator', 'nobody@example.com')).toEqual({ exitCode: 1, output: 'There is no user with the email nobody@example.com.\n' });
  expect(await admin('revoke-operator', 'nobody@example.com')).toEqual({ exitCode: 1, output: 'There is no user with the email nobody@example.com.\n' });
  const { userId } = await clientFor(t, fixture, 'free', 'cli-waiting');
  const { email } = await t.database.db.updateTable('users').set({ is_verified: false }).where('id', '=', userId!).returning('email').executeTakeFirstOrThrow();
  expect((await admin('grant-operator', email)).output).toBe(`${email} has not activated the account yet; an operator must be able to sign in.\n`);
  await t.database.db.updateTable('users').set({ is_verified: true, is_active: false }).where('id', '=', userId!).execute();
  expect((await admin('grant-operator', email)).output).toBe(`${email} is disabled; enable the account first.\n`);
  expect(await logOf(userId!)).toEqual([]);

  const usage = await admin('grant-operator');
  expect(usage.exitCode).toBe(2);
  expect(usage.output).toContain('grant-operator <email>');
  expect(adminUsage).toContain('revoke-operator <email>');
});

test('grant-subscription and revoke-subscription from the command line are in the audit log too', async () => {
  const { userId } = await clientFor(t, fixture, 'free', 'cli-grant');
  const { email } = await t.database.db.selectFrom('users').select('email').where('id', '=', userId!).executeTakeFirstOrThrow();
  expect((await admin('grant-subscription', email, '--days', '30')).exitCode).toBe(0);
  expect((await admin('revoke-subscription', email)).exitCode).toBe(0);
  const entries = await logOf(userId!);
  expect(entries.map((e) => [e.action, e.operator_email])).toEqual([
    ['subscription.grant_complimentary', 'command line'],
    ['subscription.revoke_complimentary', 'command line'],
  ]);
  expect(entries[0]!.after).toMatchObject({ source: 'complimentary', status: 'active', period_end: '2026-03-31T12:00:00.000Z' });
});
