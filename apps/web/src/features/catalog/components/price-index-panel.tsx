import type { PriceIndexResponse } from '@tradelist/contract/price-history';
import { formatPercentChange } from '@tradelist/pricing/money';
import { formatMonth } from '../../../components/charts/chart-geometry';
import { LineChart } from '../../../components/charts/line-chart';
import { isApiError } from '../../../lib/api-client';
import { usePriceIndex } from '../api/get-price-index';
import { biggestMover, sinceFirstMonth } from '../utils/price-index-summary';
import indexStyles from './price-index-panel.module.css';

/** The groups: their change since the first month, and last month's. */
function GroupTable({ index }: { index: PriceIndexResponse }) {
  const firstMonth = formatMonth(index.whole[0]!.month);
  const lastMonth = formatMonth(index.whole.at(-1)!.month);
  return (
    <div className={indexStyles.priceIndexGroups} tabIndex={0} role="region" aria-label="Price index by group">
      <table>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Since {firstMonth}</th>
            <th scope="col">In {lastMonth}</th>
          </tr>
        </thead>
        <tbody>
          {index.groups.map(({ group, points }) => {
            const last = points.at(-1)!;
            return (
              <tr key={group}>
                <th scope="row">{group}</th>
                <td>{formatPercentChange(last.cumulative_bp)}</td>
                <td>{last.change_bp === null ? '—' : formatPercentChange(last.change_bp)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A category's price index on the catalog screen: its change since the first month shown, a
 * small chart of it month by month, and each group's change (the median of the items in both of
 * two consecutive editions). Shown only for a list the user may download.
 */
export function PriceIndexPanel({ categoryId, enabled }: { categoryId: number; enabled: boolean }) {
  const index = usePriceIndex(categoryId, enabled);
  if (!enabled || index.isPending) return null;
  if (index.isError) {
    // A refusal (no edition yet, not a subscriber) has nothing to show; a failure says so.
    return isApiError(index.error) && index.error.status < 500 ? null : <p className={indexStyles.priceIndexNote}>The price index could not be loaded.</p>;
  }
  const { category, whole, groups } = index.data;
  const mover = biggestMover(groups);
  return (
    <section className={indexStyles.priceIndex} aria-labelledby={`price-index-${categoryId}`}>
      <h2 className={indexStyles.priceIndexTitle} id={`price-index-${categoryId}`}>
        Price index
      </h2>
      {whole.length < 2 ? (
        <p className={indexStyles.priceIndexNote}>{category.name} has one edition so far: the index starts with the next one.</p>
      ) : (
        <>
          <p className={indexStyles.priceIndexSummary}>
            <span>{sinceFirstMonth(category.name, whole)}</span>
            {mover ? <span className={indexStyles.priceIndexMover}>{sinceFirstMonth(mover.group, mover.points)}</span> : null}
          </p>
          <p className={indexStyles.priceIndexNote}>The median change in cost of the items in both of two consecutive editions, month by month.</p>
          <div className={indexStyles.priceIndexBody}>
            <LineChart
              label={`Change in cost since ${formatMonth(whole[0]!.month)}`}
              pointHeader="Month"
              pointLabels={whole.map((point) => formatMonth(point.month))}
              series={[
                { name: category.name, values: whole.map((point) => point.cumulative_bp), tone: 'primary' },
                ...(mover ? [{ name: mover.group, values: mover.points.map((point) => point.cumulative_bp), tone: 'secondary' as const }] : []),
              ]}
              formatValue={formatPercentChange}
            />
            <GroupTable index={index.data} />
          </div>
        </>
      )}
    </section>
  );
}
