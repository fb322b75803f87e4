import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Users of the product (SPEC §3 session fields plus what accounts need). */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  is_verified: Generated<boolean>;
  is_active: Generated<boolean>;
  is_onboarded: Generated<boolean>;
  update1: Generated<boolean>;
  update2: Generated<boolean>;
  role: Generated<'user' | 'operator'>;
  password_changed_at: Timestamp | null;
  last_login_at: Timestamp | null;
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
  purpose: 'activate' | 'reset';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The durable job queue. */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  payload: Json<unknown>;
  state: Generated<'queued' | 'active' | 'completed' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
}

/** Every email the product sends, written in the same transaction as the change that causes it. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  kind: string;
  status: Generated<'pending' | 'sent' | 'abandoned'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** Fixed-window counters for rate limits, shared by every API process. */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Job = Selectable<JobsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
