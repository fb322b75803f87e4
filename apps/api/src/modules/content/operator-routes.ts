import { api } from '@tradelist/contract/api';
import type { FastifyReply } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor, operatorUploadBodyLimit, readOperatorUpload } from '../../http/operator-calls.ts';
import { uploadContentImage } from './services/content-images.ts';
import { deleteOperatorPost, listOperatorPosts, saveOperatorPost } from './services/manage-posts.ts';
import { type CsvExport, drawCsv, drawPage, newsletterCsv, newsletterPage, setupCallCsv, setupCallPage } from './services/signup-lists.ts';

function sendCsv(reply: FastifyReply, file: CsvExport): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}

/**
 * The console's blog posts and the images they show, and the signup lists (newsletter, draw,
 * setup calls) with their CSV files (product §10.13), in the operator contexts (403 for anyone
 * else). Each change is written to the audit log by its service, in the change's transaction.
 */
export const contentOperatorRoutes: ApiModule = ({ operator, operatorUploads }, ctx) => {
  const calls = api.operator;
  registerEndpoint(
    operatorUploads,
    calls.uploadImage,
    async (request, reply) => reply.code(201).send(await uploadContentImage(ctx, operatorActor(request), request.query.use, await readOperatorUpload(request, 'image'))),
    operatorUploadBodyLimit('image'),
  );

  registerEndpoint(operator, calls.blogPosts, async () => listOperatorPosts(ctx));
  registerEndpoint(operator, calls.createBlogPost, async (request, reply) => reply.code(201).send(await saveOperatorPost(ctx, operatorActor(request), null, request.body)));
  registerEndpoint(operator, calls.updateBlogPost, async (request) => saveOperatorPost(ctx, operatorActor(request), request.params.id, request.body));
  registerEndpoint(operator, calls.deleteBlogPost, async (request, reply) => {
    await deleteOperatorPost(ctx, operatorActor(request), request.params.id);
    return reply.code(204).send();
  });

  registerEndpoint(operator, calls.newsletterSignups, async (request) => newsletterPage(ctx, request.query.page));
  registerEndpoint(operator, calls.drawSignups, async (request) => drawPage(ctx, request.query.page));
  registerEndpoint(operator, calls.setupCallRequests, async (request) => setupCallPage(ctx, request.query.page));
  registerEndpoint(operator, calls.newsletterSignupsCsv, async (_request, reply) => sendCsv(reply, await newsletterCsv(ctx)));
  registerEndpoint(operator, calls.drawSignupsCsv, async (_request, reply) => sendCsv(reply, await drawCsv(ctx)));
  registerEndpoint(operator, calls.setupCallRequestsCsv, async (_request, reply) => sendCsv(reply, await setupCallCsv(ctx)));
};
