import type { Collection } from '@tradelist/contract/catalog';
import { useId } from 'react';
import { Link } from 'react-router';
import { assetPaths, paths } from '../../../config/paths';
import { formatCount, formatRunDate } from '../../../lib/format';

interface CollectionCardProps {
  collection: Collection;
  /** SPEC §4: false shows 'Subscribe and save' instead of the download button. */
  canDownload: boolean;
  isDownloading: boolean;
  onDownload: () => void;
  /** The All view mixes categories: name each card's category there. */
  showCategory?: boolean;
}

/** One edition: image (or the default), name, run date, item count and its download action. */
export function CollectionCard({ collection, canDownload, isDownloading, onDownload, showCategory = false }: CollectionCardProps) {
  const titleId = useId();
  return (
    <article className="collection-card" aria-labelledby={titleId}>
      <img
        className="collection-card__image"
        src={collection.image || assetPaths.defaultCollectionImage}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        onError={(event) => {
          // SPEC §9: an image that cannot load falls back to the fixed default.
          const image = event.currentTarget;
          if (!image.src.endsWith(assetPaths.defaultCollectionImage)) image.src = assetPaths.defaultCollectionImage;
        }}
      />
      <div className="collection-card__body">
        {showCategory || collection.is_free ? (
          <p className="collection-card__eyebrow">
            {showCategory ? collection.category_name : null}
            {collection.is_free ? <span className="badge badge--free">Free</span> : null}
          </p>
        ) : null}
        <h3 className="collection-card__title" id={titleId}>
          {collection.name}
        </h3>
        <dl className="collection-card__facts">
          <div>
            <dt>Run date</dt>
            <dd>
              <time dateTime={collection.rundate}>{formatRunDate(collection.rundate)}</time>
            </dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{formatCount(collection.item_count)}</dd>
          </div>
        </dl>
        <div className="collection-card__actions">
          {canDownload ? (
            <button
              type="button"
              className="button button--primary button--block"
              aria-describedby={titleId}
              aria-disabled={isDownloading || undefined}
              onClick={() => {
                if (!isDownloading) onDownload();
              }}
            >
              {isDownloading ? 'Downloading…' : 'Download CSV'}
            </button>
          ) : (
            <Link to={paths.dashboardSubscriptions} className="button button--outline button--block" aria-describedby={titleId}>
              Subscribe and save
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
