import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor, operatorUploadBodyLimit, readOperatorUpload } from '../../http/operator-calls.ts';
import {
  addGuideResource,
  editGuideResource,
  editGuideVideo,
  operatorGuide,
  removeGuideResource,
  reorderGuideResources,
  replaceGuideVideoPart,
} from './services/manage-guide.ts';

/**
 * The console's user guide (product §10.13): its PDFs and videos with their posters and
 * captions, in the operator contexts (403 for anyone else). Each change is written to the audit
 * log by its service, in the change's transaction.
 */
export const guideOperatorRoutes: ApiModule = ({ operator, operatorUploads }, ctx) => {
  const calls = api.operator;
  registerEndpoint(operator, calls.guide, async () => operatorGuide(ctx));
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideResource,
    async (request, reply) => reply.code(201).send(await addGuideResource(ctx, operatorActor(request), request.query, await readOperatorUpload(request, 'pdf'))),
    operatorUploadBodyLimit('pdf'),
  );
  registerEndpoint(operator, calls.updateGuideResource, async (request) => editGuideResource(ctx, operatorActor(request), request.params.id, request.body));
  registerEndpoint(operator, calls.deleteGuideResource, async (request) => removeGuideResource(ctx, operatorActor(request), request.params.id));
  registerEndpoint(operator, calls.reorderGuideResources, async (request) => reorderGuideResources(ctx, operatorActor(request), request.body.ids));
  registerEndpoint(operator, calls.updateGuideVideo, async (request) => editGuideVideo(ctx, operatorActor(request), request.params.id, request.body));
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideo,
    async (request) => replaceGuideVideoPart(ctx, operatorActor(request), request.params.id, 'video', await readOperatorUpload(request, 'video')),
    operatorUploadBodyLimit('video'),
  );
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideoPoster,
    async (request) => replaceGuideVideoPart(ctx, operatorActor(request), request.params.id, 'poster', await readOperatorUpload(request, 'image')),
    operatorUploadBodyLimit('image'),
  );
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideoCaptions,
    async (request) => replaceGuideVideoPart(ctx, operatorActor(request), request.params.id, 'captions', await readOperatorUpload(request, 'captions')),
    operatorUploadBodyLimit('captions'),
  );
};
