import type { ItemOverrideDraft, OverrideKind } from './rules-draft';

/** What "Apply" does to the selected items: give each this rule, or take their own rules away. */
export type ItemRuleAction = { kind: OverrideKind; value: string } | { kind: 'clear' };

/**
 * The item rules after applying `action` to `skus`: each selected item gets the rule (replacing
 * its own, keeping its place in the list; new ones go at the end, in the order selected), or
 * loses it; every other item's rule is kept as it was.
 */
export function applyItemRule(overrides: readonly ItemOverrideDraft[], skus: readonly string[], action: ItemRuleAction): ItemOverrideDraft[] {
  const selected = new Set(skus);
  if (action.kind === 'clear') return overrides.filter((override) => !selected.has(override.sku));
  const value = action.kind === 'exempt' ? '' : action.value.trim();
  const rule = (sku: string): ItemOverrideDraft => ({ sku, kind: action.kind, value });
  const kept = overrides.map((override) => (selected.has(override.sku) ? rule(override.sku) : override));
  const present = new Set(overrides.map((override) => override.sku));
  const added = [...selected].filter((sku) => !present.has(sku)).map(rule);
  return [...kept, ...added];
}
