import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './columns.ts';

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
  /** Set when the same logical job must be queued once: unique per queue while the row exists. */
  idempotency_key: Generated<string | null>;
  /** The worker (`host/pid`) that claimed the job last. */
  claimed_by: Generated<string | null>;
}

/** Scheduled work: one row per task, claimed by one process of the cluster per period. */
export interface JobSchedulesTable {
  name: string;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  last_run_by: string | null;
}

/**
 * Every email the product sends, written in the same transaction as the change that causes it.
 * The bodies hold live links, so they are removed once the mail is sent or abandoned (null).
 */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  kind: string;
  /** Extra headers (the one-click unsubscribe of RFC 8058); dropped with the bodies. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
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

/** An uploaded file (a picture, a content image), served under `/media/<key>` (decision 0035). */
export interface UploadedFilesTable {
  key: string;
  content_type: string;
  /** Hex SHA-256 of the content: the ETag. */
  sha256: string;
  size: number;
  content: Buffer;
  created_at: Timestamp;
}

/** What each operator changed (product §12): appended, never edited. */
export interface OperatorAuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  reason: string | null;
  created_at: Timestamp;
}
