import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { operatorActor } from '../../http/operator-calls.ts';
import { listAuditLog } from '../../audit/audit-log.ts';
import { pickDrawWinner } from './services/draw.ts';
import { operatorOverview } from './services/overview.ts';

/**
 * The operator console's own calls (product §10.13): the overview, the draw and the audit log,
 * in the operator context (403 for anyone else). Each domain module registers its own console
 * calls (`<module>/operator-routes.ts`).
 */
export const operatorRoutes: ApiModule = ({ operator }, ctx) => {
  const calls = api.operator;
  registerEndpoint(operator, calls.overview, async () => operatorOverview(ctx));
  registerEndpoint(operator, calls.drawWinner, async (request) => pickDrawWinner(ctx, operatorActor(request), request.body.again));
  registerEndpoint(operator, calls.auditLog, async (request) =>
    listAuditLog(ctx, {
      before: request.query.before,
      limit: request.query.limit,
      subjectType: request.query.subject_type,
      subjectId: request.query.subject_id,
    }),
  );
};
