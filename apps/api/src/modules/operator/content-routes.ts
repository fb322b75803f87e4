import { api } from '@tradelist/contract/api';
import {
  GUIDE_CAPTIONS_MAX_BYTES,
  GUIDE_PDF_MAX_BYTES,
  GUIDE_VIDEO_MAX_BYTES,
  OPERATOR_IMAGE_MAX_BYTES,
  OPERATOR_UPLOAD_FIELD,
} from '@tradelist/contract/operator-content';
import type { FastifyRequest } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { readUploadedFile, UPLOAD_ENVELOPE_BYTES } from '../../http/read-upload.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { createPlan, editPlan, listOperatorPlans } from '../billing/index.ts';
import { createCategory, editCategory, listOperatorCategories } from '../catalog/index.ts';
import { deleteOperatorPost, listOperatorPosts, saveOperatorPost, uploadContentImage } from '../content/index.ts';
import { addGuideResource, editGuideResource, editGuideVideo, operatorGuide, removeGuideResource, reorderGuideResources, replaceGuideVideoPart } from '../guide/index.ts';
import type { Actor } from '../../audit/audit-log.ts';

const calls = api.operator;

/** The operator who makes the call, as the audit log names them. */
function actorOf(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return { id: user.id, email: user.email };
}

/** Limits of each kind of upload, and the 413 message that names them. */
const uploads = {
  image: { maxBytes: OPERATOR_IMAGE_MAX_BYTES, tooLargeMessage: 'The image is too large: at most 5 MB.', missingMessage: 'Choose an image to upload.' },
  pdf: { maxBytes: GUIDE_PDF_MAX_BYTES, tooLargeMessage: 'The PDF is too large: at most 20 MB.', missingMessage: 'Choose a PDF to upload.' },
  video: { maxBytes: GUIDE_VIDEO_MAX_BYTES, tooLargeMessage: 'The video is too large: at most 100 MB.', missingMessage: 'Choose a video to upload.' },
  captions: { maxBytes: GUIDE_CAPTIONS_MAX_BYTES, tooLargeMessage: 'The captions file is too large: at most 512 kB.', missingMessage: 'Choose a captions file to upload.' },
} as const;

const read = (request: FastifyRequest, kind: keyof typeof uploads) => readUploadedFile(request, { field: OPERATOR_UPLOAD_FIELD, ...uploads[kind] });
const bodyLimit = (kind: keyof typeof uploads) => ({ bodyLimit: uploads[kind].maxBytes + UPLOAD_ENVELOPE_BYTES });

/**
 * The console's content calls (product §10.13): categories, plans (with their Stripe product and
 * prices), blog posts, the user guide, and the images they show. Each change is written to the
 * audit log by its service, in the change's transaction.
 */
export const operatorContentRoutes: ApiModule = ({ operator, operatorUploads }, ctx) => {
  registerEndpoint(
    operatorUploads,
    calls.uploadImage,
    async (request, reply) => reply.code(201).send(await uploadContentImage(ctx, actorOf(request), request.query.use, await read(request, 'image'))),
    bodyLimit('image'),
  );

  registerEndpoint(operator, calls.categories, async () => listOperatorCategories(ctx));
  registerEndpoint(operator, calls.createCategory, async (request, reply) => reply.code(201).send(await createCategory(ctx, actorOf(request), request.body)));
  registerEndpoint(operator, calls.updateCategory, async (request) => editCategory(ctx, actorOf(request), request.params.id, request.body));

  registerEndpoint(operator, calls.plans, async () => listOperatorPlans(ctx));
  registerEndpoint(operator, calls.createPlan, async (request, reply) => reply.code(201).send(await createPlan(ctx, actorOf(request), request.body)));
  registerEndpoint(operator, calls.updatePlan, async (request) => editPlan(ctx, actorOf(request), request.params.id, request.body));

  registerEndpoint(operator, calls.blogPosts, async () => listOperatorPosts(ctx));
  registerEndpoint(operator, calls.createBlogPost, async (request, reply) => reply.code(201).send(await saveOperatorPost(ctx, actorOf(request), null, request.body)));
  registerEndpoint(operator, calls.updateBlogPost, async (request) => saveOperatorPost(ctx, actorOf(request), request.params.id, request.body));
  registerEndpoint(operator, calls.deleteBlogPost, async (request, reply) => {
    await deleteOperatorPost(ctx, actorOf(request), request.params.id);
    return reply.code(204).send();
  });

  registerEndpoint(operator, calls.guide, async () => operatorGuide(ctx));
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideResource,
    async (request, reply) => reply.code(201).send(await addGuideResource(ctx, actorOf(request), request.query, await read(request, 'pdf'))),
    bodyLimit('pdf'),
  );
  registerEndpoint(operator, calls.updateGuideResource, async (request) => editGuideResource(ctx, actorOf(request), request.params.id, request.body));
  registerEndpoint(operator, calls.deleteGuideResource, async (request) => removeGuideResource(ctx, actorOf(request), request.params.id));
  registerEndpoint(operator, calls.reorderGuideResources, async (request) => reorderGuideResources(ctx, actorOf(request), request.body.ids));
  registerEndpoint(operator, calls.updateGuideVideo, async (request) => editGuideVideo(ctx, actorOf(request), request.params.id, request.body));
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideo,
    async (request) => replaceGuideVideoPart(ctx, actorOf(request), request.params.id, 'video', await read(request, 'video')),
    bodyLimit('video'),
  );
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideoPoster,
    async (request) => replaceGuideVideoPart(ctx, actorOf(request), request.params.id, 'poster', await read(request, 'image')),
    bodyLimit('image'),
  );
  registerEndpoint(
    operatorUploads,
    calls.uploadGuideVideoCaptions,
    async (request) => replaceGuideVideoPart(ctx, actorOf(request), request.params.id, 'captions', await read(request, 'captions')),
    bodyLimit('captions'),
  );
};
