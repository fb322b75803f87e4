import { api } from '@tradelist/contract/api';
import type { FastifyReply } from 'fastify';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { type CsvExport, drawCsv, drawPage, newsletterCsv, newsletterPage, setupCallCsv, setupCallPage } from '../content/index.ts';
import type { Actor } from '../../audit/audit-log.ts';
import { pickDrawWinner } from './services/draw.ts';
import { operatorOverview } from './services/overview.ts';
import { disableUser, enableUser, grantComplimentary, refundUserPayment, resendActivationLink, revokeComplimentary } from './services/user-actions.ts';
import { describeUser, findUsers } from './services/users.ts';

function actorOf(request: Parameters<typeof requireUser>[0]): Actor {
  const user = requireUser(request);
  return { id: user.id, email: user.email };
}

function sendCsv(reply: FastifyReply, file: CsvExport): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** The console's overview, users and signups (product §10.13), in the operator context. */
export const operatorUsersRoutes: ApiModule = (contexts, ctx) => {
  const calls = api.operator;
  const scope = contexts.operator;
  registerEndpoint(scope, calls.overview, async () => operatorOverview(ctx));

  registerEndpoint(scope, calls.users, async (request) => findUsers(ctx, request.query));
  registerEndpoint(scope, calls.user, async (request) => describeUser(ctx, request.params.id));
  registerEndpoint(scope, calls.grantComplimentary, async (request) => grantComplimentary(ctx, actorOf(request), request.params.id, request.body.days));
  registerEndpoint(scope, calls.revokeComplimentary, async (request) => revokeComplimentary(ctx, actorOf(request), request.params.id));
  registerEndpoint(scope, calls.resendActivation, async (request) => resendActivationLink(ctx, actorOf(request), request.params.id));
  registerEndpoint(scope, calls.refund, async (request) => refundUserPayment(ctx, actorOf(request), request.params.id, request.body));
  registerEndpoint(scope, calls.disableUser, async (request) => disableUser(ctx, actorOf(request), request.params.id, request.body.reason));
  registerEndpoint(scope, calls.enableUser, async (request) => enableUser(ctx, actorOf(request), request.params.id));

  registerEndpoint(scope, calls.newsletterSignups, async (request) => newsletterPage(ctx, request.query.page));
  registerEndpoint(scope, calls.drawSignups, async (request) => drawPage(ctx, request.query.page));
  registerEndpoint(scope, calls.setupCallRequests, async (request) => setupCallPage(ctx, request.query.page));
  registerEndpoint(scope, calls.newsletterSignupsCsv, async (_request, reply) => sendCsv(reply, await newsletterCsv(ctx)));
  registerEndpoint(scope, calls.drawSignupsCsv, async (_request, reply) => sendCsv(reply, await drawCsv(ctx)));
  registerEndpoint(scope, calls.setupCallRequestsCsv, async (_request, reply) => sendCsv(reply, await setupCallCsv(ctx)));
  registerEndpoint(scope, calls.drawWinner, async (request) => pickDrawWinner(ctx, actorOf(request), request.body.again));
};
