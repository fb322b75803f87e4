import type { TestApp, TestClient } from './test-app.ts';
import { clientFor, type CatalogFixture } from './catalog.ts';

/** A signed-in operator's client and who they are (as the audit log names them). */
export async function operatorClientFor(t: TestApp, fixture: CatalogFixture, label: string): Promise<{ client: TestClient; actor: { id: number; email: string } }> {
  const { client, userId } = await clientFor(t, fixture, 'free', label);
  const actor = await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).returning(['id', 'email']).executeTakeFirstOrThrow();
  return { client, actor };
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----tradelist-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'upload.bin'}"\r\n` +
      `Content-Type: ${options.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The audit entries of a subject, oldest first. */
export function auditEntriesOf(t: TestApp, subjectType: string, subjectId: string | number) {
  return t.database.db.selectFrom('operator_audit_log').selectAll().where('subject_type', '=', subjectType).where('subject_id', '=', String(subjectId)).orderBy('id').execute();
}
