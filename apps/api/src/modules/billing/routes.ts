import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { listPlans } from './services/list-plans.ts';

/** The plan and subscription calls of product §7. */
export const billingRoutes: ApiModule = (contexts, ctx) => {
  registerEndpoint(contexts.public, api.billing.subscriptionPlans, async () => listPlans(ctx));
};
