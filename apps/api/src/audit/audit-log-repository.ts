import type { Db } from '../db/database.ts';

export interface AuditLogInsert {
  operator_id: number | null;
  operator_email: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: Date;
}

export interface AuditLogRow extends AuditLogInsert {
  id: number;
}

/** JSON for a jsonb column; undefined and null are stored as SQL NULL. */
function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export async function insertAuditLogEntry(db: Db, entry: AuditLogInsert): Promise<number> {
  const row = await db
    .insertInto('operator_audit_log')
    .values({ ...entry, before: json(entry.before), after: json(entry.after) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditLogFilter {
  before?: number;
  limit: number;
  subjectType?: string;
  subjectId?: string;
}

/** Newest first; `limit + 1` rows are read so the caller knows whether another page exists. */
export async function selectAuditLog(db: Db, filter: AuditLogFilter): Promise<AuditLogRow[]> {
  let query = db.selectFrom('operator_audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit + 1);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  if (filter.subjectType !== undefined) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
  return query.execute();
}
