import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { completeAuthorization, connectionStatus, disconnect, startAuthorization } from './services/connections.ts';
import { lastSyncResults, syncRunOfUser } from './services/read-syncs.ts';
import { startSync } from './services/start-sync.ts';

const calls = api.sync;

/** The sync and connection calls (product §7, §10.17, §11.15). */
export const syncRoutes: ApiModule = ({ user }, ctx) => {
  registerEndpoint(user, calls.syncProducts, async (request, reply) => reply.code(202).send(await startSync(ctx, requireUser(request), request.body)));
  registerEndpoint(user, calls.syncRun, async (request) => syncRunOfUser(ctx, requireUser(request).id, request.params.syncId));
  registerEndpoint(user, calls.syncResults, async (request) => lastSyncResults(ctx, requireUser(request).id));

  registerEndpoint(user, calls.quickbooksConnect, async (request) => startAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'quickbook'));
  registerEndpoint(user, calls.quickbooksAuth, async (request) => completeAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'quickbook', request.body));
  registerEndpoint(user, calls.quickbooksStatus, async (request) => connectionStatus(ctx, requireUser(request).id, 'quickbook'));
  registerEndpoint(user, calls.quickbooksDisconnect, async (request) => disconnect(ctx, requireUser(request).id, 'quickbook'));

  registerEndpoint(user, calls.jobberConnect, async (request) => startAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'jobber'));
  registerEndpoint(user, calls.jobberAuth, async (request) => completeAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'jobber', request.body));
  registerEndpoint(user, calls.jobberStatus, async (request) => connectionStatus(ctx, requireUser(request).id, 'jobber'));
  registerEndpoint(user, calls.jobberDisconnect, async (request) => disconnect(ctx, requireUser(request).id, 'jobber'));
};
