import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { withBillingLock } from './with-billing-lock.ts';

/**
 * Brings the user's Stripe customer up to date with the account's email and name (Stripe's
 * `POST /v1/customers/{id}`, `email` and `name`), so the billing portal and Stripe's receipts
 * show the address and name the user has now (docs/decisions/0031). It reads the account when it
 * runs, under the user's billing lock, so whichever run comes last sends the newest values, and
 * running it twice changes nothing. A failure (Stripe down, a 500) is retried with backoff; each
 * attempt has its own idempotency key, because Stripe replays a saved 500 to the same key.
 */
export const updateStripeCustomer = defineJob({
  name: 'stripe-customer-update',
  payload: z.object({ userId: z.number().int().positive() }),
  concurrency: 2,
  maxAttempts: 12,
  backoff: { baseSeconds: 10, maxSeconds: 60 * 60 },
  handle: async ({ userId }, { ctx, jobId, attempt }) => {
    const stripe = ctx.stripe;
    if (!stripe) {
      ctx.log.warn({ userId }, 'The Stripe customer was not updated: payments are not set up on this server');
      return;
    }
    await withBillingLock(ctx, userId, async (_trx, user) => {
      if (!user.stripe_customer_id) return;
      await stripe.customers.update(user.stripe_customer_id, { email: user.email, name: user.name }, { idempotencyKey: `tradelist-customer-details-${jobId}-${attempt}` });
    });
  },
  onGiveUp: async ({ userId }, error, { ctx }) => {
    ctx.log.error({ userId, error }, 'The Stripe customer could not be updated with the account\'s email and name');
  },
});

/**
 * Queues the update of the user's Stripe customer in the transaction that changed their email or
 * name (a unit of work, whose commit wakes the workers). A user without a Stripe customer has nothing
 * at Stripe to update: a customer made later is made with the current values.
 */
export async function queueStripeCustomerUpdate(ctx: Pick<AppContext, 'queue'>, trx: Db, user: Pick<User, 'id' | 'stripe_customer_id'>): Promise<void> {
  if (!user.stripe_customer_id) return;
  await ctx.queue.enqueue(updateStripeCustomer, { userId: user.id }, { db: trx });
}
