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

/**
 * Reads the one file of an upload call into memory, within its limit (product §11.13): not
 * multipart is a 415; a declared length beyond the limit is refused before anything is read,
 * and a file that passes the limit while it streams is refused as soon as it does (413). The
 * file's name and declared type are not looked at: what it is is decided by its content.
 */
export async function readUploadedFile(request: FastifyRequest, limits: UploadLimits): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data in the field ${limits.field}.`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes + UPLOAD_ENVELOPE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLargeMessage);
  try {
    const part = await request.file({ limits: { fileSize: limits.maxBytes } });
    if (!part || part.fieldname !== limits.field) throw validationFailed({ [limits.field]: [limits.missingMessage] });
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLargeMessage);
    throw error;
  }
}
