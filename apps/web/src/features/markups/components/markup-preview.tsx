import type { PreviewProduct } from '@tradelist/contract/catalog';
import { bandLabel } from '@tradelist/pricing/bands';
import { itemChange } from '@tradelist/pricing/changes';
import { priceFor, type Markups } from '@tradelist/pricing/markups';
import { formatPercent, formatUsd } from '@tradelist/pricing/money';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';
import { formatCount, formatRunDate } from '../../../lib/format';
import { previewPageSize, usePreviewFirstPage, usePreviewPages, type PreviewFilter } from '../api/get-preview-products';
import { ignoredValuesNotice } from '../utils/field-labels';
import { ignoredPercentFields, previewMarkups } from '../utils/markup-form';
import { describeChange, type ChangeTone } from '../utils/price-change';
import type { MarkupFormApi } from './markup-form';
import previewStyles from './markup-preview.module.css';

/** The class that colours each kind of change. */
const changeToneClass: Record<ChangeTone, string | undefined> = {
  up: previewStyles.isUp,
  down: previewStyles.isDown,
  new: previewStyles.isNew,
  none: previewStyles.isSame,
};

/** Sizes (px) the virtualiser relies on; markup-preview.module.css uses the same numbers. A row is
 * at least `rowHeight` tall, taller when a long SKU wraps: each rendered row is measured. */
const rowHeight = 40;
const headerHeight = 44;
/** How long typing pauses before the server is asked. */
const searchDelayMs = 250;

interface MarkupPreviewProps {
  form: MarkupFormApi;
  /** False while no email is stored: nothing is asked then. */
  enabled: boolean;
  /** A current edition chosen in the catalog ("See what changed"); null for the user's list. */
  collectionId: number | null;
  /** Whether "Changed this month" starts ticked. */
  initialChanged: boolean;
}

/** `value`, once it has stopped changing for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The live preview beside the markup form: the newest list the user may download, priced with
 * the markups AS TYPED (invalid values count as empty), searched by name, SKU and group on the
 * server, and fetched page by page as the user scrolls, so a list of any size stays light. Each
 * item shows its change against the previous edition on the price as typed (product §10.15);
 * "Changed this month" keeps only new and re-priced items, on the server.
 */
export function MarkupPreview({ form, enabled, collectionId, initialChanged }: MarkupPreviewProps) {
  const headingId = useId();
  const searchId = useId();
  const changedId = useId();
  const typed = useWatch({ control: form.control });
  const markups = useMemo(() => previewMarkups(typed), [typed]);
  // product §5: a value below 0 (or any the form refuses) counts as empty here, and the preview says so.
  const ignoredNotice = useMemo(() => ignoredValuesNotice(ignoredPercentFields(typed)), [typed]);
  const [search, setSearch] = useState('');
  const [changedOnly, setChangedOnly] = useState(initialChanged);
  const searched = useDebouncedValue(search.trim(), searchDelayMs);
  const scrollRef = useRef<HTMLDivElement>(null);

  // The whole list's first page names the edition and its size; a filter's first page, the matches.
  const whole = usePreviewFirstPage({ filter: { collectionId, search: '', changed: false }, enabled });
  // Without a previous edition there is nothing to filter on (a link may still ask for it).
  const hasNoPrevious = whole.data !== undefined && whole.data.previous_collection === null;
  const matches = usePreviewFirstPage({ filter: { collectionId, search: searched, changed: changedOnly && !hasNoPrevious }, enabled });
  const collection = whole.data?.collection ?? null;
  const previousCollection = whole.data?.previous_collection ?? null;
  const editionTotal = whole.data?.total ?? 0;
  const shown = matches.data ?? whole.data;

  return (
    <section className={previewStyles.markupPreview} aria-labelledby={headingId}>
      <div className={previewStyles.markupPreviewHeading}>
        <h2 className={previewStyles.markupPreviewTitle} id={headingId}>
          Price preview
        </h2>
        {collection ? (
          <p className={previewStyles.markupPreviewEdition}>
            {collection.name} · <time dateTime={collection.rundate}>{formatRunDate(collection.rundate)}</time>
          </p>
        ) : null}
      </div>
      <p className={previewStyles.markupPreviewIntro}>Prices update as you type. Nothing is saved until you press Save markups.</p>
      {ignoredNotice ? (
        <p className={previewStyles.markupPreviewIgnored} role="status">
          {ignoredNotice}
        </p>
      ) : null}
      {collection ? (
        <p className={previewStyles.markupPreviewIntro}>
          {previousCollection
            ? `Changes are against ${previousCollection.name}, on your price as typed.`
            : 'This is the first edition of this list: there is no earlier edition to compare it with.'}
        </p>
      ) : null}

      {whole.isPending && enabled ? (
        <p className={previewStyles.markupPreviewStatus} role="status">
          Loading products…
        </p>
      ) : whole.isError ? (
        <div className={cx(previewStyles.markupPreviewStatus, previewStyles.markupPreviewStatusError)} role="alert">
          {/* A refusal (e.g. the download limit) says why; anything else offers another try. */}
          <p>{isApiError(whole.error) && whole.error.status === 403 && whole.error.body ? whole.error.body.error : 'The products could not be loaded.'}</p>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void whole.refetch()}>
            Try again
          </button>
        </div>
      ) : !collection || editionTotal === 0 || !shown ? (
        <p className={previewStyles.markupPreviewStatus}>No price list is available to preview yet.</p>
      ) : (
        <>
          <div className={previewStyles.markupPreviewTools}>
            <div className={cx(fieldStyles.field, previewStyles.markupPreviewSearch)}>
              <label className={fieldStyles.fieldLabel} htmlFor={searchId}>
                Search products
              </label>
              <input
                id={searchId}
                className={fieldStyles.fieldInput}
                type="search"
                placeholder="Name, SKU or group"
                autoComplete="off"
                maxLength={100}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  scrollRef.current?.scrollTo({ top: 0 });
                }}
              />
            </div>
            <label className={previewStyles.markupPreviewChanged} htmlFor={changedId}>
              <input
                id={changedId}
                type="checkbox"
                checked={changedOnly && !hasNoPrevious}
                disabled={!previousCollection}
                onChange={(event) => {
                  setChangedOnly(event.target.checked);
                  scrollRef.current?.scrollTo({ top: 0 });
                }}
              />
              Changed this month
            </label>
            <p className={previewStyles.markupPreviewCount} aria-live="polite" aria-busy={matches.isFetching || undefined}>
              {formatCount(shown.total)} of {formatCount(editionTotal)} items
            </p>
          </div>
          {matches.isError ? (
            <p className={cx(previewStyles.markupPreviewStatus, previewStyles.markupPreviewStatusError)} role="alert">
              The search could not be run. Please try again.
            </p>
          ) : null}
          <PreviewTable
            key={`${shown.changed}:${shown.search}`}
            total={shown.total}
            filter={{ collectionId, search: shown.search, changed: shown.changed }}
            hasPrevious={previousCollection !== null}
            firstPage={shown.products}
            markups={markups}
            scrollRef={scrollRef}
            enabled={enabled}
          />
        </>
      )}
    </section>
  );
}

interface PreviewTableProps {
  /** How many products match; the table is as tall as all of them. */
  total: number;
  filter: PreviewFilter;
  /** Whether there is a previous edition to measure changes against. */
  hasPrevious: boolean;
  /** The rows of page 0, already loaded with the count. */
  firstPage: PreviewProduct[];
  markups: Markups;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  enabled: boolean;
}

/**
 * The priced rows: only those in view are rendered, and only their pages are fetched, so the
 * browser holds what the user has scrolled through, not the whole list.
 */
function PreviewTable({ total, filter, hasPrevious, firstPage, markups, scrollRef, enabled }: PreviewTableProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's own state drives re-renders
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // The sticky header sits inside the scroll container, above the first row.
    scrollMargin: headerHeight,
  });
  const items = virtualizer.getVirtualItems();
  const pages = [...new Set(items.map((item) => Math.floor(item.index / previewPageSize)))].filter((page) => page > 0);
  const loaded = usePreviewPages({ filter, pages, enabled });
  const rowsOfPage = new Map<number, PreviewProduct[]>([[0, firstPage]]);
  pages.forEach((page, i) => {
    const products = loaded[i]?.data?.products;
    if (products) rowsOfPage.set(page, products);
  });
  const productAt = (index: number) => rowsOfPage.get(Math.floor(index / previewPageSize))?.[index % previewPageSize];

  return (
    <div
      ref={scrollRef}
      className={previewStyles.previewTable}
      role="table"
      aria-label="Products priced with your markups"
      aria-rowcount={total + 1}
      tabIndex={0}
    >
      <div className={previewStyles.previewTableHead} role="rowgroup">
        <div className={cx(previewStyles.previewTableRow, previewStyles.previewTableRowHead)} role="row" aria-rowindex={1}>
          <span role="columnheader">SKU</span>
          <span role="columnheader">Name</span>
          <span role="columnheader" className={previewStyles.isNumber}>
            Cost
          </span>
          <span role="columnheader">Band</span>
          <span role="columnheader" className={previewStyles.isNumber}>
            Price
          </span>
          <span role="columnheader" className={previewStyles.isNumber}>
            Price with tax
          </span>
          <span role="columnheader" className={previewStyles.isNumber}>
            Change
          </span>
        </div>
      </div>
      <div className={previewStyles.previewTableBody} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {total === 0 ? (
          <div className={previewStyles.previewTableEmpty} role="row">
            <span role="cell">
              {filter.changed && filter.search === ''
                ? 'Nothing changed since the previous edition.'
                : filter.changed
                  ? `No changed products match “${filter.search}”.`
                  : `No products match “${filter.search}”.`}
            </span>
          </div>
        ) : null}
        {items.map((item) => {
          const product = productAt(item.index);
          const style = { transform: `translateY(${item.start - headerHeight}px)` };
          if (!product) {
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={cx(previewStyles.previewTableRow, previewStyles.previewTableRowLoading)}
                role="row"
                aria-rowindex={item.index + 2}
                style={style}
              >
                <span role="cell" className={previewStyles.previewTableMuted}>
                  Loading…
                </span>
              </div>
            );
          }
          const price = priceFor(product.cost_cents, markups);
          const change = describeChange(hasPrevious ? itemChange(product.previous_cost_cents, product.cost_cents, markups) : null);
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={cx(previewStyles.previewTableRow, item.index % 2 === 1 && previewStyles.isStriped)}
              role="row"
              aria-rowindex={item.index + 2}
              style={style}
            >
              <span role="cell" className={previewStyles.previewTableSku}>
                {product.sku}
              </span>
              <span role="cell" title={product.name}>
                {product.name}
              </span>
              <span role="cell" className={previewStyles.isNumber}>
                {formatUsd(product.cost_cents)}
              </span>
              <span role="cell" className={previewStyles.previewTableBand}>
                <span>{bandLabel(price.band)}</span>
                <span className={previewStyles.previewTableMuted}>+{formatPercent(price.markupBp)}%</span>
              </span>
              <span role="cell" className={previewStyles.isNumber}>
                {formatUsd(price.priceCents)}
              </span>
              <span role="cell" className={previewStyles.isNumber}>
                {formatUsd(price.priceWithTaxCents)}
              </span>
              <span role="cell" className={cx(previewStyles.previewTableChange, changeToneClass[change.tone])} title={change.label}>
                <span aria-hidden="true">{change.amount}</span>
                {change.percent ? <span aria-hidden="true">{change.percent}</span> : null}
                <span className="visually-hidden">{change.label}</span>
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
