import type { ItemChange } from '@tradelist/pricing/changes';
import { formatPercent, formatUsd } from '@tradelist/pricing/money';

/** How a change is drawn: green up, red down, a "new" badge, or muted. */
export type ChangeTone = 'up' | 'down' | 'new' | 'none';

export interface ChangeText {
  /** The main text: "+$2.20", "−$80.02", "New", "No change" or "—". */
  amount: string;
  /** The percent under it ("+20%", "−10%"), or '' when there is none. */
  percent: string;
  /** The whole change in words, for screen readers and the cell's title. */
  label: string;
  tone: ChangeTone;
}

const MINUS = '\u2212';

/**
 * An item's change against the previous edition as the preview shows it; null when there is no
 * previous edition to compare with. Amounts are the marked-up price's (product §10.15).
 */
export function describeChange(change: Pick<ItemChange, 'kind' | 'change'> | null): ChangeText {
  if (change === null) return { amount: '—', percent: '', label: 'No earlier edition to compare with', tone: 'none' };
  if (change.kind === 'new') return { amount: 'New', percent: '', label: 'New this month', tone: 'new' };
  if (change.kind === 'removed') return { amount: 'Removed', percent: '', label: 'Removed this month', tone: 'none' };
  const { amountCents, percentBp } = change.change!;
  if (change.kind === 'unchanged') return { amount: 'No change', percent: '', label: 'Price unchanged', tone: 'none' };
  const up = change.kind === 'up';
  const sign = up ? '+' : MINUS;
  const dollars = formatUsd(Math.abs(amountCents));
  const percent = percentBp === null ? '' : `${sign}${formatPercent(Math.abs(percentBp))}%`;
  const words = `${up ? 'Up' : 'Down'} ${dollars}${percentBp === null ? '' : ` (${formatPercent(Math.abs(percentBp))}%)`}`;
  return { amount: `${sign}${dollars}`, percent, label: words, tone: up ? 'up' : 'down' };
}
