import {
  GUIDE_CAPTIONS_MAX_BYTES,
  GUIDE_PDF_MAX_BYTES,
  GUIDE_VIDEO_MAX_BYTES,
  OPERATOR_IMAGE_MAX_BYTES,
  OPERATOR_UPLOAD_FIELD,
} from '@tradelist/contract/operator-content';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit-log.ts';
import { requireUser } from '../security/session-plugin.ts';
import { readUploadedFile, UPLOAD_ENVELOPE_BYTES } from './read-upload.ts';

/**
 * What the calls of the operator context share, whichever module registers them: the operator
 * who makes the call, and the console's uploads (images, guide PDFs, videos, captions).
 */

/** The operator who makes the call, as the audit log names them. */
export function operatorActor(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return { id: user.id, email: user.email };
}

/** Limits of each kind of the console's uploads, and the 413 message that names them. */
const operatorUploads = {
  image: { maxBytes: OPERATOR_IMAGE_MAX_BYTES, tooLargeMessage: 'The image is too large: at most 5 MB.', missingMessage: 'Choose an image to upload.' },
  pdf: { maxBytes: GUIDE_PDF_MAX_BYTES, tooLargeMessage: 'The PDF is too large: at most 20 MB.', missingMessage: 'Choose a PDF to upload.' },
  video: { maxBytes: GUIDE_VIDEO_MAX_BYTES, tooLargeMessage: 'The video is too large: at most 100 MB.', missingMessage: 'Choose a video to upload.' },
  captions: { maxBytes: GUIDE_CAPTIONS_MAX_BYTES, tooLargeMessage: 'The captions file is too large: at most 512 kB.', missingMessage: 'Choose a captions file to upload.' },
} as const;

export type OperatorUploadKind = keyof typeof operatorUploads;

/** Reads the uploaded file of a console call, within the limits of its kind. */
export const readOperatorUpload = (request: FastifyRequest, kind: OperatorUploadKind) => readUploadedFile(request, { field: OPERATOR_UPLOAD_FIELD, ...operatorUploads[kind] });

/** The route option that lets a console upload of this kind through (the file and its envelope). */
export const operatorUploadBodyLimit = (kind: OperatorUploadKind) => ({ bodyLimit: operatorUploads[kind].maxBytes + UPLOAD_ENVELOPE_BYTES });
