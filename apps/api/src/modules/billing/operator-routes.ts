import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor } from '../../http/operator-calls.ts';
import { createPlan, editPlan, listOperatorPlans } from './services/save-plan.ts';

/** The console's plans, with their Stripe product and prices (product §10.13), in the operator context (403 for anyone else). */
export const billingOperatorRoutes: ApiModule = ({ operator }, ctx) => {
  const calls = api.operator;
  registerEndpoint(operator, calls.plans, async () => listOperatorPlans(ctx));
  registerEndpoint(operator, calls.createPlan, async (request, reply) => reply.code(201).send(await createPlan(ctx, operatorActor(request), request.body)));
  registerEndpoint(operator, calls.updatePlan, async (request) => editPlan(ctx, operatorActor(request), request.params.id, request.body));
};
