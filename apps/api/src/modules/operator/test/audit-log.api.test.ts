import { api } from '@tradelist/contract/api';
import { expect, test } from 'vitest';
import { recordOperatorAction } from '../../../audit/audit-log.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

async function operatorClient(label: string) {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).execute();
  const user = await t.database.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId!).executeTakeFirstOrThrow();
  return { client, actor: user };
}

test('the audit log lists what operators changed, newest first, one page at a time, filtered by subject', async () => {
  const { client, actor } = await operatorClient('audit-reader');
  const now = new Date('2026-11-02T10:00:00Z');
  await t.database.db.transaction().execute(async (tx) => {
    await recordOperatorAction(tx, now, actor, { action: 'plan.update', subjectType: 'plan', subjectId: 7, before: { price: 100 }, after: { price: 120 } });
    await recordOperatorAction(tx, now, actor, { action: 'payment.refund', subjectType: 'payment', subjectId: 'pi_1', reason: 'Charged twice by mistake' });
    await recordOperatorAction(tx, now, actor, { action: 'plan.update', subjectType: 'plan', subjectId: 8, after: { active: false } });
  });

  const first = await client.get(`${api.operator.auditLog.path}?limit=2`);
  expect(first.statusCode).toBe(200);
  const firstPage = first.json() as { entries: Array<Record<string, unknown>>; next_before: number | null };
  expect(firstPage.entries.map((e) => [e.action, e.subject_id])).toEqual([
    ['plan.update', '8'],
    ['payment.refund', 'pi_1'],
  ]);
  expect(firstPage.entries[1]).toMatchObject({ operator_email: actor.email, reason: 'Charged twice by mistake', before: null, after: null, created_at: now.toISOString() });
  expect(firstPage.next_before).toBe(firstPage.entries[1]!.id);

  const second = (await client.get(`${api.operator.auditLog.path}?limit=2&before=${firstPage.next_before}`)).json() as typeof firstPage;
  expect(second.entries.some((e) => e.action === 'plan.update' && e.subject_id === '7')).toBe(true);
  const plan7 = second.entries.find((e) => e.subject_id === '7');
  expect(plan7).toMatchObject({ before: { price: 100 }, after: { price: 120 } });

  const filtered = (await client.get(`${api.operator.auditLog.path}?subject_type=plan&subject_id=8`)).json() as typeof firstPage;
  expect(filtered.entries.map((e) => e.subject_id)).toEqual(['8']);
  expect(filtered.next_before).toBeNull();
});

test('a change that is rolled back leaves no entry in the audit log', async () => {
  const { actor } = await operatorClient('audit-rollback');
  await expect(
    t.database.db.transaction().execute(async (tx) => {
      await recordOperatorAction(tx, new Date(), actor, { action: 'plan.update', subjectType: 'plan', subjectId: 'rolled-back' });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  const rows = await t.database.db.selectFrom('operator_audit_log').select('id').where('subject_id', '=', 'rolled-back').execute();
  expect(rows).toEqual([]);
});

test('the audit log refuses a page size out of range', async () => {
  const { client } = await operatorClient('audit-bad-query');
  expect((await client.get(`${api.operator.auditLog.path}?limit=0`)).statusCode).toBe(400);
  expect((await client.get(`${api.operator.auditLog.path}?before=99999999999`)).statusCode).toBe(400);
});
