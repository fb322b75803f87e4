import type { PreviewProduct } from '@tradelist/contract/catalog';
import { bandLabel } from '@tradelist/pricing/bands';
import { priceFor, type Markups } from '@tradelist/pricing/markups';
import { formatPercent } from '@tradelist/pricing/money';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatCount, formatRunDate, formatUsd } from '../../../lib/format';
import { usePreviewProducts } from '../api/get-preview-products';
import { previewMarkups } from '../utils/markup-form';
import type { MarkupFormApi } from './markup-form';

/** Fixed sizes (px) the virtualiser relies on; global.css uses the same numbers. */
const rowHeight = 40;
const headerHeight = 44;

interface MarkupPreviewProps {
  form: MarkupFormApi;
  /** False while no email is stored: nothing is asked then. */
  enabled: boolean;
}

/** A product with its search key computed once. */
interface SearchableProduct extends PreviewProduct {
  searchKey: string;
}

/**
 * The live preview beside the markup form: the newest list the user may download, priced with
 * the markups AS TYPED (invalid values count as empty), searchable by name and SKU, virtualised.
 */
export function MarkupPreview({ form, enabled }: MarkupPreviewProps) {
  const headingId = useId();
  const searchId = useId();
  const preview = usePreviewProducts({ enabled });
  const typed = useWatch({ control: form.control });
  const markups = useMemo(() => previewMarkups(typed), [typed]);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const scrollRef = useRef<HTMLDivElement>(null);

  const products = useMemo<SearchableProduct[]>(
    () =>
      (preview.data?.products ?? []).map((product) => ({
        ...product,
        searchKey: `${product.sku}\n${product.name}`.toLowerCase(),
      })),
    [preview.data],
  );
  const visible = useMemo(() => {
    const needle = deferredSearch.trim().toLowerCase();
    return needle === '' ? products : products.filter((product) => product.searchKey.includes(needle));
  }, [products, deferredSearch]);

  const collection = preview.data?.collection ?? null;

  return (
    <section className="markup-preview" aria-labelledby={headingId}>
      <div className="markup-preview__heading">
        <h2 className="markup-preview__title" id={headingId}>
          Price preview
        </h2>
        {collection ? (
          <p className="markup-preview__edition">
            {collection.name} · <time dateTime={collection.rundate}>{formatRunDate(collection.rundate)}</time>
          </p>
        ) : null}
      </div>
      <p className="markup-preview__intro">Prices update as you type. Nothing is saved until you press Save markups.</p>

      {preview.isPending && enabled ? (
        <p className="markup-preview__status" role="status">
          Loading products…
        </p>
      ) : preview.isError ? (
        <div className="markup-preview__status markup-preview__status--error" role="alert">
          <p>The products could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={() => void preview.refetch()}>
            Try again
          </button>
        </div>
      ) : !collection || products.length === 0 ? (
        <p className="markup-preview__status">No price list is available to preview yet.</p>
      ) : (
        <>
          <div className="markup-preview__tools">
            <div className="field markup-preview__search">
              <label className="field__label" htmlFor={searchId}>
                Search products
              </label>
              <input
                id={searchId}
                className="field__input"
                type="search"
                placeholder="Name or SKU"
                autoComplete="off"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  scrollRef.current?.scrollTo({ top: 0 });
                }}
              />
            </div>
            <p className="markup-preview__count" aria-live="polite">
              {formatCount(visible.length)} of {formatCount(products.length)} items
            </p>
          </div>
          <PreviewTable rows={visible} markups={markups} scrollRef={scrollRef} search={deferredSearch.trim()} />
        </>
      )}
    </section>
  );
}

interface PreviewTableProps {
  rows: SearchableProduct[];
  markups: Markups;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  search: string;
}

/** The priced rows: only those in view are rendered, so 1,000+ items scroll smoothly. */
function PreviewTable({ rows, markups, scrollRef, search }: PreviewTableProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser's own state drives re-renders
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // The sticky header sits inside the scroll container, above the first row.
    scrollMargin: headerHeight,
    getItemKey: (index) => rows[index]?.sku ?? index,
  });

  return (
    <div
      ref={scrollRef}
      className="preview-table"
      role="table"
      aria-label="Products priced with your markups"
      aria-rowcount={rows.length + 1}
      tabIndex={0}
    >
      <div className="preview-table__head" role="rowgroup">
        <div className="preview-table__row preview-table__row--head" role="row" aria-rowindex={1}>
          <span role="columnheader">SKU</span>
          <span role="columnheader">Name</span>
          <span role="columnheader" className="is-number">
            Cost
          </span>
          <span role="columnheader">Band</span>
          <span role="columnheader" className="is-number">
            Price
          </span>
          <span role="columnheader" className="is-number">
            Price with tax
          </span>
        </div>
      </div>
      <div className="preview-table__body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {rows.length === 0 ? (
          <div className="preview-table__empty" role="row">
            <span role="cell">No products match “{search}”.</span>
          </div>
        ) : null}
        {virtualizer.getVirtualItems().map((item) => {
          const product = rows[item.index];
          if (!product) return null;
          const price = priceFor(product.cost_cents, markups);
          return (
            <div
              key={item.key}
              className={`preview-table__row${item.index % 2 === 1 ? ' is-striped' : ''}`}
              role="row"
              aria-rowindex={item.index + 2}
              style={{ transform: `translateY(${item.start - headerHeight}px)` }}
            >
              <span role="cell" className="preview-table__sku" title={product.sku}>
                {product.sku}
              </span>
              <span role="cell" className="preview-table__name" title={product.name}>
                {product.name}
              </span>
              <span role="cell" className="is-number">
                {formatUsd(product.cost_cents)}
              </span>
              <span role="cell" className="preview-table__band">
                <span>{bandLabel(price.band)}</span>
                <span className="preview-table__muted">+{formatPercent(price.markupBp)}%</span>
              </span>
              <span role="cell" className="is-number">
                {formatUsd(price.priceCents)}
              </span>
              <span role="cell" className="is-number">
                {formatUsd(price.priceWithTaxCents)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
