import type { PreviewProduct } from '@tradelist/contract/catalog';
import { compileRules, type PricingRules } from '@tradelist/pricing/rules';
import { formatUsd } from '@tradelist/pricing/money';
import { useEffect, useId, useRef } from 'react';
import { LineChart } from '../../../components/charts/line-chart';
import buttonStyles from '../../../components/ui/button.module.css';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { formatRunDate } from '../../../lib/format';
import { useItemPriceHistory } from '../api/get-item-price-history';
import detailStyles from './item-price-detail.module.css';

interface ItemPriceDetailProps {
  /** The current edition the preview shows. */
  collectionId: number;
  /** The item opened; null while the detail is closed. */
  item: PreviewProduct | null;
  /** The rules that price the item (the markups as typed, or a pricing profile's). */
  rules: PricingRules;
  onClose: () => void;
}

/** The chart of the item's cost and the user's price in each edition that lists it, priced in the browser by the rules. */
function ItemPriceHistoryChart({ collectionId, item, rules }: { collectionId: number; item: PreviewProduct; rules: PricingRules }) {
  const history = useItemPriceHistory(collectionId, item.sku, true);
  if (history.isPending) {
    return (
      <p className={detailStyles.itemDetailStatus} role="status">
        Loading the price history…
      </p>
    );
  }
  if (history.isError) {
    return (
      <p className={detailStyles.itemDetailStatus} role="alert">
        {isApiError(history.error) && history.error.body && history.error.status < 500 ? history.error.body.error : 'The price history could not be loaded.'}
      </p>
    );
  }
  const engine = compileRules(rules);
  const { editions, group } = history.data;
  const prices = editions.map((edition) => engine.price({ sku: item.sku, group, costCents: edition.cost_cents }).priceCents);
  return (
    <>
      <LineChart
        label={`Cost and your price of ${item.sku}, edition by edition`}
        pointHeader="Edition"
        pointLabels={editions.map((edition) => formatRunDate(edition.rundate))}
        series={[
          { name: 'Your price', values: prices, tone: 'primary' },
          { name: 'Cost', values: editions.map((edition) => edition.cost_cents), tone: 'secondary' },
        ]}
        formatValue={(cents) => formatUsd(cents)}
      />
      {editions.length === 1 ? <p className={detailStyles.itemDetailNote}>This item is in one edition so far: its history starts here.</p> : null}
    </>
  );
}

/** On opening, focus goes to the detail's heading; on closing, back to what opened it (when it is still there). */
function useDetailFocus(item: PreviewProduct | null) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!item) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    headingRef.current?.scrollIntoView({ block: 'nearest' });
    headingRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [item]);
  return headingRef;
}

/**
 * The preview's item detail, above the list: the item, and how its cost and the user's price
 * (before tax) moved over the editions of its list, with the figures of each edition on hover
 * and focus. Inline rather than a dialog, so the public site's first visit shares no chunk with it.
 */
export function ItemPriceDetail({ collectionId, item, rules, onClose }: ItemPriceDetailProps) {
  const headingId = useId();
  const headingRef = useDetailFocus(item);
  if (!item) return null;
  return (
    <section className={detailStyles.itemDetail} aria-labelledby={headingId}>
      <div className={detailStyles.itemDetailHeader}>
        <h3 className={detailStyles.itemDetailTitle} id={headingId} ref={headingRef} tabIndex={-1}>
          {item.name}
        </h3>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onClose}>
          Close
        </button>
      </div>
      <dl className={detailStyles.itemDetailFacts}>
        <div>
          <dt>SKU</dt>
          <dd>{item.sku}</dd>
        </div>
        <div>
          <dt>Group</dt>
          <dd>{item.group}</dd>
        </div>
        <div>
          <dt>Unit</dt>
          <dd>{item.unit}</dd>
        </div>
      </dl>
      <p className={detailStyles.itemDetailHeading}>Cost and your price (before tax) by edition</p>
      <ItemPriceHistoryChart collectionId={collectionId} item={item} rules={rules} />
    </section>
  );
}
