import type { AppContext } from '../../../context.ts';
import { QBO_LIMITS, QuickBooksClient, QuickBooksFaultError, describeQboError, type BatchOperation, type QboItem } from '../../../integrations/quickbooks/client.ts';
import { forgetLinks, linksOf, saveLinks, type LinkScope } from '../repositories/sync-links.ts';
import type { TargetScope } from '../repositories/sync-ledger.ts';
import { StepCounts, type ProviderSync } from './sync-progress.ts';
import { cents, matchExisting, newQuickBooksItem, quickBooksChanges, quickBooksItems, type QboAccountIds, type QboDesired } from './sync-items.ts';
import { classifyItem, decide, leftAsItIs, leftTheList, type LedgerEntry, type PlannedItem, type TargetItem } from './sync-plan.ts';

/** Items read per query (QuickBooks' largest MAXRESULTS). */
export const QBO_PAGE_SIZE = QBO_LIMITS.maxResults;
// Without writes, progress is still recorded every this many items.
const CHECKPOINT_EVERY = 1000;

const EXPENSE_ACCOUNT = { name: 'Cost of Goods Sold', type: 'Cost of Goods Sold', subType: 'SuppliesMaterialsCogs' };
const ASSET_ACCOUNT = { name: 'Inventory Asset', type: 'Other Current Asset', subType: 'Inventory' };
/** An account a preview would have the sync create: no item refers to it yet. */
const NOT_YET_CREATED = '';

/** A value inside a query's quotes. */
const quoted = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The accounts items refer to, found by name or (when `create`) created once, and remembered per
 * company so a re-sync reads none of them again. A preview creates nothing: an account still to
 * create is one no item refers to yet.
 */
async function resolveAccounts(ctx: AppContext, scope: TargetScope, client: QuickBooksClient, items: QboDesired[], create: boolean): Promise<QboAccountIds> {
  const links: LinkScope = { ...scope, kind: 'account' };
  const known = await linksOf(ctx.db, links);
  const resolve = async (name: string, type: string, subType: string): Promise<string> => {
    const remembered = known.get(name);
    if (remembered) return remembered;
    const found = (await client.query(`SELECT * FROM Account WHERE Name = ${quoted(name)}`))['Account'] as Array<{ Id: string; Active?: boolean }> | undefined;
    const id = found?.find((a) => a.Active !== false)?.Id ?? (create ? await client.createAccount({ Name: name, AccountType: type, AccountSubType: subType }) : NOT_YET_CREATED);
    if (id === NOT_YET_CREATED) return id;
    await saveLinks(ctx.db, links, [{ key: name, remoteId: id }]);
    known.set(name, id);
    return id;
  };
  const first = items[0];
  const income = first ? await resolve(first.incomeAccount, 'Income', 'SalesOfProductIncome') : NOT_YET_CREATED;
  const expense = first ? await resolve(EXPENSE_ACCOUNT.name, EXPENSE_ACCOUNT.type, EXPENSE_ACCOUNT.subType) : NOT_YET_CREATED;
  const asset = items.some((i) => i.type === 'Inventory') ? await resolve(ASSET_ACCOUNT.name, ASSET_ACCOUNT.type, ASSET_ACCOUNT.subType) : undefined;
  return { income, expense, asset };
}

/**
 * The company's items (active and inactive), page by page, until every SKU still to sync and
 * every item of `ids` has been seen or the list ends: a re-sync of N unchanged items reads
 * N / 1,000 pages.
 */
async function readCompanyItems(client: QuickBooksClient, pending: QboDesired[], ids: Iterable<string>): Promise<QboItem[]> {
  const unseen = new Set(pending.map((i) => i.sku));
  const unseenIds = new Set(ids);
  const items: QboItem[] = [];
  for (let start = 1; ; start += QBO_PAGE_SIZE) {
    const answer = await client.query(`SELECT * FROM Item WHERE Active IN (true, false) ORDERBY Id STARTPOSITION ${start} MAXRESULTS ${QBO_PAGE_SIZE}`);
    const page = (answer['Item'] as QboItem[] | undefined) ?? [];
    items.push(...page);
    for (const item of page) {
      if (item.Sku) unseen.delete(item.Sku);
      unseenIds.delete(item.Id);
    }
    if (page.length < QBO_PAGE_SIZE || (unseen.size === 0 && unseenIds.size === 0)) return items;
  }
}

const targetItem = (item: QboItem): TargetItem => ({ remoteId: item.Id, name: item.Name, priceCents: cents(item.UnitPrice ?? 0) ?? null, active: item.Active !== false });

/** One item of the list: what it should be, what the company holds, what would change. */
type Step = { desired: QboDesired; planned: PlannedItem; existing: QboItem | undefined; changes: Record<string, unknown> | null };

/** What the company holds of the list and of the items that left it, and what would change. */
interface QboPlan {
  accounts: QboAccountIds;
  steps: Step[];
  left: PlannedItem[];
  byId: Map<string, QboItem>;
}

/**
 * Reads the company as a re-sync does (accounts from the links, items page by page) and plans
 * each item of `pending` against it; `withLeft` also looks for the items of the ledger that left
 * the list (a preview, or a sync that retires them).
 */
async function planQuickBooks(ctx: AppContext, scope: TargetScope, client: QuickBooksClient, all: QboDesired[], pending: QboDesired[], ledger: ReadonlyMap<string, LedgerEntry>, options: { create: boolean; withLeft: boolean }): Promise<QboPlan> {
  const listSkus = new Set(all.map((d) => d.sku));
  const leftIds = options.withLeft ? [...ledger.values()].filter((e) => e.fromThisList && !listSkus.has(e.sku)).map((e) => e.remoteId) : [];
  const accounts = await resolveAccounts(ctx, scope, client, all, options.create);
  const existing = await readCompanyItems(client, pending, leftIds);
  const bySku = new Map<string, QboItem>();
  for (const item of existing) if (item.Sku && !bySku.has(item.Sku)) bySku.set(item.Sku, item);
  const wrapped = existing.map((item) => ({ name: item.Name, item }));
  const wrappedBySku = new Map(wrapped.filter((w) => w.item.Sku).map((w) => [w.item.Sku!, w]));
  const matches = matchExisting(pending, wrapped, (d) => (bySku.has(d.sku) ? wrappedBySku.get(d.sku) : undefined));
  const steps = pending.map((desired, n): Step => {
    const match = matches[n]?.item;
    const changes = match ? quickBooksChanges(desired, accounts, match) : null;
    const planned = classifyItem(desired, match ? targetItem(match) : undefined, changes !== null, ledger.get(desired.sku));
    return { desired, planned, existing: match, changes };
  });
  const byId = new Map(existing.map((item) => [item.Id, item]));
  const left = options.withLeft ? leftTheList(ledger.values(), listSkus, new Map([...byId].map(([id, item]) => [id, targetItem(item)]))) : [];
  return { accounts, steps, left, byId };
}

/** A preview of a QuickBooks sync: every item of the list and every item that left it, as the sync would find them; nothing is written. */
export async function previewQuickBooks(ctx: AppContext, scope: TargetScope, client: QuickBooksClient, all: QboDesired[], ledger: ReadonlyMap<string, LedgerEntry>): Promise<PlannedItem[]> {
  const plan = await planQuickBooks(ctx, scope, client, all, all, ledger, { create: false, withLeft: true });
  return [...plan.steps.map((s) => s.planned), ...plan.left];
}

/** Builds the QuickBooks client of a sync. */
export function quickBooksClientOf(ctx: AppContext, accountId: string, tokens: ProviderSync['tokens']): QuickBooksClient {
  return new QuickBooksClient(ctx.config.quickbooks, accountId, tokens, ctx.config.providerTimeScale);
}

type Pending = { step: Step; position: number; operation: BatchOperation; retire: boolean };

/**
 * Pushes the edition into QuickBooks Online: matches items by SKU, then name; creates the new
 * ones and sparse-updates the changed ones the policy lets it write, with their current
 * SyncToken, in batches of up to 30 paced below the company's limits; leaves the others alone;
 * then, when the policy says so, makes items that left the list inactive (`Active: false`, never
 * deleted). Progress and the ledger are checkpointed after each batch, so a retry starts after
 * the last recorded batch and, reading the company again, finds what an interrupted batch wrote
 * instead of writing it twice.
 */
export async function syncToQuickBooks(sync: ProviderSync): Promise<void> {
  const { ctx, run } = sync;
  const all = quickBooksItems(sync.products, sync.pricing.settings, sync.pricing.priceCents);
  const pending = all.slice(run.done);
  if (pending.length === 0 && !sync.policy.retireLeft) return;
  const client = quickBooksClientOf(ctx, run.account_id, sync.tokens);
  const scope: TargetScope = { user_id: run.user_id, provider: 'quickbooks', account_id: run.account_id };
  const plan = await planQuickBooks(ctx, scope, client, all, pending, sync.ledger, { create: true, withLeft: sync.policy.retireLeft });
  const today = ctx.clock.now().toISOString().slice(0, 10);

  const batchSize = ctx.config.quickbooks.batchSize;
  let counts = new StepCounts();
  let batch: Pending[] = [];
  let accountsStale = false;
  const flush = async (done: number): Promise<void> => {
    if (batch.length > 0) {
      await sync.beforeBatch();
      const results = new Map((await client.batch(batch.map((p) => p.operation))).map((r) => [r.bId, r]));
      for (const entry of batch) {
        const result = results.get(entry.operation.bId);
        if (result?.item) {
          recordSuccess(entry, result.item, counts);
          continue;
        }
        const errors = result?.errors ?? [];
        if (errors.some((e) => e.code === '2500' || e.code === '610')) accountsStale = true;
        if (entry.operation.operation === 'update' && errors.some((e) => e.code === '5010')) {
          // Changed in the company since it was read: a sync without a preview writes it anyway;
          // one with protections leaves it, since what it would overwrite was never shown.
          if (sync.policy.overwriteEdited === 'all') await retryStale(client, entry, counts);
          else {
            counts.leftAlone += 1;
            sync.policy.noteHeldBack?.({ ...entry.step.planned, kind: 'edited_in_target', oldCents: null });
          }
          continue;
        }
        counts.fail(entry.step.desired, errors.map(describeQboError).join('; ') || 'QuickBooks did not answer for this item.', entry.position);
      }
    }
    await sync.checkpoint(done, counts);
    counts = new StepCounts();
    batch = [];
  };
  for (const [n, step] of plan.steps.entries()) {
    const position = run.done + n;
    const decision = decide(step.planned, sync.policy, sync.previewed);
    if (decision === 'write') batch.push({ step, position, retire: false, operation: operationOf(step, plan.accounts, String(position), today) });
    else if (leftAsItIs(decision, step.planned, sync.policy)) counts.leftAlone += 1;
    else {
      counts.unchanged += 1;
      if (step.existing) counts.written.push({ sku: step.desired.sku, remoteId: step.existing.Id, name: step.desired.name, priceCents: step.desired.priceCents });
    }
    if (batch.length >= batchSize || (batch.length === 0 && (n + 1) % CHECKPOINT_EVERY === 0)) await flush(position + 1);
  }
  for (const [n, planned] of plan.left.entries()) {
    const decision = decide(planned, sync.policy, sync.previewed);
    if (leftAsItIs(decision, planned, sync.policy)) counts.leftAlone += 1;
    if (decision !== 'retire') continue;
    const item = plan.byId.get(planned.remoteId!)!;
    const step: Step = { desired: { sku: planned.sku, name: planned.name } as QboDesired, planned, existing: item, changes: null };
    batch.push({ step, position: all.length + n, retire: true, operation: { bId: `retire-${n}`, operation: 'update', Item: { Id: item.Id, SyncToken: item.SyncToken, sparse: true, Active: false } } });
    if (batch.length >= batchSize) await flush(all.length);
  }
  await flush(all.length);
  // A reference QuickBooks refused (an account deleted there) is found again next time.
  if (accountsStale) await forgetLinks(ctx.db, { ...scope, kind: 'account' });
}

/** The create or sparse update of one item. */
function operationOf(step: Step, accounts: QboAccountIds, bId: string, today: string): BatchOperation {
  if (!step.existing) return { bId, operation: 'create', Item: newQuickBooksItem(step.desired, accounts, today) };
  return { bId, operation: 'update', Item: { Id: step.existing.Id, SyncToken: step.existing.SyncToken, sparse: true, ...step.changes } };
}

/** Counts a write QuickBooks accepted, and notes it for the ledger (a retired item keeps its entry). */
function recordSuccess(entry: Pending, item: QboItem, counts: StepCounts): void {
  if (entry.retire) {
    counts.retired += 1;
    return;
  }
  if (entry.operation.operation === 'create') counts.created += 1;
  else counts.updated += 1;
  counts.written.push({ sku: entry.step.desired.sku, remoteId: item.Id, name: entry.step.desired.name, priceCents: entry.step.desired.priceCents });
}

/** Someone changed the item since it was read (stale SyncToken): read it again and update it once more. */
async function retryStale(client: QuickBooksClient, entry: Pending, counts: StepCounts): Promise<void> {
  try {
    const current = await client.readItem(entry.step.existing!.Id);
    const { Id: _id, SyncToken: _token, sparse: _sparse, ...changes } = entry.operation.Item;
    const item = await client.writeItem({ ...changes, Id: current.Id, SyncToken: current.SyncToken, sparse: true });
    recordSuccess(entry, item, counts);
  } catch (error) {
    if (!(error instanceof QuickBooksFaultError)) throw error;
    counts.fail(entry.step.desired, error.errors.map(describeQboError).join('; '), entry.position);
  }
}
