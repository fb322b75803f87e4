import type { Collection, DownloadFormat } from '@tradelist/contract/catalog';
import { useId, type ReactNode } from 'react';
import { whatChangedPath } from '../../markups';
import { CollectionSyncButton, CollectionSyncSummary, type CatalogSync } from '../../sync';
import type { DownloadTarget } from '../hooks/use-collection-download';
import { CollectionCard } from './collection-card';
import buttonStyles from '../../../components/ui/button.module.css';
import catalogStyles from './catalog.module.css';
import { cx } from '../../../lib/cx';

interface CollectionSectionProps {
  title: string;
  collections: Collection[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Shown when the list is empty. */
  emptyText: ReactNode;
  source: DownloadTarget['source'];
  downloadCategoryId: DownloadTarget['downloadCategoryId'];
  isSubscriber: boolean;
  showCategory?: boolean;
  downloadingFormat: (target: DownloadTarget) => DownloadFormat | null;
  preferredFormat: DownloadFormat;
  onDownload: (target: DownloadTarget, format: DownloadFormat) => void;
  /** The catalog's syncs: each card shows Sync where it shows Download (product §2.7). */
  sync: CatalogSync;
  /** Scroll to the first card the user may download, its download buttons in view. */
  revealDownloads?: boolean;
}

/** A titled list of collection cards with its loading, error and empty states. */
export function CollectionSection({
  title,
  collections,
  isLoading,
  isError,
  onRetry,
  emptyText,
  source,
  downloadCategoryId,
  isSubscriber,
  showCategory,
  downloadingFormat,
  preferredFormat,
  onDownload,
  sync,
  revealDownloads = false,
}: CollectionSectionProps) {
  const headingId = useId();
  // product §4: free collections always download; paid ones (bought too) need a subscription.
  const canDownload = (collection: Collection) => collection.is_free || isSubscriber;
  // Back from connecting a service, the card whose sync goes on is the one in view.
  const revealedId = sync.continuingId ?? (revealDownloads ? collections?.find(canDownload)?.id : undefined);
  return (
    <section aria-labelledby={headingId}>
      <h2 className={catalogStyles.catalogSectionTitle} id={headingId}>
        {title}
      </h2>
      {isLoading ? (
        <p className={catalogStyles.catalogSectionStatus} role="status">
          Loading collections…
        </p>
      ) : isError || !collections ? (
        <div className={cx(catalogStyles.catalogSectionStatus, catalogStyles.catalogSectionStatusError)} role="alert">
          <p>These collections could not be loaded.</p>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : collections.length === 0 ? (
        <p className={catalogStyles.catalogSectionStatus}>{emptyText}</p>
      ) : (
        <ul className={catalogStyles.collectionGrid}>
          {collections.map((collection) => {
            const target: DownloadTarget = { collection, source, downloadCategoryId };
            const syncTarget = { collection, categoryId: downloadCategoryId };
            return (
              <li key={collection.id}>
                <CollectionCard
                  collection={collection}
                  canDownload={canDownload(collection)}
                  revealDownloads={collection.id === revealedId}
                  downloadingFormat={downloadingFormat(target)}
                  preferredFormat={preferredFormat}
                  onDownload={(format) => onDownload(target, format)}
                  showCategory={showCategory}
                  syncAction={(describedBy) => (
                    <CollectionSyncButton sync={sync} target={syncTarget} describedBy={describedBy} />
                  )}
                  syncStatus={<CollectionSyncSummary sync={sync} collectionId={collection.id} />}
                  // The current edition's items, each with its change, are in the markup screen's preview.
                  changesHref={source === 'latest' ? whatChangedPath(collection.id) : undefined}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
