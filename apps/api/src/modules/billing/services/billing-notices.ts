import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { PaymentRow, PlanRow } from '../../../db/schema.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { receiptMail } from '../../../mail/templates.ts';
import { claimBillingNotice } from '../repositories/ledger.ts';
import type { BillingUser } from './with-billing-lock.ts';

/** The subscriptions page, where the user manages what they bought. */
export function subscriptionsPageUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.appUrl}/dashboard/subscriptions`;
}

/** Queues a billing email once per (kind, subject); true when it was queued now. */
export async function notifyOnce(ctx: AppContext, trx: Db, user: BillingUser, kind: string, subjectKey: string, mail: () => Parameters<typeof queueEmail>[3]): Promise<boolean> {
  if (!(await claimBillingNotice(trx, { kind, subjectKey, userId: user.id, now: ctx.clock.now() }))) return false;
  await queueEmail(ctx, trx, user.email, mail());
  return true;
}

/** Mails the receipt of a payment of `plan`, once. */
export async function sendReceiptOnce(ctx: AppContext, trx: Db, user: BillingUser, plan: PlanRow, payment: PaymentRow): Promise<void> {
  await notifyOnce(ctx, trx, user, 'receipt', `payment:${payment.id}`, () =>
    receiptMail(user.name, {
      planName: plan.name,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      periodStart: payment.period_start,
      periodEnd: payment.period_end,
      kind: payment.kind,
      receiptUrl: payment.receipt_url,
      manageUrl: subscriptionsPageUrl(ctx),
    }),
  );
}
