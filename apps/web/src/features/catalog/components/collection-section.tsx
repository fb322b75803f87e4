import type { Collection } from '@tradelist/contract/catalog';
import { useId, type ReactNode } from 'react';
import type { DownloadTarget } from '../hooks/use-collection-download';
import { CollectionCard } from './collection-card';

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
  isDownloading: (target: DownloadTarget) => boolean;
  onDownload: (target: DownloadTarget) => void;
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
  isDownloading,
  onDownload,
}: CollectionSectionProps) {
  const headingId = useId();
  return (
    <section className="catalog-section" aria-labelledby={headingId}>
      <h2 className="catalog-section__title" id={headingId}>
        {title}
      </h2>
      {isLoading ? (
        <p className="catalog-section__status" role="status">
          Loading collections…
        </p>
      ) : isError || !collections ? (
        <div className="catalog-section__status catalog-section__status--error" role="alert">
          <p>These collections could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : collections.length === 0 ? (
        <p className="catalog-section__status">{emptyText}</p>
      ) : (
        <ul className="collection-grid">
          {collections.map((collection) => {
            const target: DownloadTarget = { collection, source, downloadCategoryId };
            return (
              <li key={collection.id}>
                <CollectionCard
                  collection={collection}
                  // SPEC §4: free collections always download; paid ones (bought too) need a subscription.
                  canDownload={collection.is_free || isSubscriber}
                  isDownloading={isDownloading(target)}
                  onDownload={() => onDownload(target)}
                  showCategory={showCategory}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
