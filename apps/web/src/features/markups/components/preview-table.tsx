import type { PreviewProduct } from '@tradelist/contract/catalog';
import { classifyChange } from '@tradelist/pricing/changes';
import { formatUsd } from '@tradelist/pricing/money';
import type { PricingEngine } from '@tradelist/pricing/rules';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { CSSProperties, RefObject } from 'react';
import { cx } from '../../../lib/cx';
import { previewPageSize, usePreviewPages, type PreviewFilter } from '../api/get-preview-products';
import { describeChange, type ChangeTone } from '../utils/price-change';
import { describeRule } from '../utils/rule-words';
import detailStyles from './item-price-detail.module.css';
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

interface PreviewTableProps {
  /** How many products match; the table is as tall as all of them. */
  total: number;
  filter: PreviewFilter;
  /** Whether there is a previous edition to measure changes against. */
  hasPrevious: boolean;
  /** The rows of page 0, already loaded with the count. */
  firstPage: PreviewProduct[];
  /** The rules as typed, compiled. */
  engine: PricingEngine;
  /** The SKUs selected for "Apply to selected". */
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  enabled: boolean;
  /** Opens an item's detail (its price history). */
  onOpenItem: (product: PreviewProduct) => void;
}

/** The header row: the columns of product §10.15's preview. */
function PreviewTableHead() {
  return (
    <div className={previewStyles.previewTableHead} role="rowgroup">
      <div className={cx(previewStyles.previewTableRow, previewStyles.previewTableRowHead)} role="row" aria-rowindex={1}>
        <span role="columnheader">SKU</span>
        <span role="columnheader">Name</span>
        <span role="columnheader" className={previewStyles.isNumber}>
          Cost
        </span>
        <span role="columnheader">Rule</span>
        <span role="columnheader" className={previewStyles.isNumber}>
          Price
        </span>
        <span role="columnheader" className={previewStyles.isNumber}>
          Price with tax
        </span>
        <span role="columnheader" className={previewStyles.isNumber}>
          Change
        </span>
        <span role="columnheader">
          <span className="visually-hidden">Select</span>
        </span>
      </div>
    </div>
  );
}

/** The row that says why no product is listed. */
function EmptyRow({ filter }: { filter: PreviewFilter }) {
  return (
    <div className={previewStyles.previewTableEmpty} role="row">
      <span role="cell">
        {filter.changed && filter.search === ''
          ? 'Nothing changed since the previous edition.'
          : filter.changed
            ? `No changed products match “${filter.search}”.`
            : `No products match “${filter.search}”.`}
      </span>
    </div>
  );
}

interface RowProps {
  item: VirtualItem;
  measure: (element: Element | null) => void;
}

/** Where a virtual row sits: the sticky header is above the first row. */
const rowStyle = (item: VirtualItem): CSSProperties => ({ transform: `translateY(${item.start - headerHeight}px)` });

/** A row whose page has not arrived yet. */
function LoadingRow({ item, measure }: RowProps) {
  return (
    <div
      ref={measure}
      data-index={item.index}
      className={cx(previewStyles.previewTableRow, previewStyles.previewTableRowLoading)}
      role="row"
      aria-rowindex={item.index + 2}
      style={rowStyle(item)}
    >
      <span role="cell" className={previewStyles.previewTableMuted}>
        Loading…
      </span>
    </div>
  );
}

interface ProductRowProps extends RowProps {
  product: PreviewProduct;
  engine: PricingEngine;
  hasPrevious: boolean;
  isSelected: boolean;
  onToggle: (sku: string) => void;
  onOpenItem: (product: PreviewProduct) => void;
}

/** One product priced with the rules as typed, the rule that set its price, and its change against the previous edition. */
function ProductRow({ item, measure, product, engine, hasPrevious, isSelected, onToggle, onOpenItem }: ProductRowProps) {
  const price = engine.price({ sku: product.sku, group: product.group, costCents: product.cost_cents });
  const words = describeRule(price, product.cost_cents, engine.rules);
  const previous = product.previous_cost_cents === null ? null : engine.price({ sku: product.sku, group: product.group, costCents: product.previous_cost_cents });
  const change = describeChange(hasPrevious ? classifyChange(previous?.priceCents ?? null, price.priceCents) : null);
  return (
    <div
      ref={measure}
      data-index={item.index}
      className={cx(previewStyles.previewTableRow, item.index % 2 === 1 && previewStyles.isStriped, isSelected && previewStyles.isSelected)}
      role="row"
      aria-rowindex={item.index + 2}
      style={rowStyle(item)}
    >
      <span role="cell" className={previewStyles.previewTableSku}>
        <button type="button" className={detailStyles.itemDetailOpen} aria-label={`${product.sku}, price history`} onClick={() => onOpenItem(product)}>
          {product.sku}
        </button>
      </span>
      <span role="cell" title={`${product.name} (${product.group})`}>
        {product.name}
      </span>
      <span role="cell" className={previewStyles.isNumber}>
        {formatUsd(product.cost_cents)}
      </span>
      <span role="cell" className={previewStyles.previewTableBand} title={product.group}>
        <span>{words.rule}</span>
        {words.detail ? <span className={previewStyles.previewTableMuted}>{words.detail}</span> : null}
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
      <span role="cell" className={previewStyles.previewTableSelect}>
        <input type="checkbox" checked={isSelected} aria-label={`Select ${product.sku}`} onChange={() => onToggle(product.sku)} />
      </span>
    </div>
  );
}

/** The rows of the pages in view: page 0 came with the count, the others are fetched as they scroll in. */
function useVisibleRows(pagesInView: number[], filter: PreviewFilter, firstPage: PreviewProduct[], enabled: boolean) {
  const pages = [...new Set(pagesInView)].filter((page) => page > 0);
  const loaded = usePreviewPages({ filter, pages, enabled });
  const rowsOfPage = new Map<number, PreviewProduct[]>([[0, firstPage]]);
  pages.forEach((page, i) => {
    const products = loaded[i]?.data?.products;
    if (products) rowsOfPage.set(page, products);
  });
  return (index: number) => rowsOfPage.get(Math.floor(index / previewPageSize))?.[index % previewPageSize];
}

/**
 * The priced rows: only those in view are rendered, and only their pages are fetched, so the
 * browser holds what the user has scrolled through, not the whole list.
 */
export function PreviewTable({ total, filter, hasPrevious, firstPage, engine, selected, onSelect, scrollRef, enabled, onOpenItem }: PreviewTableProps) {
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
  const productAt = useVisibleRows(items.map((item) => Math.floor(item.index / previewPageSize)), filter, firstPage, enabled);
  const toggle = (sku: string) => {
    const next = new Set(selected);
    if (!next.delete(sku)) next.add(sku);
    onSelect(next);
  };

  return (
    <div
      ref={scrollRef}
      className={previewStyles.previewTable}
      role="table"
      aria-label="Products priced with your markups"
      aria-rowcount={total + 1}
      tabIndex={0}
    >
      <PreviewTableHead />
      <div className={previewStyles.previewTableBody} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {total === 0 ? <EmptyRow filter={filter} /> : null}
        {items.map((item) => {
          const product = productAt(item.index);
          return product ? (
            <ProductRow
              key={item.key}
              item={item}
              measure={virtualizer.measureElement}
              product={product}
              engine={engine}
              hasPrevious={hasPrevious}
              isSelected={selected.has(product.sku)}
              onToggle={toggle}
              onOpenItem={onOpenItem}
            />
          ) : (
            <LoadingRow key={item.key} item={item} measure={virtualizer.measureElement} />
          );
        })}
      </div>
    </div>
  );
}
