import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { listEditionSummaries } from '../catalog/index.ts';
import { editionAnnouncements } from '../mailings/index.ts';
import { listAuditLog } from '../../audit/audit-log.ts';

/** The operator console's calls: registered in the operator context (403 for anyone else). */
export const operatorRoutes: ApiModule = (contexts, ctx) => {
  const calls = api.operator;
  registerEndpoint(contexts.operator, calls.editions, async () => listEditionSummaries(ctx, editionAnnouncements));
  registerEndpoint(contexts.operator, calls.auditLog, async (request) =>
    listAuditLog(ctx, {
      before: request.query.before,
      limit: request.query.limit,
      subjectType: request.query.subject_type,
      subjectId: request.query.subject_id,
    }),
  );
};
