import type { SessionUser } from '@tradelist/contract/accounts';
import type { User } from '../../../db/schema.ts';

/**
 * The only shape in which a user leaves the server (never the row: it holds the password hash).
 * `status` is the subscriber flag of product §4: true while a subscription entitles the user;
 * `update1` and `update2` are the wire's names of the two email preferences (product §7).
 */
export function presentSessionUser(user: User, options: { hasActiveSubscription: boolean }): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: options.hasActiveSubscription,
    is_verified: user.is_verified,
    is_onboarded: user.is_onboarded,
    update1: user.wants_edition_emails,
    update2: user.wants_product_news,
    role: user.role,
    google_email: user.google_subject ? user.google_email : null,
    google_only: user.password_hash === null,
  };
}
