import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor } from '../../http/operator-calls.ts';
import { disableUser, enableUser, grantComplimentary, refundUserPayment, resendActivationLink, revokeComplimentary } from './services/operator-user-actions.ts';
import { describeUser, findUsers } from './services/operator-users.ts';

/** The console's users and its actions on one user (product §10.13), in the operator context (403 for anyone else). */
export const accountsOperatorRoutes: ApiModule = ({ operator }, ctx) => {
  const calls = api.operator;
  registerEndpoint(operator, calls.users, async (request) => findUsers(ctx, request.query));
  registerEndpoint(operator, calls.user, async (request) => describeUser(ctx, request.params.id));
  registerEndpoint(operator, calls.grantComplimentary, async (request) => grantComplimentary(ctx, operatorActor(request), request.params.id, request.body.days));
  registerEndpoint(operator, calls.revokeComplimentary, async (request) => revokeComplimentary(ctx, operatorActor(request), request.params.id));
  registerEndpoint(operator, calls.resendActivation, async (request) => resendActivationLink(ctx, operatorActor(request), request.params.id));
  registerEndpoint(operator, calls.refund, async (request) => refundUserPayment(ctx, operatorActor(request), request.params.id, request.body));
  registerEndpoint(operator, calls.disableUser, async (request) => disableUser(ctx, operatorActor(request), request.params.id, request.body.reason));
  registerEndpoint(operator, calls.enableUser, async (request) => enableUser(ctx, operatorActor(request), request.params.id));
};
