import type { Db } from '../../../db/database.ts';

/**
 * Forgets the user's Stripe customer: an account cleared after a takeover (docs/decisions/0022)
 * must not reach the previous holder's customer, its saved cards and invoices, from its billing
 * portal or its next checkout. The customer stays at Stripe with its history.
 */
export async function clearStripeCustomer(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ stripe_customer_id: null }).where('id', '=', userId).execute();
}
