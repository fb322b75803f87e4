import type { Collection } from '@tradelist/contract/catalog';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { assetPaths, paths } from '../../../config/paths';
import { formatCount, formatRunDate } from '../../../lib/format';
import buttonStyles from '../../../components/ui/button.module.css';
import catalogStyles from './catalog.module.css';
import { cx } from '../../../lib/cx';

interface CollectionCardProps {
  collection: Collection;
  /** product §4: false shows 'Subscribe and save' instead of the download button. */
  canDownload: boolean;
  isDownloading: boolean;
  onDownload: () => void;
  /** The All view mixes categories: name each card's category there. */
  showCategory?: boolean;
  /** product §2.7: the Sync button, shown where Download is (given the title's id to point at). */
  syncAction?: (describedBy: string) => ReactNode;
  /** The collection's sync progress and last results, shown with the Sync button. */
  syncStatus?: ReactNode;
  /** Where this edition's changes against the previous one are shown (current editions only). */
  changesHref?: string;
}

/** One edition: image (or the default), name, run date, item count and its download action. */
export function CollectionCard({
  collection,
  canDownload,
  isDownloading,
  onDownload,
  showCategory = false,
  syncAction,
  syncStatus,
  changesHref,
}: CollectionCardProps) {
  const titleId = useId();
  return (
    <article className={catalogStyles.collectionCard} aria-labelledby={titleId}>
      <img
        className={catalogStyles.collectionCardImage}
        src={collection.image || assetPaths.defaultCollectionImage}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        onError={(event) => {
          // product §9: an image that cannot load falls back to the fixed default.
          const image = event.currentTarget;
          if (!image.src.endsWith(assetPaths.defaultCollectionImage)) image.src = assetPaths.defaultCollectionImage;
        }}
      />
      <div className={catalogStyles.collectionCardBody}>
        {showCategory || collection.is_free ? (
          <p className={catalogStyles.collectionCardEyebrow}>
            {showCategory ? collection.category_name : null}
            {collection.is_free ? <span className={cx(buttonStyles.badge, buttonStyles.badgeFree)}>Free</span> : null}
          </p>
        ) : null}
        <h3 className={catalogStyles.collectionCardTitle} id={titleId}>
          {collection.name}
        </h3>
        <dl className={catalogStyles.collectionCardFacts}>
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
        {canDownload && changesHref ? (
          <Link to={changesHref} className={catalogStyles.collectionCardChanges} aria-describedby={titleId}>
            See what changed this month
          </Link>
        ) : null}
        <div className={catalogStyles.collectionCardActions}>
          {canDownload ? syncAction?.(titleId) : null}
          {canDownload ? (
            <button
              type="button"
              className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
              aria-describedby={titleId}
              aria-disabled={isDownloading || undefined}
              onClick={() => {
                if (!isDownloading) onDownload();
              }}
            >
              {isDownloading ? 'Downloading…' : 'Download CSV'}
            </button>
          ) : (
            <Link
              to={paths.dashboardSubscriptions}
              className={cx(buttonStyles.button, buttonStyles.buttonOutline, buttonStyles.buttonBlock)}
              aria-describedby={titleId}
            >
              Subscribe and save
            </Link>
          )}
        </div>
        {canDownload ? syncStatus : null}
      </div>
    </article>
  );
}
