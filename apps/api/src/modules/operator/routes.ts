import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { listEditionSummaries } from '../catalog/services/list-editions.ts';

/** The operator console's calls: registered in the operator context (403 for anyone else). */
export const operatorRoutes: ApiModule = (contexts, ctx) => {
  registerEndpoint(contexts.operator, api.operator.editions, async () => listEditionSummaries(ctx));
};
