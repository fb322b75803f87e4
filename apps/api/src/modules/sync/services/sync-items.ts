import { createEditionCellBuilder, DEFAULT_QUICKBOOKS_INCOME_ACCOUNT, DEFAULT_QUICKBOOKS_TYPE } from '@tradelist/pricing/layouts';
import { centsToDecimal, parseDollars } from '@tradelist/pricing/money';
import { compileRules, type PricingRules, type RulePrice } from '@tradelist/pricing/rules';
import type { ProductForFile } from '../../catalog/index.ts';
import type { JobberItem, JobberItemInput } from '../../../integrations/jobber/client.ts';
import type { QboItem } from '../../../integrations/quickbooks/client.ts';

/** The user's settings an item is built from (product §3.7): the rules of the sync's pricing profile, and the QuickBooks texts. */
export interface ItemSettings {
  rules: PricingRules;
  inventoryOption: string;
  incomeType: string;
}

/** An item as QuickBooks should hold it: the QuickBooks file layout's row (product §10.16). */
export interface QboDesired {
  sku: string;
  name: string;
  type: 'Service' | 'NonInventory' | 'Inventory';
  description: string;
  priceCents: number;
  costCents: number;
  incomeAccount: string;
}

/** QuickBooks' Type for the user's `inventory_option` (the file's "Non-inventory" is the API's NonInventory). */
export function quickBooksType(option: string): QboDesired['type'] {
  const word = option.toLowerCase().replace(/[^a-z]/g, '');
  if (word === 'inventory') return 'Inventory';
  if (word === 'service') return 'Service';
  return 'NonInventory';
}

/**
 * The one pricing of a sync, to QuickBooks and Jobber alike: each product's price under the
 * rules of the sync's profile, by the pricing engine (as every file and the preview), in product
 * order.
 */
export function priceItemsForSync(rules: PricingRules, products: readonly ProductForFile[]): RulePrice[] {
  const engine = compileRules(rules);
  return products.map((p) => engine.price({ sku: p.sku, group: p.group_name, costCents: p.cost_cents }));
}

/**
 * The edition's items for QuickBooks, in product order, with the QuickBooks file's edition cells:
 * names cleaned and unique, descriptions within 4,000 characters; the price before tax
 * (`priceItemsForSync`) as the price (QuickBooks adds tax itself), the cost as purchase cost.
 */
export function quickBooksItems(products: ProductForFile[], settings: ItemSettings): QboDesired[] {
  const build = createEditionCellBuilder('quickbooks');
  const prices = priceItemsForSync(settings.rules, products);
  const type = quickBooksType(settings.inventoryOption.trim() || DEFAULT_QUICKBOOKS_TYPE);
  const incomeAccount = settings.incomeType.trim() || DEFAULT_QUICKBOOKS_INCOME_ACCOUNT;
  return products.map((p, index) => {
    const [name, sku, , description] = build({ sku: p.sku, name: p.name, description: p.description, unit: p.unit, group: p.group_name, costCents: p.cost_cents });
    return {
      sku: String(sku).slice(0, 100),
      name: String(name),
      type,
      description: String(description),
      priceCents: prices[index]!.priceCents,
      costCents: p.cost_cents,
      incomeAccount,
    };
  });
}

/** A provider's amount in dollars as integer cents; null when it is not a whole number of cents (or is negative), undefined when absent. */
const cents = (value: number | undefined | null): number | null | undefined => (value === undefined || value === null ? undefined : parseDollars(String(value)));
/** Integer cents as the JSON number of dollars a provider takes: 1234 → 12.34, read from the exact decimal. */
const dollars = (value: number): number => Number(centsToDecimal(value));

/** The account ids an item refers to. */
export interface QboAccountIds {
  income: string;
  expense: string;
  asset: string | undefined;
}

/** A new item's body. An Inventory item also gets its asset account, a quantity of 0 and today as start date. */
export function newQuickBooksItem(desired: QboDesired, accounts: QboAccountIds, today: string): Record<string, unknown> {
  return {
    Name: desired.name,
    Sku: desired.sku,
    Type: desired.type,
    Description: desired.description,
    PurchaseDesc: desired.description,
    UnitPrice: dollars(desired.priceCents),
    PurchaseCost: dollars(desired.costCents),
    IncomeAccountRef: { value: accounts.income },
    ExpenseAccountRef: { value: accounts.expense },
    ...(desired.type === 'Inventory' && accounts.asset ? { AssetAccountRef: { value: accounts.asset }, TrackQtyOnHand: true, QtyOnHand: 0, InvStartDate: today } : {}),
  };
}

/**
 * The fields of `existing` that differ from what we would write, for a sparse update; null when
 * nothing differs (the item is left alone: a re-sync of an unchanged list writes nothing). The
 * type of an existing item is never changed (QuickBooks does not allow every change).
 */
export function quickBooksChanges(desired: QboDesired, accounts: QboAccountIds, existing: QboItem): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  if (existing.Name !== desired.name) changes['Name'] = desired.name;
  if ((existing.Sku ?? '') !== desired.sku) changes['Sku'] = desired.sku;
  if (existing.Active === false) changes['Active'] = true;
  if (cents(existing.UnitPrice) !== desired.priceCents) changes['UnitPrice'] = dollars(desired.priceCents);
  if (cents(existing.PurchaseCost) !== desired.costCents) changes['PurchaseCost'] = dollars(desired.costCents);
  if ((existing.Description ?? '') !== desired.description) changes['Description'] = desired.description;
  if ((existing.PurchaseDesc ?? '') !== desired.description) changes['PurchaseDesc'] = desired.description;
  if (existing.IncomeAccountRef?.value !== accounts.income) changes['IncomeAccountRef'] = { value: accounts.income };
  if (existing.ExpenseAccountRef?.value !== accounts.expense) changes['ExpenseAccountRef'] = { value: accounts.expense };
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Pairs each item with what the provider already holds: by key first (QuickBooks: the SKU;
 * Jobber: the id stored for our SKU), then by name, case-insensitively as the providers compare
 * names. One existing item serves one of ours at most.
 */
export function matchExisting<Desired extends { sku: string; name: string }, Existing extends { name: string }>(
  desired: Desired[],
  existing: Existing[],
  keyOf: (item: Desired) => Existing | undefined,
): Array<Existing | undefined> {
  const claimed = new Set<Existing>();
  const matches: Array<Existing | undefined> = desired.map((item) => {
    const found = keyOf(item);
    if (!found || claimed.has(found)) return undefined;
    claimed.add(found);
    return found;
  });
  const byName = new Map<string, Existing>();
  for (const item of existing) if (!byName.has(item.name.toLowerCase())) byName.set(item.name.toLowerCase(), item);
  return matches.map((match, n) => {
    if (match) return match;
    const found = byName.get(desired[n]!.name.toLowerCase());
    if (!found || claimed.has(found)) return undefined;
    claimed.add(found);
    return found;
  });
}

/** Jobber's name limit. */
export const JOBBER_NAME_MAX = 255;

/** An item as Jobber should hold it, with our SKU (Jobber has no SKU field; a link keeps it). */
export interface JobberDesired {
  sku: string;
  input: JobberItemInput;
  name: string;
}

/**
 * The edition's items for Jobber, in product order: the price before tax (`priceItemsForSync`)
 * as defaultUnitCost, the cost as internalUnitCost, materials as PRODUCT, taxable when the
 * profile charges tax (product §10.17). Names are trimmed and unique in the list (a repeated one
 * gets " (SKU)"), so that a name finds one item.
 */
export function jobberItems(products: ProductForFile[], settings: ItemSettings): JobberDesired[] {
  const prices = priceItemsForSync(settings.rules, products);
  const taken = new Set<string>();
  const unique = (name: string, sku: string): string => {
    const base = (name.replace(/\s+/g, ' ').trim() || sku).slice(0, JOBBER_NAME_MAX);
    const candidates = [base, `${base.slice(0, JOBBER_NAME_MAX - sku.length - 3)} (${sku})`];
    for (let n = 2; ; n += 1) {
      const candidate = candidates.shift() ?? `${base.slice(0, JOBBER_NAME_MAX - 8)} (${n})`;
      if (!taken.has(candidate.toLowerCase())) {
        taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };
  const taxable = (settings.rules.taxBp ?? 0) > 0;
  return products.map((p, index) => {
    const name = unique(p.name, p.sku);
    return {
      sku: p.sku,
      name,
      input: { name, description: p.description.trim(), category: 'PRODUCT', defaultUnitCost: dollars(prices[index]!.priceCents), internalUnitCost: dollars(p.cost_cents), taxable },
    };
  });
}

/** The fields of a Jobber item that differ from what we would write; null when none do. */
export function jobberChanges(desired: JobberDesired, existing: JobberItem): Partial<JobberItemInput> | null {
  const want = desired.input;
  const changes: Partial<JobberItemInput> = {};
  if (existing.name !== want.name) changes.name = want.name;
  if ((existing.description ?? '') !== want.description) changes.description = want.description;
  if (existing.category !== want.category) changes.category = want.category;
  if (cents(existing.defaultUnitCost) !== cents(want.defaultUnitCost)) changes.defaultUnitCost = want.defaultUnitCost;
  if (cents(existing.internalUnitCost) !== cents(want.internalUnitCost)) changes.internalUnitCost = want.internalUnitCost;
  if (existing.taxable !== want.taxable) changes.taxable = want.taxable;
  return Object.keys(changes).length > 0 ? changes : null;
}
