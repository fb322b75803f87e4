import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor } from '../../http/operator-calls.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { listProductNews, previewProductNews, sendProductNews, sendProductNewsTest } from './services/product-news.ts';

/** The console's product news (product §10.13): listed, previewed, tested and sent, in the operator context (403 for anyone else). */
export const mailingsOperatorRoutes: ApiModule = ({ operator }, ctx) => {
  const calls = api.operator;
  registerEndpoint(operator, calls.productNews, async () => listProductNews(ctx));
  registerEndpoint(operator, calls.previewProductNews, async (request) => previewProductNews(request.body));
  registerEndpoint(operator, calls.testProductNews, async (request, reply) => reply.code(202).send(await sendProductNewsTest(ctx, requireUser(request), request.body)));
  registerEndpoint(operator, calls.sendProductNews, async (request, reply) => reply.code(201).send(await sendProductNews(ctx, operatorActor(request), request.body)));
};
