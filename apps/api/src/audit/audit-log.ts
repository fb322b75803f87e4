import type { AuditLogEntry } from '@tradelist/contract/operator';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { insertAuditLogEntry, selectAuditLog, type AuditLogFilter } from './audit-log-repository.ts';

/** The operator who acts: the signed-in user of the console (or the CLI's named operator). */
export interface Actor {
  id: number | null;
  email: string;
}

/** The actor of the operator commands (`npm run admin -- ...`): nobody signed in. */
export const commandLineActor: Actor = { id: null, email: 'command line' };

export interface OperatorAction {
  /** What was done, as `<subject>.<verb>`: `plan.update`, `edition.publish`, `user.disable`... */
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The operator's written reason, where the action asks for one (a refund outside the rule). */
  reason?: string | null;
}

/**
 * Records one operator action. Call it with the transaction that makes the change, so the log
 * holds exactly the changes that were committed.
 */
export async function recordOperatorAction(db: Db, now: Date, actor: Actor, action: OperatorAction): Promise<void> {
  await insertAuditLogEntry(db, {
    operator_id: actor.id,
    operator_email: actor.email,
    action: action.action,
    subject_type: action.subjectType,
    subject_id: action.subjectId === null ? null : String(action.subjectId),
    before: action.before,
    after: action.after,
    reason: action.reason ?? null,
    created_at: now,
  });
}

/** One page of the audit log, newest first. */
export async function listAuditLog(ctx: Pick<AppContext, 'db'>, filter: AuditLogFilter): Promise<{ entries: AuditLogEntry[]; next_before: number | null }> {
  const rows = await selectAuditLog(ctx.db, filter);
  const page = rows.slice(0, filter.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      operator_email: row.operator_email,
      action: row.action,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      before: row.before ?? null,
      after: row.after ?? null,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
    })),
    next_before: rows.length > filter.limit ? page[page.length - 1]!.id : null,
  };
}
