import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** Users of the product (product §3 session fields plus what accounts need). */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  is_verified: Generated<boolean>;
  is_active: Generated<boolean>;
  is_onboarded: Generated<boolean>;
  /** Sends new-edition emails (the wire's `update1`, product §7). */
  wants_edition_emails: Generated<boolean>;
  /** Sends product news (the wire's `update2`). */
  wants_product_news: Generated<boolean>;
  role: Generated<'user' | 'operator'>;
  password_changed_at: Timestamp | null;
  last_login_at: Timestamp | null;
  /** The user's customer at Stripe, once they have paid. */
  stripe_customer_id: Generated<string | null>;
  /** The Google address of an account that signs in with Google (the Connections tab). */
  google_email: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

/** Single-use links (activation, password reset); only the SHA-256 of the token is stored. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activate' | 'reset' | 'confirm_email';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The new address a `confirm_email` link confirms (the pending address of an email change). */
  email: Generated<string | null>;
  /** What a registration of a never-activated account's address asks for, applied when its own link is used. */
  password_hash: Generated<string | null>;
  name: Generated<string | null>;
}

/** The `jti` of each Google ID token used to sign in, kept until the token expires (no replay). */
export interface GoogleTokenUsesTable {
  jti: string;
  expires_at: Timestamp;
  used_at: Timestamp;
}

/** A user's onboarding answers (product §2 onboarding dialog). */
export interface OnboardingAnswersTable {
  user_id: number;
  software: string;
  team_size: string;
  referral_source: string;
  phone_number: string | null;
  can_contact: boolean;
  answered_at: Timestamp;
}

/** A user's profile picture: the random name of its file, stored as `profile-pictures/<name>` in uploaded_files (product §11.13). */
export interface ProfilePicturesTable {
  user_id: number;
  file_name: string;
  updated_at: Timestamp;
}
