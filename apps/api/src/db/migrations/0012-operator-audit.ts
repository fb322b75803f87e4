import { sql, type Kysely } from 'kysely';

/**
 * The operator console's audit log (product §12): every operator action that changes something,
 * with who did it, what it was, when, and the subject before and after. Rows are only ever added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator_audit_log (
      id serial PRIMARY KEY,
      operator_id integer REFERENCES users (id) ON DELETE SET NULL,
      operator_email text NOT NULL,
      action text NOT NULL,
      subject_type text NOT NULL,
      subject_id text,
      before jsonb,
      after jsonb,
      reason text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX operator_audit_log_recent ON operator_audit_log (id DESC);
    CREATE INDEX operator_audit_log_subject ON operator_audit_log (subject_type, subject_id, id DESC);
  `.execute(db);
}
