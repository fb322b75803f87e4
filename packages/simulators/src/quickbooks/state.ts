// The QuickBooks simulator's state: companies with their items and accounts (QuickBooks' own
// field names), the sandbox companies it starts with, its limits, and what its handlers share.
import type { Clock, GrantState, GrantStore, SimulatorStats, SlidingWindowLimit } from '../provider-common.ts';

/** QuickBooks' published limits; tests pass smaller ones. */
export interface QuickBooksLimits {
  /** Requests a minute per company (500). */
  requestsPerMinute: number;
  /** Requests in flight at once per company (10). */
  concurrentRequests: number;
  /** Batch requests a minute per company (40). */
  batchRequestsPerMinute: number;
  /** Operations in one batch request (30). */
  maxBatchItems: number;
  /** Largest MAXRESULTS a query may ask for (1000). */
  maxResults: number;
}

export const QBO_LIMITS: QuickBooksLimits = {
  requestsPerMinute: 500,
  concurrentRequests: 10,
  batchRequestsPerMinute: 40,
  maxBatchItems: 30,
  maxResults: 1000,
};

/** What `/__sim/items` lists for each item. */
export interface QboItemSummary {
  id: string;
  name: string;
  sku: string | undefined;
  type: string;
  unitPrice: number | undefined;
  purchaseCost: number | undefined;
  description: string | undefined;
  active: boolean;
  syncToken: string;
  incomeAccount: string | undefined;
  expenseAccount: string | undefined;
}

/** A QuickBooks entity as stored: QuickBooks' own field names. */
export type Entity = Record<string, unknown> & { Id: string; SyncToken: string; Name: string; Active: boolean };

export interface Company {
  realmId: string;
  name: string;
  nextId: number;
  items: Entity[];
  accounts: Entity[];
}

export interface QboState {
  companies: Company[];
  grants: GrantState;
}

/** Account types and the classification each belongs to. */
export const ACCOUNT_TYPES: Record<string, string> = {
  Bank: 'Asset',
  'Other Current Asset': 'Asset',
  'Fixed Asset': 'Asset',
  'Other Asset': 'Asset',
  'Accounts Receivable': 'Asset',
  Equity: 'Equity',
  Expense: 'Expense',
  'Other Expense': 'Expense',
  'Cost of Goods Sold': 'Expense',
  'Accounts Payable': 'Liability',
  'Credit Card': 'Liability',
  'Long Term Liability': 'Liability',
  'Other Current Liability': 'Liability',
  Income: 'Revenue',
  'Other Income': 'Revenue',
};

export const ITEM_TYPES = ['Service', 'NonInventory', 'Inventory'];

/** What the simulator's handlers share. */
export interface QboContext {
  /** Replaced by a reset. */
  companies: Company[];
  readonly clock: Clock;
  readonly limits: QuickBooksLimits;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The app's registered redirect URIs; undefined: any http(s) URL. */
  readonly redirectUris: string[] | undefined;
  /** Delay before each API answer. */
  readonly latencyMs: number;
  readonly grants: GrantStore;
  readonly stats: SimulatorStats;
  readonly perMinute: SlidingWindowLimit;
  readonly batchPerMinute: SlidingWindowLimit;
  /** Requests in flight per company. */
  readonly inFlight: Map<string, number>;
  /** Saves the state (at once when `now`, else soon). */
  persist(now?: boolean): void;
}

/** The company of a realm id, if there is one. */
export function companyOf(context: QboContext, realmId: string): Company | undefined {
  return context.companies.find((c) => c.realmId === realmId);
}

/** The clock's time as QuickBooks writes it in answers. */
export function timeOf(context: QboContext): string {
  return new Date(context.clock()).toISOString();
}

/** The two sandbox companies, each with the accounts a new QuickBooks company has for items. */
export function seedCompanies(): Company[] {
  const company = (realmId: string, name: string): Company => {
    const c: Company = { realmId, name, nextId: 1, items: [], accounts: [] };
    for (const [accountName, type, subType] of [
      ['Sales of Product Income', 'Income', 'SalesOfProductIncome'],
      ['Services', 'Income', 'ServiceFeeIncome'],
      ['Cost of Goods Sold', 'Cost of Goods Sold', 'SuppliesMaterialsCogs'],
      ['Inventory Asset', 'Other Current Asset', 'Inventory'],
    ] as const) {
      c.accounts.push(newAccount(c, { Name: accountName, AccountType: type, AccountSubType: subType }, 0));
    }
    return c;
  };
  return [company('9341453071836290', 'Sandbox Company US 1'), company('9341453071836291', 'Sandbox Company US 2')];
}

/** A new account of a company, with the fields QuickBooks answers. */
export function newAccount(company: Company, input: Record<string, unknown>, now: number): Entity {
  const type = String(input['AccountType']);
  const stamp = new Date(now).toISOString();
  return {
    Name: String(input['Name']),
    SubAccount: false,
    FullyQualifiedName: String(input['Name']),
    Active: input['Active'] === undefined ? true : Boolean(input['Active']),
    Classification: ACCOUNT_TYPES[type] ?? 'Expense',
    AccountType: type,
    ...(input['AccountSubType'] ? { AccountSubType: String(input['AccountSubType']) } : {}),
    CurrentBalance: 0,
    CurrentBalanceWithSubAccounts: 0,
    CurrencyRef: { value: 'USD', name: 'United States Dollar' },
    domain: 'QBO',
    sparse: false,
    Id: String(company.nextId++),
    SyncToken: '0',
    MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
  };
}

/** The id inside a reference (`{ value }`). */
export function refId(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && 'value' in value) return String((value as { value: unknown }).value);
  return undefined;
}

/** The fields of `source` that are set. */
export function pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]]));
}

/** An item as `/__sim/items` lists it. */
export function summarize(item: Entity): QboItemSummary {
  return {
    id: item.Id,
    name: item.Name,
    sku: item['Sku'] as string | undefined,
    type: String(item['Type']),
    unitPrice: item['UnitPrice'] as number | undefined,
    purchaseCost: item['PurchaseCost'] as number | undefined,
    description: item['Description'] as string | undefined,
    active: item.Active,
    syncToken: item.SyncToken,
    incomeAccount: refId(item['IncomeAccountRef']),
    expenseAccount: refId(item['ExpenseAccountRef']),
  };
}
