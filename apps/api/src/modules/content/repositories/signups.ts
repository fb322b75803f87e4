import type { Db } from '../../../db/database.ts';

export interface NewsletterSubscriber {
  id: number;
  email: string;
  unsubscribed_at: Date | null;
}

/**
 * Stores the address once: a new row, or a row that had unsubscribed made active again. Answers
 * the subscriber and whether it was (re)subscribed now; an active address changes nothing.
 */
export async function subscribeToNewsletter(db: Db, email: string, now: Date, clientAddress: string): Promise<{ subscriber: NewsletterSubscriber; subscribed: boolean }> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({ email, subscribed_at: now, unsubscribed_at: null, client_address: clientAddress })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email', 'unsubscribed_at'])
    .executeTakeFirst();
  if (inserted) return { subscriber: inserted, subscribed: true };
  const resubscribed = await db
    .updateTable('newsletter_subscribers')
    .set({ subscribed_at: now, unsubscribed_at: null, client_address: clientAddress })
    .where('email', '=', email)
    .where('unsubscribed_at', 'is not', null)
    .returning(['id', 'email', 'unsubscribed_at'])
    .executeTakeFirst();
  if (resubscribed) return { subscriber: resubscribed, subscribed: true };
  const existing = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'unsubscribed_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { subscriber: existing, subscribed: false };
}

/** Marks the subscriber unsubscribed (once; a second call keeps the first date). True if it exists. */
export async function unsubscribeFromNewsletter(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Enters the address in the free-year draw once; true when it was new. */
export async function insertMarketingSignup(db: Db, email: string, now: Date, clientAddress: string): Promise<boolean> {
  const row = await db
    .insertInto('marketing_signups')
    .values({ email, signed_up_at: now, client_address: clientAddress })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a request for the setup call. */
export async function insertSetupCallRequest(
  db: Db,
  request: { name: string; email: string; phone: string | null; preferredTime: string; requestedAt: Date; clientAddress: string },
): Promise<void> {
  await db
    .insertInto('setup_call_requests')
    .values({ name: request.name, email: request.email, phone: request.phone, preferred_time: request.preferredTime, requested_at: request.requestedAt, client_address: request.clientAddress })
    .execute();
}
