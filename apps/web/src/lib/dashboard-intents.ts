import { syncProviders, type SyncProvider } from '@tradelist/contract/sync';

/**
 * Where a contractor is headed, carried in the router's navigation state (not in the address, so
 * a shared or reloaded link behaves as usual): the dashboard's steps lead on to a download
 * without extra clicks (product §2.6, §2.7, §2.8, §2.11).
 */
export const dashboardIntents = {
  /** The catalog opens scrolled to the first list the user may download, its download buttons in view. */
  revealDownloads: { revealDownloads: true },
  /** The markup screen goes on to the catalog's downloads once the markups are saved. */
  downloadAfterSave: { downloadAfterSave: true },
} as const;
export type DashboardIntent = keyof typeof dashboardIntents;

/** True when a location's state carries `intent`. */
export function hasIntent(state: unknown, intent: DashboardIntent): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[intent] === true;
}

/** A sync asked for before its service was connected: the edition, the category it was shown under, the service. */
export interface ContinueSync {
  collectionId: number;
  categoryId: number | 'none';
  provider: SyncProvider;
}

/** product §4.5: back from connecting a service, the catalog opens the sync of that edition again. */
export function continueSyncIntent(sync: ContinueSync): { continueSync: ContinueSync } {
  return { continueSync: { collectionId: sync.collectionId, categoryId: sync.categoryId, provider: sync.provider } };
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The sync a value names, or null when it is not one (a state or a stored record from elsewhere). */
export function parseContinueSync(value: unknown): ContinueSync | null {
  if (typeof value !== 'object' || value === null) return null;
  const { collectionId, categoryId, provider } = value as Record<string, unknown>;
  if (!isId(collectionId) || !(categoryId === 'none' || isId(categoryId))) return null;
  if (!syncProviders.some((known) => known === provider)) return null;
  return { collectionId, categoryId, provider: provider as SyncProvider };
}

/** The sync a location's state asks the catalog to continue, or null. */
export function readContinueSync(state: unknown): ContinueSync | null {
  if (typeof state !== 'object' || state === null) return null;
  return parseContinueSync((state as Record<string, unknown>).continueSync);
}
