import { isApiError } from '../../../lib/api-client';
import { formatRunDate } from '../../../lib/format';
import { useDownloadProducts } from '../api/download-products';
import { useLatestCollection, type CatalogCategoryId } from '../api/get-latest-collection';
import buttonStyles from '../../../components/ui/button.module.css';
import latestCollectionPanelStyles from './latest-collection-panel.module.css';
import { cx } from '../../../lib/cx';

/** product §2 /collections/{categoryId}: the latest collection's id and date and its CSV download. */
export function LatestCollectionPanel({ categoryId }: { categoryId: CatalogCategoryId | null }) {
  return (
    <div className={latestCollectionPanelStyles.collectionPage}>
      <title>Latest collection | Tradelist</title>
      <section className={latestCollectionPanelStyles.collectionPageCard} aria-labelledby="collection-page-title">
        <h1 id="collection-page-title" className={latestCollectionPanelStyles.collectionPageTitle}>
          Latest collection
        </h1>
        {categoryId === null ? <NoCollection /> : <LatestCollectionDetails categoryId={categoryId} />}
      </section>
    </div>
  );
}

function NoCollection() {
  return <p className={latestCollectionPanelStyles.collectionPageEmpty}>No collection found</p>;
}

function LatestCollectionDetails({ categoryId }: { categoryId: CatalogCategoryId }) {
  const latest = useLatestCollection(categoryId);
  const download = useDownloadProducts();

  if (latest.isPending) {
    return (
      <p className={latestCollectionPanelStyles.collectionPageStatus} role="status">
        Loading the latest collection…
      </p>
    );
  }
  // An unknown category is a 404: there is simply no collection to show.
  if (latest.isError && isApiError(latest.error) && latest.error.status === 404) return <NoCollection />;
  if (latest.isError) {
    return (
      <div className={latestCollectionPanelStyles.collectionPageStatus} role="alert">
        <p>The collection could not be loaded.</p>
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
          onClick={() => void latest.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  const collection = latest.data.latest_collection[0];
  if (!collection) return <NoCollection />;

  return (
    <>
      <p className={latestCollectionPanelStyles.collectionPageName}>{collection.name}</p>
      <dl className={latestCollectionPanelStyles.collectionPageFacts}>
        <div>
          <dt>Collection ID</dt>
          <dd>{collection.collection_id}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={collection.rundate}>{formatRunDate(collection.rundate)}</time>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
        aria-disabled={download.isPending || undefined}
        onClick={() => {
          if (download.isPending) return;
          download.mutate({
            collection_id: collection.id,
            category_id: typeof categoryId === 'number' ? categoryId : 'none',
            format: 'csv',
            layout: 'price-list',
          });
        }}
      >
        {download.isPending ? 'Downloading…' : 'Download Products CSV'}
      </button>
    </>
  );
}
