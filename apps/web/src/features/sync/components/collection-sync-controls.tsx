import { useEffect } from 'react';
import type { CatalogSync, SyncTarget } from '../hooks/use-catalog-sync';
import { CollectionSyncStatus, SyncButton } from './collection-sync';

/** The card's Sync button, wired to the catalog's syncs. */
export function CollectionSyncButton({ sync, target, describedBy }: { sync: CatalogSync; target: SyncTarget; describedBy: string }) {
  const connected = sync.connections.valid.length > 0;
  const { continueOn } = sync;
  // Back from connecting a service: the sync asked for on this card goes on (product §4.5).
  useEffect(() => continueOn(target), [continueOn, target]);
  return (
    <SyncButton
      connected={connected}
      starting={sync.isStarting(target.collection.id)}
      describedBy={describedBy}
      onClick={() => sync.open(target, connected)}
    />
  );
}

/** The card's sync progress and last results. */
export function CollectionSyncSummary({ sync, collectionId }: { sync: CatalogSync; collectionId: number }) {
  return <CollectionSyncStatus views={sync.viewsFor(collectionId)} />;
}
