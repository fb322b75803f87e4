import { api } from '@tradelist/contract/api';
import { syncProviderOf } from '@tradelist/contract/sync';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { completeAuthorization, connectionStatus, disconnect, startAuthorization } from './services/connections.ts';
import { changeAutomaticSync } from './services/automatic-sync-setting.ts';
import { lastSyncResults, syncRunOfUser } from './services/read-syncs.ts';
import { startSync } from './services/start-sync.ts';
import { approveSyncPreview } from './services/approve-preview.ts';
import { startSyncPreview } from './services/preview-sync.ts';
import { readSyncPreview } from './services/read-preview.ts';
import { lastSyncs, syncHistory, syncHistoryCsv } from './services/sync-history.ts';

const calls = api.sync;

/** The sync and connection calls (product §7, §10.17, §11.15). */
export const syncRoutes: ApiModule = ({ user }, ctx) => {
  registerEndpoint(user, calls.syncProducts, async (request, reply) => {
    const { collection_id, catelog_id, software_name, company_id, profile_id } = request.body;
    const started = await startSync(ctx, requireUser(request), { collectionId: collection_id, categoryId: catelog_id, provider: syncProviderOf(software_name), companyId: company_id, profileId: profile_id });
    return reply.code(202).send(started);
  });
  registerEndpoint(user, calls.syncRun, async (request) => syncRunOfUser(ctx, requireUser(request).id, request.params.syncId));
  registerEndpoint(user, calls.syncResults, async (request) => lastSyncResults(ctx, requireUser(request).id));
  registerEndpoint(user, calls.lastSyncs, async (request) => lastSyncs(ctx, requireUser(request).id));

  // Previews, their approval and the record (product §10.21).
  registerEndpoint(user, calls.startSyncPreview, async (request, reply) => reply.code(202).send(await startSyncPreview(ctx, requireUser(request), request.body)));
  registerEndpoint(user, calls.syncPreview, async (request) => readSyncPreview(ctx, requireUser(request).id, request.params.previewId, request.query));
  registerEndpoint(user, calls.approveSyncPreview, async (request, reply) => reply.code(202).send(await approveSyncPreview(ctx, requireUser(request), request.params.previewId, request.body)));
  registerEndpoint(user, calls.syncHistory, async (request) => syncHistory(ctx, requireUser(request).id, syncProviderOf(request.query.software_name), request.query.page));
  registerEndpoint(user, calls.syncHistoryCsv, async (request, reply) => {
    const file = await syncHistoryCsv(ctx, requireUser(request).id, syncProviderOf(request.query.software_name));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store').send(file.body);
  });

  registerEndpoint(user, calls.quickbooksConnect, async (request) => startAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'quickbooks'));
  registerEndpoint(user, calls.quickbooksAuth, async (request) => completeAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'quickbooks', request.body));
  registerEndpoint(user, calls.quickbooksStatus, async (request) => connectionStatus(ctx, requireUser(request).id, 'quickbooks'));
  registerEndpoint(user, calls.quickbooksAutomaticSync, async (request) => changeAutomaticSync(ctx, requireUser(request).id, 'quickbooks', request.body.automatic_sync));
  registerEndpoint(user, calls.quickbooksDisconnect, async (request) => disconnect(ctx, requireUser(request).id, 'quickbooks'));

  registerEndpoint(user, calls.jobberConnect, async (request) => startAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'jobber'));
  registerEndpoint(user, calls.jobberAuth, async (request) => completeAuthorization(ctx, requireUser(request), request.auth.cookieValue, 'jobber', request.body));
  registerEndpoint(user, calls.jobberStatus, async (request) => connectionStatus(ctx, requireUser(request).id, 'jobber'));
  registerEndpoint(user, calls.jobberAutomaticSync, async (request) => changeAutomaticSync(ctx, requireUser(request).id, 'jobber', request.body.automatic_sync));
  registerEndpoint(user, calls.jobberDisconnect, async (request) => disconnect(ctx, requireUser(request).id, 'jobber'));
};
