/**
 * The price index of a category: month by month, per group and for the whole category, the
 * median change of the cost of the items present in both of two consecutive editions, and the
 * change since the first month shown. Each item's change is `amountChange` (changes.ts), in
 * basis points; the medians and the chained change are integers too, rounded half-up on their
 * size like every percent the product shows. Pure; runs in the browser too.
 */
import { amountChange } from './changes.ts';
import { requireNonNegativeInteger, requireSafeInteger, type BasisPoints, type Cents } from './money.ts';

/** `count` items of `group` whose cost went from `previousCostCents` to `costCents` between two editions. */
export interface CostMove {
  group: string;
  previousCostCents: Cents;
  costCents: Cents;
  count: number;
}

/**
 * One month of the index: its month ("YYYY-MM") and the moves of the items its edition shares
 * (by SKU) with the edition of the month before; null for the first month shown, which has no
 * month before it to compare with.
 */
export interface IndexStep {
  month: string;
  moves: readonly CostMove[] | null;
}

export interface IndexPoint {
  month: string;
  /** The median change of the items compared; null when none was (the first month, or no item in both editions). */
  changeBp: BasisPoints | null;
  /** How many items were in both editions (items whose old cost was 0 have no share and are left out). */
  itemsCompared: number;
  /** The monthly medians chained since the first month shown: (1 + m₁)(1 + m₂)… − 1; 0 in the first month. */
  cumulativeBp: BasisPoints;
}

export interface PriceIndex {
  whole: IndexPoint[];
  /** One series per group, by name; every series has a point for every month. */
  groups: Array<{ group: string; points: IndexPoint[] }>;
}

/** `numerator / denominator` (denominator > 0) rounded half-up on its size: -2.5 → -3, 2.5 → 3. */
function divideHalfUpOnSize(numerator: bigint, denominator: bigint): bigint {
  const size = numerator < 0n ? -numerator : numerator;
  const rounded = (size * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -rounded : rounded;
}

/**
 * The median of values each counted `count` times; with an even number of values, the mean of
 * the two middle ones rounded half-up on its size. Null when there is no value.
 */
export function weightedMedian(values: ReadonlyArray<{ value: number; count: number }>): number | null {
  const sorted = values.filter((entry) => entry.count > 0).toSorted((a, b) => a.value - b.value);
  for (const { value, count } of sorted) {
    requireSafeInteger(value, 'A value');
    requireNonNegativeInteger(count, 'A count');
  }
  const total = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  // The values at the 0-based positions ⌊(total − 1) / 2⌋ and ⌊total / 2⌋ (the same one when total is odd).
  const valueAt = (position: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.count;
      if (position < seen) return entry.value;
    }
    throw new RangeError('Position past the last value');
  };
  const low = valueAt(Math.floor((total - 1) / 2));
  const high = valueAt(Math.floor(total / 2));
  return Number(divideHalfUpOnSize(BigInt(low) + BigInt(high), 2n));
}

/** The level of an index that starts at 100 %, in hundred-millionths, so that chaining loses nothing a basis point shows. */
const LEVEL_START = 100_000_000;

/** `level` moved by `changeBp`, rounded half-up on its size. */
function movedLevel(level: number, changeBp: BasisPoints): number {
  return Number(divideHalfUpOnSize(BigInt(level) * BigInt(10_000 + changeBp), 10_000n));
}

/** The points of one series: each step's moves (already those of the series) give its median. */
function seriesOf(steps: readonly IndexStep[], movesOf: (step: IndexStep) => readonly CostMove[] | null): IndexPoint[] {
  let level = LEVEL_START;
  return steps.map((step) => {
    const changes = new Map<BasisPoints, number>();
    for (const move of movesOf(step) ?? []) {
      requireNonNegativeInteger(move.count, 'A count');
      const { percentBp } = amountChange(move.previousCostCents, move.costCents);
      // An item whose old cost was 0 moved by no share of anything: it cannot be in a median of shares.
      if (percentBp !== null) changes.set(percentBp, (changes.get(percentBp) ?? 0) + move.count);
    }
    const itemsCompared = [...changes.values()].reduce((sum, count) => sum + count, 0);
    const changeBp = weightedMedian([...changes].map(([value, count]) => ({ value, count })));
    if (changeBp !== null) level = movedLevel(level, changeBp);
    return { month: step.month, changeBp, itemsCompared, cumulativeBp: amountChange(LEVEL_START, level).percentBp! };
  });
}

/**
 * The index of a category from its months, oldest first: the whole category's series and one per
 * group that has a move in any month (a group with no item in both editions of a month has no
 * change that month, and its change since the first month stays where it was).
 */
export function priceIndex(steps: readonly IndexStep[]): PriceIndex {
  const groupNames = [...new Set(steps.flatMap((step) => (step.moves ?? []).map((move) => move.group)))].toSorted((a, b) => a.localeCompare(b, 'en'));
  return {
    whole: seriesOf(steps, (step) => step.moves),
    groups: groupNames.map((group) => ({ group, points: seriesOf(steps, (step) => step.moves?.filter((move) => move.group === group) ?? null) })),
  };
}

/** "2026-11-01" → "2026-11". */
export function monthOf(rundate: string): string {
  return rundate.slice(0, 7);
}

/**
 * The editions that stand for their months, oldest first: each month's last edition (editions
 * come oldest first, by run date then the order published), so two editions in one month count
 * as the month's one, and a month without an edition is simply not there.
 */
export function editionsByMonth<T extends { rundate: string }>(editions: readonly T[]): T[] {
  const last = new Map<string, T>();
  for (const edition of editions) last.set(monthOf(edition.rundate), edition);
  return [...last.values()];
}
