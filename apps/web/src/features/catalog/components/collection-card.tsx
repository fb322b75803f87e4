import type { Collection, DownloadFormat } from '@tradelist/contract/catalog';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { followWhileLoading } from '../../../components/layouts/scroll-manager';
import { assetPaths, paths } from '../../../config/paths';
import { formatCount, formatRunDate } from '../../../lib/format';
import buttonStyles from '../../../components/ui/button.module.css';
import catalogStyles from './catalog.module.css';
import { cx } from '../../../lib/cx';

interface CollectionCardProps {
  collection: Collection;
  /** product §4: false shows 'Subscribe and save' instead of the download buttons. */
  canDownload: boolean;
  /** The format being downloaded now, or null. */
  downloadingFormat: DownloadFormat | null;
  /** The format chosen last time: its button is the primary one. */
  preferredFormat: DownloadFormat;
  /** Opens the download question (product §2.7) with this format picked. */
  onDownload: (format: DownloadFormat) => void;
  /** The All view mixes categories: name each card's category there. */
  showCategory?: boolean;
  /** product §2.7: the Sync button, shown where Download is (given the title's id to point at). */
  syncAction?: (describedBy: string) => ReactNode;
  /** The collection's sync progress and last results, shown with the Sync button. */
  syncStatus?: ReactNode;
  /** Where this edition's changes against the previous one are shown (current editions only). */
  changesHref?: string;
  /** Scroll the page so this card's download buttons are in view (the catalog was opened to download). */
  revealDownloads?: boolean;
}

/** The card's two download buttons, in this order (product §2.7, §10.2). */
const downloadButtons: Array<{ format: DownloadFormat; label: string }> = [
  { format: 'csv', label: 'Download CSV' },
  { format: 'xlsx', label: 'Download Excel' },
];

/** Scrolls `target` into view when `reveal` is set: after the navigation's own scroll to the top, and kept in view while the sections above load. */
function useRevealDownloads(target: RefObject<HTMLDivElement | null>, reveal: boolean) {
  useEffect(() => {
    const actions = target.current;
    if (!reveal || !actions) return;
    const align = () => actions.scrollIntoView({ block: 'nearest' });
    const frame = requestAnimationFrame(align);
    const stop = followWhileLoading(align);
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [target, reveal]);
}

/** The edition's image; product §9: an image that cannot load falls back to the fixed default. */
function CollectionImage({ src }: { src: string | null }) {
  return (
    <img
      className={catalogStyles.collectionCardImage}
      src={src || assetPaths.defaultCollectionImage}
      alt=""
      width={640}
      height={360}
      loading="lazy"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(assetPaths.defaultCollectionImage)) image.src = assetPaths.defaultCollectionImage;
      }}
    />
  );
}

/** The run date and the item count. */
function CollectionFacts({ collection }: { collection: Collection }) {
  return (
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
  );
}

type DownloadButtonsProps = Pick<CollectionCardProps, 'downloadingFormat' | 'preferredFormat' | 'onDownload'> & { titleId: string };

/** CSV and Excel; while one downloads, neither starts another. */
function DownloadButtons({ downloadingFormat, preferredFormat, onDownload, titleId }: DownloadButtonsProps) {
  return (
    <div className={catalogStyles.collectionCardDownloads}>
      {downloadButtons.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className={cx(
            buttonStyles.button,
            format === preferredFormat ? buttonStyles.buttonPrimary : buttonStyles.buttonOutline,
            buttonStyles.buttonBlock,
            catalogStyles.collectionCardDownload,
          )}
          aria-describedby={titleId}
          aria-disabled={downloadingFormat !== null || undefined}
          onClick={() => {
            if (downloadingFormat === null) onDownload(format);
          }}
        >
          {downloadingFormat === format ? 'Downloading…' : label}
        </button>
      ))}
    </div>
  );
}

/** One edition: image (or the default), name, run date, item count and its download actions. */
export function CollectionCard({
  collection,
  canDownload,
  downloadingFormat,
  preferredFormat,
  onDownload,
  showCategory = false,
  syncAction,
  syncStatus,
  changesHref,
  revealDownloads = false,
}: CollectionCardProps) {
  const titleId = useId();
  const actionsRef = useRef<HTMLDivElement>(null);
  useRevealDownloads(actionsRef, revealDownloads);
  return (
    <article className={catalogStyles.collectionCard} aria-labelledby={titleId}>
      <CollectionImage src={collection.image} />
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
        <CollectionFacts collection={collection} />
        {canDownload && changesHref ? (
          <Link to={changesHref} className={catalogStyles.collectionCardChanges} aria-describedby={titleId}>
            See what changed this month
          </Link>
        ) : null}
        <div className={catalogStyles.collectionCardActions} ref={actionsRef}>
          {canDownload ? syncAction?.(titleId) : null}
          {canDownload ? (
            <DownloadButtons downloadingFormat={downloadingFormat} preferredFormat={preferredFormat} onDownload={onDownload} titleId={titleId} />
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
