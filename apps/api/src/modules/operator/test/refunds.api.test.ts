import { api } from '@tradelist/contract/api';
import { buildEndpointPath } from '@tradelist/contract/endpoint';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { clientFor } from '../../../../test/support/catalog.ts';
import { advancePastPeriodEnd, billingMails, buyer, downloadPaid, setUpPaymentsTest, subscribe, type Buyer, type PaymentsTest } from '../../../../test/support/stripe.ts';

let p: PaymentsTest;
setUpPaymentsTest((setup) => {
  p = setup;
});

const refundPath = (userId: number) => buildEndpointPath(api.operator.refund.path, { id: userId });
const paymentsOf = (b: Buyer) => p.t.database.db.selectFrom('payments').selectAll().where('user_id', '=', b.userId).orderBy('id').execute();
const subscriptionsOf = (b: Buyer) => p.t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', b.userId).orderBy('id').execute();
const refundEntries = (b: Buyer) =>
  p.t.database.db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'payment.refund').where('subject_id', '=', String(b.userId)).orderBy('id').execute();

async function operator(label: string) {
  const { client, userId } = await clientFor(p.t, p.fixture, 'free', label);
  const row = await p.t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).returning(['id', 'email']).executeTakeFirstOrThrow();
  return { client, ...row };
}

describe('refunds from the console', () => {
  test('by the rule: the renewal within 10 days with no download is refunded at Stripe, the subscription ends, the audit log has it', async () => {
    const b = await buyer(p, 'op-refund-rule');
    await subscribe(p, b);
    await advancePastPeriodEnd(p, b, 60);
    // Signed in after the year went by (a session does not last that long).
    const op = await operator('refund-rule-op');
    const detail = (await op.client.get(buildEndpointPath(api.operator.user.path, { id: b.userId }))).json();
    expect(detail.refund_rule_refusal).toBeNull();
    expect(detail.payments.map((x: { kind: string; refundable: boolean }) => [x.kind, x.refundable])).toEqual([
      ['renewal', true],
      ['first', true],
    ]);

    const response = await op.client.post(refundPath(b.userId), { by: 'rule' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Refunded $420.00 by the refund rule; the subscription has ended.');
    expect(response.json().user.subscription).toBeNull();
    const [, renewal] = await paymentsOf(b);
    expect(renewal!.refunded_at).not.toBeNull();
    expect(await p.stripe.refunds.retrieve(renewal!.stripe_refund_id!)).toMatchObject({ amount: 42_000, payment_intent: renewal!.stripe_payment_intent_id, status: 'succeeded' });
    expect((await p.stripe.subscriptions.retrieve((await subscriptionsOf(b))[0]!.stripe_subscription_id!)).status).toBe('canceled');

    const [entry] = await refundEntries(b);
    expect(entry).toMatchObject({ operator_email: op.email, subject_type: 'user', reason: null });
    expect(entry!.before).toMatchObject({ payment_id: renewal!.id, kind: 'renewal', amount_cents: 42_000, refunded: false });
    expect(entry!.after).toMatchObject({ payment_id: renewal!.id, refunded: true, refund_id: renewal!.stripe_refund_id, by: 'rule' });
    await p.t.ctx.queue.runDueJobs();
    expect((await billingMails(p, b)).filter((k) => k === 'payment-refunded')).toHaveLength(1);
  });

  test('by the rule, outside it: refused with the reason, nothing refunded, nothing logged', async () => {
    const op = await operator('refund-refused-op');
    const b = await buyer(p, 'op-refund-refused');
    await subscribe(p, b);
    const response = await op.client.post(refundPath(b.userId), { by: 'rule' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'REFUND_NOT_ALLOWED', error: 'Only an automatic renewal can be refunded; your first payment is final.' });
    expect((await paymentsOf(b))[0]!.refunded_at).toBeNull();
    expect(await refundEntries(b)).toEqual([]);
  });

  test('as an exception: a reason is required; the first payment is refunded at Stripe, the subscription ends, the reason is in the audit log', async () => {
    const op = await operator('refund-exception-op');
    const b = await buyer(p, 'op-refund-exception');
    await subscribe(p, b);
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    const [first] = await paymentsOf(b);

    const noReason = await op.client.post(refundPath(b.userId), { by: 'exception', payment_id: first!.id, reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toEqual(['Write why this refund is made outside the rule (at least 10 characters).']);
    expect((await paymentsOf(b))[0]!.refunded_at).toBeNull();

    const reason = 'Bought the wrong plan by mistake; called support the same day.';
    const response = await op.client.post(refundPath(b.userId), { by: 'exception', payment_id: first!.id, reason });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Refunded $420.00 as an exception. The subscription it paid for has ended.');
    expect(response.json().user.subscription).toBeNull();
    const [refunded] = await paymentsOf(b);
    expect(await p.stripe.refunds.retrieve(refunded!.stripe_refund_id!)).toMatchObject({ amount: 42_000, status: 'succeeded' });
    expect((await p.stripe.subscriptions.retrieve((await subscriptionsOf(b))[0]!.stripe_subscription_id!)).status).toBe('canceled');
    expect((await downloadPaid(p, b)).statusCode).toBe(403);

    const [entry] = await refundEntries(b);
    expect(entry).toMatchObject({ operator_email: op.email, reason });
    expect(entry!.after).toMatchObject({ payment_id: first!.id, refunded: true, by: 'exception' });

    const twice = await op.client.post(refundPath(b.userId), { by: 'exception', payment_id: first!.id, reason });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This payment has already been refunded.');
    expect(await refundEntries(b)).toHaveLength(1);
    await p.t.ctx.queue.runDueJobs();
    expect((await billingMails(p, b)).filter((k) => k === 'payment-refunded')).toHaveLength(1);
  });

  test('a refund by the rule that died after Stripe refunded, then the same payment refunded as an exception: the payment is refunded once and that refund is recorded', async () => {
    const b = await buyer(p, 'op-refund-both-flows');
    await subscribe(p, b);
    await advancePastPeriodEnd(p, b, 60);
    const op = await operator('refund-both-flows-op');
    // The database refuses the rule refund's audit entry once: its transaction dies after Stripe's answers.
    await sql`
      CREATE FUNCTION refuse_rule_refund_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'payment.refund' AND NEW.after->>'by' = 'rule' THEN RAISE EXCEPTION 'simulated crash before commit'; END IF;
        RETURN NEW;
      END $$`.execute(p.t.database.db);
    await sql`CREATE TRIGGER refuse_rule_refund_entry BEFORE INSERT ON operator_audit_log FOR EACH ROW EXECUTE FUNCTION refuse_rule_refund_entry()`.execute(p.t.database.db);
    try {
      expect((await op.client.post(refundPath(b.userId), { by: 'rule' })).statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER IF EXISTS refuse_rule_refund_entry ON operator_audit_log`.execute(p.t.database.db);
      await sql`DROP FUNCTION IF EXISTS refuse_rule_refund_entry()`.execute(p.t.database.db);
    }
    const [, renewal] = await paymentsOf(b);
    expect(renewal!.refunded_at).toBeNull();
    const atStripe = await p.stripe.refunds.list({ payment_intent: renewal!.stripe_payment_intent_id! });
    expect(atStripe.data).toHaveLength(1);

    const reason = 'The refund by the rule failed half way; finishing it by hand.';
    const response = await op.client.post(refundPath(b.userId), { by: 'exception', payment_id: renewal!.id, reason });
    expect(response.statusCode, response.body).toBe(200);
    expect((await paymentsOf(b))[1]).toMatchObject({ stripe_refund_id: atStripe.data[0]!.id });
    expect(response.json().message).toBe('Refunded $420.00 as an exception. The subscription it paid for has ended.');
    const charge = (await p.stripe.paymentIntents.retrieve(renewal!.stripe_payment_intent_id!, { expand: ['latest_charge'] })).latest_charge as { amount_refunded: number };
    expect(charge.amount_refunded).toBe(42_000);
    expect((await p.stripe.refunds.list({ payment_intent: renewal!.stripe_payment_intent_id! })).data).toHaveLength(1);
  });

  test("as an exception, another user's payment is not found", async () => {
    const op = await operator('refund-other-op');
    const b = await buyer(p, 'op-refund-owner');
    await subscribe(p, b);
    const other = await buyer(p, 'op-refund-other');
    const [payment] = await paymentsOf(b);
    const response = await op.client.post(refundPath(other.userId), { by: 'exception', payment_id: payment!.id, reason: 'Trying the wrong account on purpose.' });
    expect(response.statusCode).toBe(404);
    expect((await paymentsOf(b))[0]!.refunded_at).toBeNull();
  });
});

describe('disabling a paying subscriber', () => {
  test('stops the renewal at Stripe before the account is disabled: the paid year runs out and is not renewed', async () => {
    const b = await buyer(p, 'op-disable-renewing');
    await subscribe(p, b);
    const [subscription] = await subscriptionsOf(b);
    expect(subscription).toMatchObject({ source: 'stripe_subscription', auto_renew: true });
    const op = await operator('disable-renewing-op');

    const response = await op.client.post(buildEndpointPath(api.operator.disableUser.path, { id: b.userId }), { reason: 'Fraud reported by the bank' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain('Their subscription no longer renews.');

    const atStripe = await p.stripe.subscriptions.retrieve(subscription!.stripe_subscription_id!);
    expect(atStripe.cancel_at_period_end).toBe(true);
    expect((await subscriptionsOf(b))[0]).toMatchObject({ auto_renew: false });
    const [entry] = await p.t.database.db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'user.disable').where('subject_id', '=', String(b.userId)).execute();
    expect(entry).toMatchObject({ after: { disabled: true, renewal_stopped: true }, reason: 'Fraud reported by the bank' });
  });
});
