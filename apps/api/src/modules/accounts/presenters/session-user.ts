import type { SessionUser } from '@tradelist/contract/accounts';
import type { User } from '../../../db/schema.ts';

/**
 * The only shape in which a user leaves the server (never the row: it holds the password hash).
 * `status` is the subscriber flag of product §4: true while a subscription entitles the user.
 */
export function presentSessionUser(user: User, options: { hasActiveSubscription: boolean }): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: options.hasActiveSubscription,
    is_verified: user.is_verified,
    is_onboarded: user.is_onboarded,
    update1: user.update1,
    update2: user.update2,
    role: user.role,
    google_email: user.google_subject ? user.google_email : null,
    google_only: user.password_hash === null,
  };
}
