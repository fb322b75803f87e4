import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_LISTED_PROBLEMS, type EditionUploadQuery, type EditionUploadResponse, type OperatorEdition } from '@tradelist/contract/operator-editions';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { addSeconds, utcDay } from '../../../lib/clock.ts';
import type { Actor } from '../../../audit/audit-log.ts';
import { presentCheckedUpload } from '../presenters/operator-editions.ts';
import {
  deleteEditionUpload,
  deleteEditionUploadsBefore,
  findEditionUpload,
  findEditionUploadPart,
  insertEditionUpload,
  insertEditionUploadPart,
} from '../repositories/edition-uploads.ts';
import { checkEdition, checkEditionToPublish } from './check-edition.ts';
import type { EditionAnnouncements } from './edition-announcements.ts';
import { requireCategory } from './edition-input.ts';
import { publishCheckedEdition } from './publish-edition.ts';
import { findOperatorEdition } from './list-editions.ts';

/** How long a previewed file waits to be published (decision 0019). */
const UPLOAD_KEPT_SECONDS = 24 * 60 * 60;
/** A kept file is stored in parts of this size, one statement each (decision 0024). */
export const EDITION_UPLOAD_PART_BYTES = 256 * 1024;

export const uploadGoneMessage = 'This preview is no longer available (it was published, or is over a day old). Upload the file again.';
export const uploadChangedMessage = 'This is not the file that was previewed. Upload the file again.';

/**
 * The console's upload (product §10.13): the file (read by `readFile` once the category is known)
 * checked by the same rules as the command line.
 * With problems, every one with its row number and nothing stored; otherwise the file is kept
 * (bytes and SHA-256) for publishing, and the preview of what changes is answered.
 */
export async function stageEditionUpload(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operatorId: number,
  query: EditionUploadQuery,
  readFile: () => Promise<{ fileName: string; content: Uint8Array }>,
): Promise<EditionUploadResponse> {
  // An unknown category is refused before the file is read.
  await requireCategory(ctx, String(query.category_id));
  const file = await readFile();
  const checked = await checkEdition(ctx, { category: String(query.category_id), name: query.name, rundate: query.rundate, fileName: file.fileName, content: file.content });
  if (checked.status === 'rejected') {
    return { status: 'rejected', problem_count: checked.problems.length, problems: checked.problems.slice(0, MAX_LISTED_PROBLEMS) };
  }
  const now = ctx.clock.now();
  const uploadId = await ctx.db.transaction().execute(async (trx) => {
    await deleteEditionUploadsBefore(trx, addSeconds(now, -UPLOAD_KEPT_SECONDS));
    return insertEditionUpload(trx, {
      category_id: checked.category.id,
      name: checked.edition.name,
      rundate: checked.edition.rundate,
      file_name: file.fileName,
      sha256: checked.sha256,
      uploaded_by: operatorId,
      created_at: now,
    });
  });
  // Part by part, each its own statement with a turn of the event loop between: other requests
  // are answered meanwhile. A file cut short by a crash never matches its SHA-256 at publishing.
  const content = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  for (let part = 0; part * EDITION_UPLOAD_PART_BYTES < content.length; part++) {
    await insertEditionUploadPart(ctx.db, uploadId, part, content.subarray(part * EDITION_UPLOAD_PART_BYTES, (part + 1) * EDITION_UPLOAD_PART_BYTES));
    await nextTurn();
  }
  return presentCheckedUpload(uploadId, checked, utcDay(now));
}

/** A kept file's bytes, read part by part as they were written. */
async function readKeptFile(ctx: Pick<AppContext, 'db'>, uploadId: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for (let part = 0; ; part++) {
    const bytes = await findEditionUploadPart(ctx.db, uploadId, part);
    if (!bytes) break;
    parts.push(bytes);
    await nextTurn();
  }
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Publishes a previewed file: the kept bytes, whose hash must be the preview's, are checked
 * again by the same code (so what is stored is what was previewed, against the editions of now)
 * and published; the kept file is removed in the same transaction, so a second click publishes
 * nothing. An edition whose run date has come starts its announcement at once.
 */
export async function publishEditionUpload(ctx: AppContext, announcements: EditionAnnouncements, actor: Actor, uploadId: number, sha256: string): Promise<OperatorEdition> {
  const upload = await findEditionUpload(ctx.db, uploadId);
  if (!upload || upload.created_at < addSeconds(ctx.clock.now(), -UPLOAD_KEPT_SECONDS)) throw new AppError('NOT_FOUND', uploadGoneMessage);
  if (upload.sha256 !== sha256) throw new AppError('VALIDATION_FAILED', uploadChangedMessage, { sha256: [uploadChangedMessage] });
  const checked = await checkEditionToPublish(ctx, {
    category: String(upload.category_id),
    name: upload.name ?? undefined,
    rundate: upload.rundate,
    fileName: upload.file_name,
    content: await readKeptFile(ctx, upload.id),
  });
  if (checked.status === 'rejected' || checked.sha256 !== upload.sha256) throw new AppError('VALIDATION_FAILED', uploadChangedMessage);
  const { id } = await publishCheckedEdition(ctx, checked, actor, announcements, async (trx) => {
    if (!(await deleteEditionUpload(trx, upload.id))) throw new AppError('NOT_FOUND', uploadGoneMessage);
  });
  await announcements.startDue(ctx);
  return findOperatorEdition(ctx, announcements, id);
}
