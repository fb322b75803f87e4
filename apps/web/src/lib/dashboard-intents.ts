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
