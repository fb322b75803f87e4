/**
 * The three file layouts a user downloads (the contract's `downloadLayouts`) and the rows that
 * fill them: a price list and a QuickBooks import of an edition's products, and the changes of
 * an edition against the category's previous one. Rows carry no floats and no formatted money:
 * - a `money` cell is an integer number of CENTS (1234 = $12.34);
 * - a `percent` cell is an integer number of BASIS POINTS (1250 = 12.5 %);
 * - a `text` cell is the raw string, not yet escaped for any format.
 * Every price comes from the pricing engine under a profile's rules (rules.ts).
 * Each writer formats at the edge: csv.ts writes "12.34" and "12.5" (and neutralises formulas
 * in text); xlsx.ts writes numeric 12.34 with a currency format and 12.5 with "0.00".
 */
import { ruleItemChange, type ChangeKind } from './changes.ts';
import type { Cents } from './money.ts';
import { compileRules, type PricedItem, type PricingRules } from './rules.ts';

/** The layouts with one row per product of an edition. */
export const productLayouts = ['price-list', 'quickbooks'] as const;
export type ProductLayout = (typeof productLayouts)[number];
export const layouts = [...productLayouts, 'changes'] as const;
export type Layout = (typeof layouts)[number];

/** A cell: a string for text, integer cents for money, integer basis points for percent. */
export type Cell = string | number;
export type ColumnKind = 'text' | 'money' | 'percent';

export interface Column {
  header: string;
  kind: ColumnKind;
  /** Width in characters, for spreadsheet formats. */
  width: number;
  /**
   * Text that the user's settings give (one of `userColumnsFor`): an .xlsx writes it in each cell
   * rather than in the workbook's shared strings, which an edition's template writes once for
   * every user (decision 0053).
   */
  userText?: true;
}

/** One catalog product as the row builder needs it. */
export interface ProductInput {
  sku: string;
  name: string;
  description: string;
  unit: string;
  /** The product's group, shown as Category. */
  group: string;
  costCents: Cents;
  /** The manufacturer's part number, when the supplier gave one. */
  manufacturerPartNumber?: string | null | undefined;
  /** The UPC (barcode number) as digits, kept as text so that its leading zeros stay. */
  upc?: string | null | undefined;
}

export interface RowOptions {
  /** The user's `inventory_option`: QuickBooks Type. */
  inventoryOption: string;
  /** The user's `income_type`: QuickBooks Income Account. */
  incomeType: string;
}

export type RowBuilder = (product: ProductInput) => Cell[];

const priceListColumns: readonly Column[] = [
  { header: 'SKU', kind: 'text', width: 16 },
  { header: 'Name', kind: 'text', width: 40 },
  { header: 'Description', kind: 'text', width: 50 },
  { header: 'Category', kind: 'text', width: 22 },
  { header: 'Unit', kind: 'text', width: 8 },
  { header: 'Cost', kind: 'money', width: 12 },
  { header: 'Markup %', kind: 'percent', width: 10 },
  { header: 'Price', kind: 'money', width: 12 },
  { header: 'Tax %', kind: 'percent', width: 8 },
  { header: 'Price with tax', kind: 'money', width: 14 },
  // Last, so that the columns before them keep their places for imports set up by position.
  { header: 'Manufacturer part number', kind: 'text', width: 24 },
  { header: 'UPC', kind: 'text', width: 14 },
];

/**
 * product §10.16: QuickBooks Online products-and-services import. Its import has no field for a
 * UPC or a manufacturer part number (Intuit's list of the fields it imports), so this layout
 * carries neither.
 */
const quickBooksColumns: readonly Column[] = [
  { header: 'Name', kind: 'text', width: 40 },
  { header: 'SKU', kind: 'text', width: 16 },
  { header: 'Type', kind: 'text', width: 14, userText: true },
  { header: 'Sales Description', kind: 'text', width: 50 },
  { header: 'Sales Price/Rate', kind: 'money', width: 16 },
  { header: 'Income Account', kind: 'text', width: 24, userText: true },
  { header: 'Purchase Description', kind: 'text', width: 50 },
  { header: 'Purchase Cost', kind: 'money', width: 14 },
];

/** product §10.16: the changes against the previous edition, for updating last month's quotes. */
const changesColumns: readonly Column[] = [
  { header: 'Change', kind: 'text', width: 12 },
  { header: 'SKU', kind: 'text', width: 16 },
  { header: 'Name', kind: 'text', width: 40 },
  { header: 'Category', kind: 'text', width: 22 },
  { header: 'Unit', kind: 'text', width: 8 },
  { header: 'Old cost', kind: 'money', width: 12 },
  { header: 'New cost', kind: 'money', width: 12 },
  { header: 'Old price', kind: 'money', width: 12 },
  { header: 'New price', kind: 'money', width: 12 },
  { header: 'Old price with tax', kind: 'money', width: 18 },
  { header: 'New price with tax', kind: 'money', width: 18 },
  { header: 'Change $', kind: 'money', width: 12 },
  { header: 'Change %', kind: 'percent', width: 10 },
];

/** The columns of a layout, in file order. */
export function columnsFor(layout: Layout): readonly Column[] {
  switch (layout) {
    case 'price-list':
      return priceListColumns;
    case 'quickbooks':
      return quickBooksColumns;
    case 'changes':
      return changesColumns;
  }
}

export const DEFAULT_QUICKBOOKS_TYPE = 'Non-inventory';
export const DEFAULT_QUICKBOOKS_INCOME_ACCOUNT = 'Sales of Product Income';
/** QuickBooks Online: an item name holds at most 100 characters. */
export const QUICKBOOKS_NAME_MAX = 100;
/** QuickBooks Online: a sales or purchase description holds at most 4,000 characters. */
export const QUICKBOOKS_DESCRIPTION_MAX = 4000;

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

// Control characters (C0, DEL, C1) and Unicode line/paragraph separators become spaces.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name QuickBooks accepts: no ':' (it separates sub-items) and no '"'. An inch mark after a
 * digit becomes " in" (1/2" → 1/2 in), other quotes go, ':' becomes ' -'; whitespace collapses;
 * at most 100 characters.
 */
export function quickBooksName(name: string): string {
  const cleaned = name
    .replace(CONTROL, ' ')
    .replace(/(\d)\s*"(?=[\p{L}\p{N}])/gu, '$1 in ')
    .replace(/(\d)\s*"/g, '$1 in')
    .replaceAll('"', '')
    .replace(/\s*:/g, ' -')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(cleaned, QUICKBOOKS_NAME_MAX).trimEnd();
}

/**
 * Keeps QuickBooks names unique within one file (case-insensitively, as QuickBooks compares
 * them): a repeated name gets " (SKU)", and if that is taken too, " (2)", " (3)", …, the
 * name shortened so the result stays within 100 characters.
 */
export function createQuickBooksNamer(): (name: string, sku: string) => string {
  const taken = new Set<string>();
  const claim = (candidate: string): boolean => {
    const key = candidate.toLowerCase();
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
  const withSuffix = (base: string, suffix: string): string => `${truncate(base, QUICKBOOKS_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
  return (name, sku) => {
    const base = quickBooksName(name) || quickBooksName(sku) || 'Item';
    if (claim(base)) return base;
    const skuPart = quickBooksName(sku);
    if (skuPart !== '') {
      const withSku = withSuffix(base, ` (${truncate(skuPart, 40)})`);
      if (claim(withSku)) return withSku;
    }
    for (let counter = 2; ; counter += 1) {
      const numbered = withSuffix(base, ` (${counter})`);
      if (claim(numbered)) return numbered;
    }
  };
}

/**
 * The columns of a product layout whose cells depend on the user (markups, tax and QuickBooks
 * texts), in file order. The other cells depend on the edition alone, so they can be written once
 * per edition and reused for every user (file-template.ts).
 */
export function userColumnsFor(layout: ProductLayout): readonly number[] {
  // Price list: Markup %, Price, Tax %, Price with tax. QuickBooks: Type, Sales Price/Rate, Income Account.
  return layout === 'price-list' ? [6, 7, 8, 9] : [2, 4, 5];
}

/**
 * A function from product to the row's cells that depend on the edition alone, the user's
 * columns (`userColumnsFor`) left as ''. The QuickBooks builder remembers the names it has given,
 * so use one builder per file.
 */
export function createEditionCellBuilder(layout: ProductLayout): RowBuilder {
  if (layout === 'price-list') {
    return (product) => [
      product.sku,
      product.name,
      product.description,
      product.group,
      product.unit,
      product.costCents,
      '',
      '',
      '',
      '',
      product.manufacturerPartNumber ?? '',
      product.upc ?? '',
    ];
  }
  const nameFor = createQuickBooksNamer();
  return (product) => {
    const description = truncate(product.description.trim() || product.name.trim(), QUICKBOOKS_DESCRIPTION_MAX);
    return [nameFor(product.name, product.sku), product.sku, '', description, '', '', description, product.costCents];
  };
}

/**
 * A function from a product (its SKU, group and cost) to the row's cells that depend on the user,
 * in the order of `userColumnsFor`: the pricing engine's price under the profile's rules
 * (`compileRules`), and the QuickBooks texts. The price list's Markup % is the markup applied,
 * empty for a fixed price. The rules are checked once, here.
 */
export function createUserCellBuilder(layout: ProductLayout, rules: PricingRules, options: RowOptions): (item: PricedItem) => Cell[] {
  const engine = compileRules(rules);
  if (layout === 'price-list') {
    return (item) => {
      const price = engine.price(item);
      return [price.markupBp ?? '', price.priceCents, price.taxBp, price.priceWithTaxCents];
    };
  }
  const type = options.inventoryOption.trim() || DEFAULT_QUICKBOOKS_TYPE;
  const incomeAccount = options.incomeType.trim() || DEFAULT_QUICKBOOKS_INCOME_ACCOUNT;
  // QuickBooks adds sales tax itself: the sales price is the marked-up price without tax.
  return (item) => [type, engine.price(item).priceCents, incomeAccount];
}

/**
 * A function from product to row for one file: the edition's cells with the user's filled in.
 * The QuickBooks builder remembers the names it has given, so use one builder per file.
 */
export function createRowBuilder(layout: ProductLayout, rules: PricingRules, options: RowOptions): RowBuilder {
  const userCells = createUserCellBuilder(layout, rules, options);
  const editionCells = createEditionCellBuilder(layout);
  const userColumns = userColumnsFor(layout);
  return (product) => {
    const row = editionCells(product);
    const cells = userCells(product);
    for (let index = 0; index < userColumns.length; index += 1) row[userColumns[index]!] = cells[index]!;
    return row;
  };
}

/** One item of the Changes layout: in the edition, in the previous one, or in both (matched by SKU). */
export interface ChangedProductInput {
  sku: string;
  name: string;
  unit: string;
  group: string;
  /** The cost in the previous edition; null for a new item. */
  previousCostCents: Cents | null;
  /** The cost in this edition; null for a removed item. */
  costCents: Cents | null;
}

/** How the Changes layout names each kind of change in its first column. */
export const changeLabels: Record<ChangeKind, string> = {
  new: 'New',
  removed: 'Removed',
  up: 'Up',
  down: 'Down',
  unchanged: 'Same price',
};

/** The Changes file's only row when the category has no earlier edition (product §10.16). */
export const NO_PREVIOUS_EDITION_NOTE = 'This is the first edition of this list: there is no earlier edition to compare it with.';

/**
 * A function from changed item to row of the Changes layout: old and new cost, price and price
 * with tax under the profile's rules, and the price's change in dollars and percent. The side an
 * item is missing from stays empty, as does the change of a new or removed item.
 */
export function createChangeRowBuilder(rules: PricingRules): (item: ChangedProductInput) => Cell[] {
  const engine = compileRules(rules);
  return (item) => {
    const { kind, previousPrice, price, change } = ruleItemChange(engine, item, item.previousCostCents, item.costCents);
    return [
      changeLabels[kind],
      item.sku,
      item.name,
      item.group,
      item.unit,
      item.previousCostCents ?? '',
      item.costCents ?? '',
      previousPrice?.priceCents ?? '',
      price?.priceCents ?? '',
      previousPrice?.priceWithTaxCents ?? '',
      price?.priceWithTaxCents ?? '',
      change?.amountCents ?? '',
      change?.percentBp ?? '',
    ];
  };
}

/** The row that stands for the whole Changes file when there is nothing to compare. */
export function noPreviousEditionRow(): Cell[] {
  return [NO_PREVIOUS_EDITION_NOTE, ...changesColumns.slice(1).map(() => '')];
}
