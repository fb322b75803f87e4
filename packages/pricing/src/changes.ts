/**
 * What changed for one item between an edition and the category's previous edition (product
 * §10.15): new, removed, up, down or unchanged, in cents and basis points, on the user's
 * marked-up price. Pure integer arithmetic; runs in the browser too (the markup preview).
 */
import { priceFor, type Markups, type Price } from './markups.ts';
import type { PricingEngine, RulePrice } from './rules.ts';
import { requireNonNegativeInteger, requireSafeInteger, type BasisPoints, type Cents } from './money.ts';

/**
 * - `new`: in this edition, not in the previous one (matched by SKU);
 * - `removed`: in the previous edition, not in this one;
 * - `up` / `down`: in both, and the marked-up price rose or fell;
 * - `unchanged`: in both at the same marked-up price.
 */
export type ChangeKind = 'new' | 'removed' | 'up' | 'down' | 'unchanged';

/** A move from one amount to another. */
export interface AmountChange {
  /** The new amount minus the old one: negative when it fell. */
  amountCents: Cents;
  /**
   * The move as a share of the old amount, in basis points, rounded half-up on its size (a fall of
   * 2.345 % is -235 bp); null when the old amount is 0 (no share of nothing).
   */
  percentBp: BasisPoints | null;
}

/** One item's change under a user's markups or rules. Prices are null on the side the item is missing from. */
export interface ItemChange<P extends { priceCents: Cents } = Price> {
  kind: ChangeKind;
  previousPrice: P | null;
  price: P | null;
  /** The change of the marked-up price (before tax); null for a new or removed item. */
  change: AmountChange | null;
}

const BASIS_POINTS_PER_UNIT = 10_000n;

/** The change from `previousCents` to `currentCents` (both non-negative integer cents). */
export function amountChange(previousCents: Cents, currentCents: Cents): AmountChange {
  requireNonNegativeInteger(previousCents, 'Previous amount');
  requireNonNegativeInteger(currentCents, 'Amount');
  const amountCents = currentCents - previousCents;
  if (previousCents === 0) return { amountCents, percentBp: null };
  // |amount| × 10000 / previous, half-up, in BigInt so that no amount loses precision.
  const magnitude = BigInt(Math.abs(amountCents)) * BASIS_POINTS_PER_UNIT;
  const divisor = BigInt(previousCents);
  const rounded = magnitude / divisor + ((magnitude % divisor) * 2n >= divisor ? 1n : 0n);
  const percentBp = Number(rounded) * (amountCents < 0 ? -1 : 1);
  requireSafeInteger(percentBp, 'Basis points');
  // `|| 0` turns -0 (a fall too small to show) into 0.
  return { amountCents, percentBp: percentBp || 0 };
}

/** An amount's move between two editions: the kind of change, and the change itself when the item is in both. */
export interface ClassifiedChange {
  kind: ChangeKind;
  /** Null for a new or removed item. */
  change: AmountChange | null;
}

/**
 * The one rule that names a change (product §10.15): `previousCents` null means the item was not
 * in the previous edition, `currentCents` null that it is not in this one (one of them is set).
 * The amounts are whatever is compared: costs for an operator's check, marked-up prices for a user.
 */
export function classifyChange(previousCents: Cents | null, currentCents: Cents | null): ClassifiedChange {
  if (previousCents === null && currentCents === null) throw new RangeError('An item is in at least one of the two editions');
  if (previousCents === null) return { kind: 'new', change: null };
  if (currentCents === null) return { kind: 'removed', change: null };
  const change = amountChange(previousCents, currentCents);
  const kind: ChangeKind = change.amountCents > 0 ? 'up' : change.amountCents < 0 ? 'down' : 'unchanged';
  return { kind, change };
}

/**
 * How an item moved between two editions under `markups`: `previousCostCents` null means it was
 * not in the previous edition, `costCents` null that it is not in this one (one of them is set).
 * The direction and the amounts are those of the marked-up price, which is what a quote carries.
 */
export function itemChange(previousCostCents: Cents | null, costCents: Cents | null, markups: Markups): ItemChange {
  const previousPrice = previousCostCents === null ? null : priceFor(previousCostCents, markups);
  const price = costCents === null ? null : priceFor(costCents, markups);
  const { kind, change } = classifyChange(previousPrice?.priceCents ?? null, price?.priceCents ?? null);
  return { kind, previousPrice, price, change };
}

/**
 * How an item moved between two editions under a profile's rules (`compileRules`): as
 * `itemChange`, each side priced by the engine with the item's SKU and group.
 */
export function ruleItemChange(engine: PricingEngine, item: { sku: string; group: string }, previousCostCents: Cents | null, costCents: Cents | null): ItemChange<RulePrice> {
  const previousPrice = previousCostCents === null ? null : engine.price({ sku: item.sku, group: item.group, costCents: previousCostCents });
  const price = costCents === null ? null : engine.price({ sku: item.sku, group: item.group, costCents });
  const { kind, change } = classifyChange(previousPrice?.priceCents ?? null, price?.priceCents ?? null);
  return { kind, previousPrice, price, change };
}
