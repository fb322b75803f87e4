import { paths } from '../../../config/paths';

/** The query of the markup screen that opens its preview on one edition's changes. */
export const previewSearchParams = { collection: 'collection', changed: 'changed' } as const;

/** The markup screen with its preview on this current edition, showing only what changed this month. */
export function whatChangedPath(collectionId: number): string {
  const query = new URLSearchParams({ [previewSearchParams.collection]: String(collectionId), [previewSearchParams.changed]: 'true' });
  return `${paths.dashboardUserfactor}?${query.toString()}`;
}
