import { api } from '@tradelist/contract/api';
import { EDITION_FILE_FIELD, EDITION_FILE_MAX_BYTES } from '@tradelist/contract/operator-editions';
import type { FastifyRequest } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { readUpload, UPLOAD_ENVELOPE_BYTES } from '../../http/read-upload.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { publishEditionUpload, stageEditionUpload, withdrawEdition } from '../catalog/index.ts';
import { editionAnnouncements, listProductNews, previewProductNews, sendProductNews, sendProductNewsTest } from '../mailings/index.ts';

export const editionFileTooLargeMessage = `The file is too large: at most ${EDITION_FILE_MAX_BYTES / 1024 / 1024} MB.`;
export const noEditionFileMessage = 'Choose a supplier file (CSV or .xlsx) to upload.';

/** Reads the supplier file of the upload as every upload is read (http/read-upload.ts), at most EDITION_FILE_MAX_BYTES. */
async function readEditionFile(request: FastifyRequest): Promise<{ fileName: string; content: Uint8Array }> {
  const file = await readUpload(request, { field: EDITION_FILE_FIELD, maxBytes: EDITION_FILE_MAX_BYTES, tooLargeMessage: editionFileTooLargeMessage, missingMessage: noEditionFileMessage });
  return { fileName: file.fileName || 'upload.csv', content: file.content };
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
    { bodyLimit: EDITION_FILE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES },
  );
  registerEndpoint(operator, calls.publishEditionUpload, async (request, reply) => {
    const edition = await publishEditionUpload(ctx, editionAnnouncements, actorOf(request), request.params.id, request.body.sha256);
    return reply.code(201).send(edition);
  });
  registerEndpoint(operator, calls.withdrawEdition, async (request) => withdrawEdition(ctx, actorOf(request), request.params.id));

  registerEndpoint(operator, calls.productNews, async () => listProductNews(ctx));
  registerEndpoint(operator, calls.previewProductNews, async (request) => previewProductNews(request.body));
  registerEndpoint(operator, calls.testProductNews, async (request, reply) => reply.code(202).send(await sendProductNewsTest(ctx, requireUser(request), request.body)));
  registerEndpoint(operator, calls.sendProductNews, async (request, reply) => reply.code(201).send(await sendProductNews(ctx, actorOf(request), request.body)));
};
