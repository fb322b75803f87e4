import { classifyChange } from '@tradelist/pricing/changes';
import type { Cents } from '@tradelist/pricing/money';

// The diff of two editions of a category (product §10.15), the one place that counts what
// changed: an operator's check of a supplier file, the new-edition email's summary and the CLI
// all read it. Each item is named by `classifyChange` (packages/pricing) on its costs. No
// database here: the check runs it on a worker thread (check-supplier-file.ts).

/** How many examples of each kind a comparison keeps. */
const EXAMPLES = 5;

export interface ItemSummary {
  sku: string;
  name: string;
  costCents: number;
}

export interface PriceChange {
  sku: string;
  name: string;
  /** The item's group, when the caller knows it (a stored edition's; a user's price rules may name it). */
  group?: string;
  oldCents: number;
  newCents: number;
}

/** What changed against the previous edition of the same category. */
export interface EditionComparison {
  previous: { code: string; name: string; rundate: string } | null;
  added: number;
  removed: number;
  priceUp: number;
  priceDown: number;
  unchanged: number;
  examples: { added: ItemSummary[]; removed: ItemSummary[]; priceUp: PriceChange[]; priceDown: PriceChange[] };
}

/** An item of an edition, as the diff needs it (a product of the previous edition, or a row of a file). */
export interface PreviousPrice {
  sku: string;
  name: string;
  cost_cents: number;
}

/** One item matched by SKU across the two editions: its cost on each side, null on the side it is missing from. */
export interface ComparedItem {
  sku: string;
  name: string;
  group?: string;
  previousCents: Cents | null;
  costCents: Cents | null;
}

/** The largest relative changes first: the ones an operator wants to double-check. */
function byRelativeChange(a: PriceChange, b: PriceChange): number {
  const relative = (change: PriceChange) => Math.abs(change.newCents - change.oldCents) / Math.max(1, change.oldCents);
  return relative(b) - relative(a);
}

/** The largest increases in dollars first, then by SKU. */
function byIncrease(a: PriceChange, b: PriceChange): number {
  const difference = b.newCents - b.oldCents - (a.newCents - a.oldCents);
  if (difference !== 0) return difference;
  return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
}

/**
 * Counts an edition's changes item by item and keeps examples: the first new and removed items
 * in the order given, and every price change (to pick the largest). `unchanged` counts the
 * unchanged items it was given (a caller that feeds only changes leaves it at 0).
 */
export class EditionDiff {
  added = 0;
  removed = 0;
  unchanged = 0;
  private readonly addedExamples: ItemSummary[] = [];
  private readonly removedExamples: ItemSummary[] = [];
  private readonly up: PriceChange[] = [];
  private readonly down: PriceChange[] = [];

  /** Counts one item. */
  add(item: ComparedItem): void {
    const { sku, name, group, previousCents, costCents } = item;
    const { kind } = classifyChange(previousCents, costCents);
    if (kind === 'new') {
      this.added++;
      if (this.addedExamples.length < EXAMPLES) this.addedExamples.push({ sku, name, costCents: costCents! });
    } else if (kind === 'removed') {
      this.removed++;
      if (this.removedExamples.length < EXAMPLES) this.removedExamples.push({ sku, name, costCents: previousCents! });
    } else if (kind === 'unchanged') {
      this.unchanged++;
    } else {
      (kind === 'up' ? this.up : this.down).push({ sku, name, ...(group !== undefined ? { group } : {}), oldCents: previousCents!, newCents: costCents! });
    }
  }

  /** Items whose cost rose. */
  get priceUp(): number {
    return this.up.length;
  }

  /** Items whose cost fell. */
  get priceDown(): number {
    return this.down.length;
  }

  /** The comparison an operator's check shows, with the largest relative changes as examples. */
  comparison(previous: EditionComparison['previous']): EditionComparison {
    return {
      previous,
      added: this.added,
      removed: this.removed,
      priceUp: this.priceUp,
      priceDown: this.priceDown,
      unchanged: this.unchanged,
      examples: {
        added: [...this.addedExamples],
        removed: [...this.removedExamples],
        priceUp: [...this.up].sort(byRelativeChange).slice(0, EXAMPLES),
        priceDown: [...this.down].sort(byRelativeChange).slice(0, EXAMPLES),
      },
    };
  }

  /** The `limit` largest cost increases in dollars, largest first (then by SKU). */
  largestIncreases(limit: number): PriceChange[] {
    return [...this.up].sort(byIncrease).slice(0, limit);
  }
}

/**
 * What a file's items change against the previous edition's prices (null: there is none, and
 * the comparison is empty): the file's items in their order, then the previous edition's items
 * it no longer has.
 */
export function compareWithPrevious(items: readonly PreviousPrice[], previous: readonly PreviousPrice[] | null): EditionComparison {
  const diff = new EditionDiff();
  if (!previous) return diff.comparison(null);
  const before = new Map(previous.map((product) => [product.sku, product]));
  const seen = new Set<string>();
  for (const item of items) {
    seen.add(item.sku);
    diff.add({ sku: item.sku, name: item.name, previousCents: before.get(item.sku)?.cost_cents ?? null, costCents: item.cost_cents });
  }
  for (const product of previous) {
    if (!seen.has(product.sku)) diff.add({ sku: product.sku, name: product.name, previousCents: product.cost_cents, costCents: null });
  }
  return diff.comparison(null);
}
