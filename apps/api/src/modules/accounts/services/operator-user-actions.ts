import { exceptionReasonMessage, type OperatorRefundRequest, type OperatorUserActionResponse } from '@tradelist/contract/operator-users';
import { formatUsd } from '@tradelist/pricing/money';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { grantSubscription, recordComplimentaryGrant, recordComplimentaryRevoke, refundPaymentAsException, requestRefund, revokeSubscription, stopRenewal } from '../../billing/index.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { findUserById } from '../repositories/users.ts';
import { disableAccount, enableAccount, refuseDisabling } from './disable-account.ts';
import { describeUser } from './operator-users.ts';
import { resendActivationFor } from './resend-activation.ts';

/**
 * The console's actions on one user (product §10.13). Each calls the owning module's service,
 * records itself in the audit log inside that service's transaction, and answers what it did
 * with the user as it stands now.
 */

async function userOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
  return user;
}

async function emailOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<string> {
  return (await userOf(ctx, userId)).email;
}

async function answer(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number, message: string): Promise<OperatorUserActionResponse> {
  return { message, user: await describeUser(ctx, userId) };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A complimentary subscription for `days` days, or the running one extended (billing's grant). */
export async function grantComplimentary(ctx: AppContext, actor: Actor, userId: number, days: number): Promise<OperatorUserActionResponse> {
  const user = await userOf(ctx, userId);
  const { email } = user;
  const result = await grantSubscription(ctx, { user, days }, recordComplimentaryGrant(ctx.clock.now(), actor));
  const until = day(result.subscription.period_end);
  const messages = {
    created: `Granted ${email} a complimentary subscription until ${until}.`,
    extended: `Extended ${email}'s complimentary subscription until ${until}.`,
    unchanged: `${email} already has a complimentary subscription until ${until}; nothing changed.`,
  };
  return answer(ctx, userId, messages[result.outcome]);
}

/** Ends the user's complimentary subscription now (billing's revoke); paid ones are left alone. */
export async function revokeComplimentary(ctx: AppContext, actor: Actor, userId: number): Promise<OperatorUserActionResponse> {
  const user = await userOf(ctx, userId);
  const { email } = user;
  const result = await revokeSubscription(ctx, { user }, recordComplimentaryRevoke(ctx.clock.now(), actor));
  const paid = result.stillEntitledBy ? ` A paid subscription still runs until ${day(result.stillEntitledBy.period_end)}.` : '';
  return answer(ctx, userId, `Ended ${email}'s complimentary subscription now.${paid}`);
}

/** A new activation link for an account that is not activated yet. */
export async function resendActivationLink(ctx: AppContext, actor: Actor, userId: number): Promise<OperatorUserActionResponse> {
  const now = ctx.clock.now();
  const { message } = await resendActivationFor(ctx, userId, (trx, user) =>
    recordOperatorAction(trx, now, actor, { action: 'user.resend_activation', subjectType: 'user', subjectId: user.id, after: { email: user.email } }),
  );
  return answer(ctx, userId, message);
}

/**
 * A refund at Stripe: by the refund rule (the current renewal, checked as when the user asks),
 * or as an exception for any payment made online, with the operator's reason in the audit log.
 */
export async function refundUserPayment(ctx: AppContext, actor: Actor, userId: number, request: OperatorRefundRequest): Promise<OperatorUserActionResponse> {
  const now = ctx.clock.now();
  await emailOf(ctx, userId);
  const state = (payment: { id: number; amount_cents: number; currency: string; kind: string }) => ({ payment_id: payment.id, kind: payment.kind, amount_cents: payment.amount_cents, currency: payment.currency });
  if (request.by === 'rule') {
    let refunded = 0;
    await requestRefund(ctx, userId, async (trx, change) => {
      refunded = change.payment.amount_cents;
      await recordOperatorAction(trx, now, actor, {
        action: 'payment.refund',
        subjectType: 'user',
        subjectId: userId,
        before: { ...state(change.payment), refunded: false },
        after: { ...state(change.payment), refunded: true, refund_id: change.refundId, by: 'rule' },
      });
    });
    return answer(ctx, userId, `Refunded ${formatUsd(refunded, { grouping: false })} by the refund rule; the subscription has ended.`);
  }
  const { payment_id: paymentId, reason } = request;
  // The contract requires both for an exception; checked again so the types say so.
  if (paymentId === undefined || reason === undefined) throw validationFailed({ reason: [exceptionReasonMessage] });
  const result = await refundPaymentAsException(ctx, userId, paymentId, (trx, change) =>
    recordOperatorAction(trx, now, actor, {
      action: 'payment.refund',
      subjectType: 'user',
      subjectId: userId,
      before: { ...state(change.payment), refunded: false },
      after: { ...state(change.payment), refunded: true, refund_id: change.refundId, by: 'exception', ended_subscription_id: change.endedSubscriptionId },
      reason,
    }),
  );
  const ended = result.endedSubscriptionId === null ? '' : ' The subscription it paid for has ended.';
  return answer(ctx, userId, `Refunded ${formatUsd(result.payment.amount_cents, { grouping: false })} as an exception.${ended}`);
}

/**
 * Disables the account: sessions end, sign-ins and calls are refused (the accounts module's rule),
 * and a renewing subscription stops renewing at Stripe first, so a disabled account is never
 * billed again. When Stripe cannot be reached the answer is 502 and the account stays as it was.
 */
export async function disableUser(ctx: AppContext, actor: Actor, userId: number, reason: string): Promise<OperatorUserActionResponse> {
  if (actor.id === userId) throw new AppError('CONFLICT', 'You cannot disable your own account.');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
  // The account's own rule refuses before Stripe is asked (and again under the row lock).
  refuseDisabling(user);
  const renewalStopped = await stopRenewal(ctx, userId);
  const now = ctx.clock.now();
  await disableAccount(ctx, userId, (trx, disabled) =>
    recordOperatorAction(trx, now, actor, {
      action: 'user.disable',
      subjectType: 'user',
      subjectId: disabled.id,
      before: { disabled: false },
      after: { disabled: true, renewal_stopped: renewalStopped },
      reason: reason || null,
    }),
  );
  const renewal = renewalStopped ? ' Their subscription no longer renews.' : '';
  return answer(ctx, userId, `${await emailOf(ctx, userId)} is disabled: signed out everywhere, and sign-ins are refused.${renewal}`);
}

/** Enables a disabled account again. */
export async function enableUser(ctx: AppContext, actor: Actor, userId: number): Promise<OperatorUserActionResponse> {
  const now = ctx.clock.now();
  await enableAccount(ctx, userId, (trx, user) =>
    recordOperatorAction(trx, now, actor, { action: 'user.enable', subjectType: 'user', subjectId: user.id, before: { disabled: true }, after: { disabled: false } }),
  );
  return answer(ctx, userId, `${await emailOf(ctx, userId)} can sign in again.`);
}
