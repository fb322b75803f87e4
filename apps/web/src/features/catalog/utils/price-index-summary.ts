import type { PriceIndexPoint, PriceIndexResponse } from '@tradelist/contract/price-history';
import { formatPercentChange } from '@tradelist/pricing/money';
import { formatMonth } from '../../../components/charts/chart-geometry';

/** "Wires +6.1% since Jun 2026": a series' change since the first month shown. */
export function sinceFirstMonth(name: string, points: readonly PriceIndexPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return name;
  return `${name} ${formatPercentChange(last.cumulative_bp)} since ${formatMonth(first.month)}`;
}

/** The group whose change since the first month went furthest at any month, up or down; null when none moved. */
export function biggestMover(groups: PriceIndexResponse['groups']): PriceIndexResponse['groups'][number] | null {
  const reach = (points: readonly PriceIndexPoint[]) => Math.max(0, ...points.map((point) => Math.abs(point.cumulative_bp)));
  const sorted = groups.filter((group) => reach(group.points) > 0).sort((a, b) => reach(b.points) - reach(a.points));
  return sorted[0] ?? null;
}

