import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../errors.ts';

/** The multipart envelope around a file (boundaries, part headers) on top of the file itself. */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

export interface UploadLimits {
  /** The multipart field that must carry the file. */
  field: string;
  maxBytes: number;
  /** The 413's message, naming the limit in the user's terms ("at most 5 MB"). */
  tooLargeMessage: string;
  /** The 400's message when the file is missing. */
  missingMessage: string;
}

/** One uploaded file: its bytes and the name the browser gave it ('' when none). */
export interface UploadedFile {
  /** Without control characters (a NUL cannot be stored as text) and at most 255 characters. */
  fileName: string;
  content: Buffer;
}

/** The browser's file name as it may be stored and shown: no control characters, 255 characters at most. */
function storableFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
}

/** The 400 of a body that is not a complete multipart/form-data form (issue 17 §4). */
export function malformedUploadMessage(field: string): string {
  return `The upload could not be read: send one file as a complete multipart/form-data form in the field ${field}.`;
}

/**
 * Reads the one file of an upload call into memory, within its limit (product §11.13): not
 * multipart is a 415; a declared length beyond the limit is refused before anything is read,
 * and a file that passes the limit while it streams is refused as soon as it does (413). A body
 * the multipart parser cannot read (no boundary, another boundary, cut before its closing
 * boundary, a malformed part) is a 400: every failure of reading the body is the client's. The
 * file's name and declared type are not looked at: what it is is decided by its content.
 */
export async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data in the field ${limits.field}.`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes + UPLOAD_ENVELOPE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLargeMessage);
  const { multipartErrors } = request.server;
  try {
    const part = await request.file({ limits: { fileSize: limits.maxBytes } });
    if (!part || part.fieldname !== limits.field) throw validationFailed({ [limits.field]: [limits.missingMessage] });
    return { fileName: storableFileName(part.filename), content: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof multipartErrors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLargeMessage);
    if (error instanceof multipartErrors.FilesLimitError || error instanceof multipartErrors.PartsLimitError || error instanceof multipartErrors.FieldsLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The form has too many parts: send one file in the field ${limits.field}.`);
    }
    // busboy's "Multipart: Boundary not found", "Unexpected end of form", "Malformed part
    // header"..., @fastify/multipart's own 4xx errors, and a client that hung up mid-body.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError('VALIDATION_FAILED', malformedUploadMessage(limits.field));
  }
}

/** The bytes of the one file of an upload call (see readUpload). */
export async function readUploadedFile(request: FastifyRequest, limits: UploadLimits): Promise<Buffer> {
  return (await readUpload(request, limits)).content;
}
