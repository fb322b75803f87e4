import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CSV_MEDIA_TYPE } from '../operator-users.ts';
import { syncStartedResponse } from '../sync.ts';
import {
  approvePreviewRequest,
  syncHistoryCsvQuery,
  syncHistoryQuery,
  syncHistoryResponse,
  syncPreviewParams,
  syncPreviewQuery,
  syncPreviewRequest,
  syncPreviewResponse,
  syncPreviewStartedResponse,
} from '../sync-previews.ts';

/** Sync previews, their approval, and the record of syncs per connection (product §10.21). */
export const syncPreviewEndpoints = {
  startSyncPreview: defineEndpoint({
    method: 'POST',
    path: '/api/sync-previews/',
    access: 'user',
    tag: 'sync',
    summary: 'Read the service and show what a sync of an edition would change, before anything is written (queued)',
    body: syncPreviewRequest,
    response: { 202: syncPreviewStartedResponse },
    errors: [400, 401, 403, 404, 409, 429],
  }),
  syncPreview: defineEndpoint({
    method: 'GET',
    path: '/api/sync-previews/:previewId/',
    access: 'user',
    tag: 'sync',
    summary: 'One of your sync previews: its status, counts and a page of its changes, largest first',
    params: syncPreviewParams,
    query: syncPreviewQuery,
    response: { 200: syncPreviewResponse },
    errors: [400, 401, 403, 404],
  }),
  approveSyncPreview: defineEndpoint({
    method: 'POST',
    path: '/api/sync-previews/:previewId/approve/',
    access: 'user',
    tag: 'sync',
    summary: 'Approve a preview and start the sync of exactly what was approved (409 when expired, not ready or already approved)',
    params: syncPreviewParams,
    body: approvePreviewRequest,
    response: { 202: syncStartedResponse },
    errors: [400, 401, 403, 404, 409, 429],
  }),
  syncHistory: defineEndpoint({
    method: 'GET',
    path: '/api/sync-history/',
    access: 'user',
    tag: 'sync',
    summary: 'The syncs to your connection to a service, newest first, with their counts and the reason for each item refused',
    query: syncHistoryQuery,
    response: { 200: syncHistoryResponse },
    errors: [400, 401, 403],
  }),
  syncHistoryCsv: defineEndpoint({
    method: 'GET',
    path: '/api/sync-history/csv/',
    access: 'user',
    tag: 'sync',
    summary: 'The same record as a CSV file',
    query: syncHistoryCsvQuery,
    response: { 200: z.string().describe('A CSV file (as an attachment)') },
    errors: [400, 401, 403],
    file: { mediaTypes: [CSV_MEDIA_TYPE] },
  }),
} as const;
