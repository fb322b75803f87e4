import type { Db } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';

/**
 * Locks a user's row until the transaction ends: every change to one user's billing (a webhook,
 * the success page, a cancel, a refund) runs one after the other, each reading Stripe after the
 * previous one committed, so an older answer never overwrites a newer one. FOR NO KEY UPDATE,
 * not FOR UPDATE: rows that merely reference the user (a download being logged) take a key-share
 * lock on it, and must not wait for billing, or a download holding its subscription lock and a
 * refund holding this one would deadlock.
 */
export async function lockUserForBilling(db: Db, userId: number): Promise<Pick<User, 'id' | 'email' | 'name' | 'is_verified' | 'stripe_customer_id'> | undefined> {
  return db.selectFrom('users').select(['id', 'email', 'name', 'is_verified', 'stripe_customer_id']).where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** The user whose Stripe customer this is. */
export async function findUserIdByStripeCustomer(db: Db, customerId: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
  return row?.id;
}

/**
 * Remembers the user's Stripe customer (created once, reused for every checkout), or forgets it
 * (null): an account cleared after a takeover (decision 0022) must not reach the previous
 * holder's customer, its saved cards and invoices; the customer stays at Stripe with its history.
 */
export async function setStripeCustomer(db: Db, userId: number, customerId: string | null): Promise<void> {
  await db.updateTable('users').set({ stripe_customer_id: customerId }).where('id', '=', userId).execute();
}
