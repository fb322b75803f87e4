import { z } from 'zod';
import { ID_MAX, singleLine } from './fields.ts';

/**
 * The operator console's shared shapes (product §12). Each part of the console adds its own
 * request and response schemas below.
 */

/** One entry of the audit log: who changed what, when, and the subject before and after. */
export const auditLogEntry = z.object({
  id: z.number().int(),
  operator_email: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** `GET /api/operator/audit-log/?before=&limit=&subject_type=&subject_id=`: newest first, one page. */
export const auditLogQuery = z.object({
  before: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  subject_type: singleLine(z.string().trim().min(1).max(50)).optional(),
  subject_id: singleLine(z.string().trim().min(1).max(100)).optional(),
});

export const auditLogResponse = z.object({
  entries: z.array(auditLogEntry),
  /** The `before` value of the next page, or null on the last page. */
  next_before: z.number().int().nullable(),
});
