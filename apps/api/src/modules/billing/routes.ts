import { subscriptionPlansResponse } from '@tradelist/contract/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { listPlans } from './services/list-plans.ts';

const tags = ['billing'];

/** The plan and subscription calls of SPEC §7. */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/subscription-plans/', {
    schema: { tags, summary: 'The plans on sale (public)', response: { 200: subscriptionPlansResponse } },
    handler: async () => listPlans(ctx),
  });
}
