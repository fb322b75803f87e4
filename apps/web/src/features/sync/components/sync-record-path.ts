import type { SyncProvider } from '@tradelist/contract/sync';
import { buildPath, paths } from '../../../config/paths';

/** The path of a service's sync record, opened on one sync. */
export function syncRecordPath(provider: SyncProvider, syncId: number): string {
  return `${buildPath(paths.dashboardSyncHistory, { provider })}#sync-${syncId}`;
}
