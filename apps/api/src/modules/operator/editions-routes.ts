import { api } from '@tradelist/contract/api';
import { EDITION_FILE_FIELD, EDITION_FILE_MAX_BYTES } from '@tradelist/contract/operator-editions';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../errors.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { withdrawEdition } from '../catalog/services/list-editions.ts';
import { publishEditionUpload, stageEditionUpload } from '../catalog/services/manage-edition-uploads.ts';
import { listProductNews, previewProductNews, sendProductNews, sendProductNewsTest } from '../mailings/services/product-news.ts';

// The multipart envelope around the file (boundaries, part headers).
const ENVELOPE_BYTES = 64 * 1024;
export const editionFileTooLargeMessage = `The file is too large: at most ${EDITION_FILE_MAX_BYTES / 1024 / 1024} MB.`;
export const noEditionFileMessage = 'Choose a supplier file (CSV or .xlsx) to upload.';

/** Reads the supplier file of the upload into memory, at most EDITION_FILE_MAX_BYTES (413 beyond, before reading when declared). */
async function readEditionFile(request: FastifyRequest): Promise<{ fileName: string; content: Uint8Array }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data in the field ${EDITION_FILE_FIELD}.`);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > EDITION_FILE_MAX_BYTES + ENVELOPE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', editionFileTooLargeMessage);
  try {
    const part = await request.file({ limits: { fileSize: EDITION_FILE_MAX_BYTES } });
    if (!part || part.fieldname !== EDITION_FILE_FIELD) throw validationFailed({ [EDITION_FILE_FIELD]: [noEditionFileMessage] });
    const content = await part.toBuffer();
    return { fileName: part.filename || 'upload.csv', content: new Uint8Array(content) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', editionFileTooLargeMessage);
    throw error;
  }
}

/** The console's editions (upload, preview, publish, withdraw) and product news: operators only. */
export const operatorEditionsRoutes: ApiModule = ({ operator, operatorUploads }, ctx) => {
  const calls = api.operator;
  const actorOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { id: user.id, email: user.email };
  };

  registerEndpoint(
    operatorUploads,
    calls.uploadEdition,
    async (request) => stageEditionUpload(ctx, requireUser(request).id, request.query, () => readEditionFile(request)),
    { bodyLimit: EDITION_FILE_MAX_BYTES + ENVELOPE_BYTES },
  );
  registerEndpoint(operator, calls.publishEditionUpload, async (request, reply) => {
    const edition = await publishEditionUpload(ctx, actorOf(request), request.params.id, request.body.sha256);
    return reply.code(201).send(edition);
  });
  registerEndpoint(operator, calls.withdrawEdition, async (request) => withdrawEdition(ctx, actorOf(request), request.params.id));

  registerEndpoint(operator, calls.productNews, async () => listProductNews(ctx));
  registerEndpoint(operator, calls.previewProductNews, async (request) => previewProductNews(request.body));
  registerEndpoint(operator, calls.testProductNews, async (request, reply) => reply.code(202).send(await sendProductNewsTest(ctx, requireUser(request), request.body)));
  registerEndpoint(operator, calls.sendProductNews, async (request, reply) => reply.code(201).send(await sendProductNews(ctx, actorOf(request), request.body)));
};
