import { isApiError } from '../../../lib/api-client';
import { serverErrorLines, type FieldLabels } from '../../../lib/error-messages';

/** How the screen answers a refused POST /api/sync-products/. */
export type SyncStartFailure =
  /** 409 SYNC_RUNNING: one is already running for this provider; follow it instead. */
  | { kind: 'running'; syncId: number; message: string | null }
  /** 409 NOT_CONNECTED: the server holds no live connection; the user signs in again (product §4.5). */
  | { kind: 'not-connected'; message: string | null }
  /** Anything else: the server's error (or field errors), else the failure's own message (product §8.7). */
  | { kind: 'error'; messages: string[] };

/** The sync call's fields as the catalog names them. */
const syncFieldLabels: FieldLabels = { collection_id: 'Price list', catelog_id: 'Category', software_name: 'Software', company_id: 'QuickBooks company' };

export function classifySyncStartFailure(error: unknown): SyncStartFailure {
  if (isApiError(error)) {
    const body = error.body;
    if (body?.code === 'SYNC_RUNNING' && body.sync_id !== undefined) return { kind: 'running', syncId: body.sync_id, message: body.error || null };
    if (body?.code === 'NOT_CONNECTED') return { kind: 'not-connected', message: body.error || null };
    const lines = serverErrorLines(body, syncFieldLabels);
    if (lines.length > 0) return { kind: 'error', messages: lines };
  }
  return { kind: 'error', messages: [error instanceof Error && error.message ? error.message : 'The sync could not be started.'] };
}
