import { QBO_LIMITS, QuickBooksClient, QuickBooksFaultError, describeQboError, type BatchOperation, type QboItem } from '../../../integrations/quickbooks/client.ts';
import { forgetLinks, linksOf, saveLinks, type LinkScope } from '../repositories/sync-links.ts';
import { StepCounts, type ProviderSync } from './sync-progress.ts';
import { matchExisting, newQuickBooksItem, quickBooksChanges, quickBooksItems, type QboAccountIds, type QboDesired } from './sync-items.ts';

/** Items read per query (QuickBooks' largest MAXRESULTS). */
export const QBO_PAGE_SIZE = QBO_LIMITS.maxResults;
// Without writes, progress is still recorded every this many items.
const CHECKPOINT_EVERY = 1000;

const EXPENSE_ACCOUNT = { name: 'Cost of Goods Sold', type: 'Cost of Goods Sold', subType: 'SuppliesMaterialsCogs' };
const ASSET_ACCOUNT = { name: 'Inventory Asset', type: 'Other Current Asset', subType: 'Inventory' };

/** A value inside a query's quotes. */
const quoted = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The accounts items refer to, found by name or created once, and remembered per company so a
 * re-sync reads none of them again.
 */
async function resolveAccounts(sync: ProviderSync, client: QuickBooksClient, items: QboDesired[]): Promise<QboAccountIds> {
  const scope: LinkScope = { user_id: sync.run.user_id, provider: 'quickbooks', account_id: sync.run.account_id, kind: 'account' };
  const known = await linksOf(sync.ctx.db, scope);
  const resolve = async (name: string, type: string, subType: string): Promise<string> => {
    const remembered = known.get(name);
    if (remembered) return remembered;
    const found = (await client.query(`SELECT * FROM Account WHERE Name = ${quoted(name)}`))['Account'] as Array<{ Id: string; Active?: boolean }> | undefined;
    const id = found?.find((a) => a.Active !== false)?.Id ?? (await client.createAccount({ Name: name, AccountType: type, AccountSubType: subType }));
    await saveLinks(sync.ctx.db, scope, [{ key: name, remoteId: id }]);
    known.set(name, id);
    return id;
  };
  const first = items[0]!;
  const income = await resolve(first.incomeAccount, 'Income', 'SalesOfProductIncome');
  const expense = await resolve(EXPENSE_ACCOUNT.name, EXPENSE_ACCOUNT.type, EXPENSE_ACCOUNT.subType);
  const asset = items.some((i) => i.type === 'Inventory') ? await resolve(ASSET_ACCOUNT.name, ASSET_ACCOUNT.type, ASSET_ACCOUNT.subType) : undefined;
  return { income, expense, asset };
}

/**
 * The company's items (active and inactive), page by page, until every SKU still to sync has
 * been seen or the list ends: a re-sync of N unchanged items reads N / 1,000 pages.
 */
async function readCompanyItems(client: QuickBooksClient, pending: QboDesired[]): Promise<QboItem[]> {
  const unseen = new Set(pending.map((i) => i.sku));
  const items: QboItem[] = [];
  for (let start = 1; ; start += QBO_PAGE_SIZE) {
    const answer = await client.query(`SELECT * FROM Item WHERE Active IN (true, false) ORDERBY Id STARTPOSITION ${start} MAXRESULTS ${QBO_PAGE_SIZE}`);
    const page = (answer['Item'] as QboItem[] | undefined) ?? [];
    items.push(...page);
    for (const item of page) if (item.Sku) unseen.delete(item.Sku);
    if (page.length < QBO_PAGE_SIZE || unseen.size === 0) return items;
  }
}

/** What to do with one item. */
type Step = { desired: QboDesired; operation: BatchOperation | null; existing: QboItem | undefined };

/**
 * Pushes the edition into QuickBooks Online: matches items by SKU, then name; creates the new
 * ones and sparse-updates the changed ones with their current SyncToken, in batches of up to 30
 * paced below the company's limits; leaves unchanged ones alone. Progress is checkpointed after
 * each batch, so a retry starts after the last recorded batch and, reading the company again,
 * finds what an interrupted batch wrote instead of writing it twice.
 */
export async function syncToQuickBooks(sync: ProviderSync): Promise<void> {
  const { ctx, run } = sync;
  const all = quickBooksItems(sync.products, sync.settings);
  const pending = all.slice(run.done);
  if (pending.length === 0) return;
  const client = new QuickBooksClient(ctx.config.quickbooks, run.account_id, sync.tokens, ctx.config.providerTimeScale);
  const accounts = await resolveAccounts(sync, client, pending);
  const existing = await readCompanyItems(client, pending);
  const bySku = new Map<string, QboItem>();
  for (const item of existing) if (item.Sku && !bySku.has(item.Sku)) bySku.set(item.Sku, item);
  const wrapped = existing.map((item) => ({ name: item.Name, item }));
  const wrappedBySku = new Map(wrapped.filter((w) => w.item.Sku).map((w) => [w.item.Sku!, w]));
  const matches = matchExisting(pending, wrapped, (d) => (bySku.has(d.sku) ? wrappedBySku.get(d.sku) : undefined));
  const today = ctx.clock.now().toISOString().slice(0, 10);

  const steps: Step[] = pending.map((desired, n) => {
    const match = matches[n]?.item;
    const bId = String(run.done + n);
    if (!match) return { desired, existing: undefined, operation: { bId, operation: 'create', Item: newQuickBooksItem(desired, accounts, today) } };
    const changes = quickBooksChanges(desired, accounts, match);
    return { desired, existing: match, operation: changes ? { bId, operation: 'update', Item: { Id: match.Id, SyncToken: match.SyncToken, sparse: true, ...changes } } : null };
  });

  const batchSize = ctx.config.quickbooks.batchSize;
  let counts = new StepCounts();
  let batch: Step[] = [];
  let accountsStale = false;
  const flush = async (done: number): Promise<void> => {
    if (batch.length > 0) {
      await sync.beforeBatch();
      const results = new Map((await client.batch(batch.map((s) => s.operation!))).map((r) => [r.bId, r]));
      for (const step of batch) {
        const result = results.get(step.operation!.bId);
        if (result?.item) {
          if (step.operation!.operation === 'create') counts.created += 1;
          else counts.updated += 1;
          continue;
        }
        const errors = result?.errors ?? [];
        if (errors.some((e) => e.code === '2500' || e.code === '610')) accountsStale = true;
        if (step.operation!.operation === 'update' && errors.some((e) => e.code === '5010')) {
          await retryStale(client, step, counts);
          continue;
        }
        counts.fail(step.desired, errors.map(describeQboError).join('; ') || 'QuickBooks did not answer for this item.');
      }
    }
    await sync.checkpoint(done, counts);
    counts = new StepCounts();
    batch = [];
  };
  for (const [n, step] of steps.entries()) {
    if (step.operation) batch.push(step);
    else counts.unchanged += 1;
    const done = run.done + n + 1;
    if (batch.length >= batchSize || (batch.length === 0 && (n + 1) % CHECKPOINT_EVERY === 0)) await flush(done);
  }
  await flush(all.length);
  // A reference QuickBooks refused (an account deleted there) is found again next time.
  if (accountsStale) await forgetLinks(ctx.db, { user_id: run.user_id, provider: 'quickbooks', account_id: run.account_id, kind: 'account' });
}

/** Someone changed the item since it was read (stale SyncToken): read it again and update it once more. */
async function retryStale(client: QuickBooksClient, step: Step, counts: StepCounts): Promise<void> {
  try {
    const current = await client.readItem(step.existing!.Id);
    const { Id: _id, SyncToken: _token, sparse: _sparse, ...changes } = step.operation!.Item;
    await client.writeItem({ ...changes, Id: current.Id, SyncToken: current.SyncToken, sparse: true });
    counts.updated += 1;
  } catch (error) {
    if (!(error instanceof QuickBooksFaultError)) throw error;
    counts.fail(step.desired, error.errors.map(describeQboError).join('; '));
  }
}
