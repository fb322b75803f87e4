import { api } from '@tradelist/contract/api';
import { EDITION_FILE_FIELD, EDITION_FILE_MAX_BYTES } from '@tradelist/contract/operator-editions';
import type { FastifyRequest } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor } from '../../http/operator-calls.ts';
import { readUpload, UPLOAD_ENVELOPE_BYTES } from '../../http/read-upload.ts';
import { requireUser } from '../../security/session-plugin.ts';
import type { EditionAnnouncements } from './services/edition-announcements.ts';
import { listEditionSummaries, withdrawEdition } from './services/list-editions.ts';
import { createCategory, editCategory, listOperatorCategories } from './services/manage-categories.ts';
import { publishEditionUpload, stageEditionUpload } from './services/manage-edition-uploads.ts';

export const editionFileTooLargeMessage = `The file is too large: at most ${EDITION_FILE_MAX_BYTES / 1024 / 1024} MB.`;
export const noEditionFileMessage = 'Choose a supplier file (CSV or .xlsx) to upload.';

/** Reads the supplier file of the upload as every upload is read (http/read-upload.ts), at most EDITION_FILE_MAX_BYTES. */
async function readEditionFile(request: FastifyRequest): Promise<{ fileName: string; content: Uint8Array }> {
  const file = await readUpload(request, { field: EDITION_FILE_FIELD, maxBytes: EDITION_FILE_MAX_BYTES, tooLargeMessage: editionFileTooLargeMessage, missingMessage: noEditionFileMessage });
  return { fileName: file.fileName || 'upload.csv', content: file.content };
}

/**
 * The console's categories and editions (list, upload, preview, publish, withdraw; product
 * §10.13), in the operator contexts (403 for anyone else). `announcements` (mailings, handed in
 * by app.ts) schedules and lists the editions' announcements.
 */
export function catalogOperatorRoutes(announcements: EditionAnnouncements): ApiModule {
  return ({ operator, operatorUploads }, ctx) => {
    const calls = api.operator;
    registerEndpoint(operator, calls.categories, async () => listOperatorCategories(ctx));
    registerEndpoint(operator, calls.createCategory, async (request, reply) => reply.code(201).send(await createCategory(ctx, operatorActor(request), request.body)));
    registerEndpoint(operator, calls.updateCategory, async (request) => editCategory(ctx, operatorActor(request), request.params.id, request.body));

    registerEndpoint(operator, calls.editions, async () => listEditionSummaries(ctx, announcements));
    registerEndpoint(
      operatorUploads,
      calls.uploadEdition,
      async (request) => stageEditionUpload(ctx, requireUser(request).id, request.query, () => readEditionFile(request)),
      { bodyLimit: EDITION_FILE_MAX_BYTES + UPLOAD_ENVELOPE_BYTES },
    );
    registerEndpoint(operator, calls.publishEditionUpload, async (request, reply) => {
      const edition = await publishEditionUpload(ctx, announcements, operatorActor(request), request.params.id, request.body.sha256);
      return reply.code(201).send(edition);
    });
    registerEndpoint(operator, calls.withdrawEdition, async (request) => withdrawEdition(ctx, operatorActor(request), request.params.id));
  };
}
