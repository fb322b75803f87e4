import type { AppContext } from '../../../context.ts';
import type { ProviderConnectionRow } from '../../../db/schema.ts';
import { JobberClient, type JobberItem, type JobberWrite } from '../../../integrations/jobber/client.ts';
import { ProviderAccessRefusedError, ProviderError, type TokenSource } from '../../../integrations/oauth-client.ts';
import { linksOf, saveLinks, type LinkScope } from '../repositories/sync-links.ts';
import { jobberPacingKey } from './provider-tokens.ts';
import { StepCounts, type ProviderSync } from './sync-progress.ts';
import { cents, jobberChanges, jobberItems, matchExisting, type JobberDesired } from './sync-items.ts';
import { classifyItem, decide, leftTheList, type LedgerEntry, type PlannedItem, type TargetItem } from './sync-plan.ts';

/** Items read per page, at most (a page costs JobberClient.pageCost(n) query points). */
export const JOBBER_PAGE_SIZE = 500;
/** Mutations sent in one request, one per item (each costs JobberClient.WRITE_COST points). */
export const JOBBER_WRITES_PER_REQUEST = 25;
const CHECKPOINT_EVERY = 1000;

/** Every product and service of the account, page by page; pages shrink to what the account's bucket holds. */
async function readAccountItems(client: JobberClient): Promise<JobberItem[]> {
  const items: JobberItem[] = [];
  let after: string | null = null;
  for (;;) {
    const first = Math.max(1, Math.min(JOBBER_PAGE_SIZE, Math.floor(client.maximumCost / JobberClient.pageCost(1))));
    let page: { items: JobberItem[]; next: string | null };
    try {
      page = await client.listPage(first, after);
    } catch (error) {
      // Jobber said its bucket is smaller than the page's cost: ask again for a smaller page.
      if (error instanceof ProviderError && !(error instanceof ProviderAccessRefusedError) && JobberClient.pageCost(first) > client.maximumCost) continue;
      throw error;
    }
    items.push(...page.items);
    if (!page.next) return items;
    after = page.next;
  }
}

const targetItem = (item: JobberItem): TargetItem => ({ remoteId: item.id, name: item.name, priceCents: cents(item.defaultUnitCost) ?? null, active: item.visible !== false });

type Step = { desired: JobberDesired; planned: PlannedItem; existing: JobberItem | undefined; changes: ReturnType<typeof jobberChanges> };

/**
 * Reads the account as a re-sync does (every product and service, page by page) and plans each
 * item of `pending` against it (found by the id linked to its SKU, then by name); `withLeft`
 * also lists the items of the ledger that left the list.
 */
async function planJobber(ctx: AppContext, scope: LinkScope, client: JobberClient, all: JobberDesired[], pending: JobberDesired[], ledger: ReadonlyMap<string, LedgerEntry>, withLeft: boolean) {
  const links = await linksOf(ctx.db, scope);
  const existing = await readAccountItems(client);
  const byId = new Map(existing.map((item) => [item.id, item]));
  const matches = matchExisting(pending, existing, (d) => byId.get(links.get(d.sku) ?? ''));
  const steps = pending.map((desired, n): Step => {
    const match = matches[n];
    const changes = match ? jobberChanges(desired, match) : null;
    const planned = classifyItem(desired, match ? targetItem(match) : undefined, changes !== null, ledger.get(desired.sku));
    return { desired, planned, existing: match, changes };
  });
  const listSkus = new Set(all.map((d) => d.sku));
  const left = withLeft ? leftTheList(ledger.values(), listSkus, new Map([...byId].map(([id, item]) => [id, targetItem(item)]))) : [];
  return { links, steps, left };
}

/** The Jobber client of a connection. */
export function jobberClientOf(ctx: AppContext, connection: ProviderConnectionRow, tokens: TokenSource): JobberClient {
  return new JobberClient(ctx.config.jobber, jobberPacingKey(connection), tokens, ctx.config.providerTimeScale, ctx.log);
}

/** A preview of a Jobber sync: every item of the list and every item that left it, as the sync would find them; nothing is written. */
export async function previewJobber(ctx: AppContext, scope: LinkScope, client: JobberClient, all: JobberDesired[], ledger: ReadonlyMap<string, LedgerEntry>): Promise<PlannedItem[]> {
  const plan = await planJobber(ctx, scope, client, all, all, ledger, true);
  return [...plan.steps.map((s) => s.planned), ...plan.left];
}

type Pending = { desired: { sku: string; name: string; priceCents: number }; position: number; write: JobberWrite; retire: boolean };

/**
 * Pushes the edition into Jobber: new items are created, changed ones the policy lets it write
 * edited with only what changed, the others left alone; then, when the policy says so, items
 * that left the list are made inactive (`visible: false` through productsAndServicesEdit, the
 * closest Jobber documents: it has no archive or delete for products and services, decision
 * 0048). Writes go several to a request (one mutation per item), paced by the query-cost bucket
 * Jobber reports. After each request the progress, the SKU → Jobber id links and the ledger are
 * saved in one transaction; a retry reads the account again, so an item an interrupted request
 * created is found by its name rather than created twice.
 */
export async function syncToJobber(sync: ProviderSync): Promise<void> {
  const { ctx, run } = sync;
  const all = jobberItems(sync.products, sync.pricing.settings, sync.pricing.priceCents);
  const pending = all.slice(run.done);
  if (pending.length === 0 && !sync.policy.retireLeft) return;
  const scope: LinkScope = { user_id: run.user_id, provider: 'jobber', account_id: run.account_id, kind: 'item' };
  const client = jobberClientOf(ctx, sync.connection, sync.tokens);
  const { links, steps, left } = await planJobber(ctx, scope, client, all, pending, sync.ledger, sync.policy.retireLeft);

  let counts = new StepCounts();
  let batch: Pending[] = [];
  let linked: Array<{ key: string; remoteId: string }> = [];
  const flush = async (done: number): Promise<void> => {
    if (batch.length > 0) {
      await sync.beforeBatch();
      const results = await client.write(batch.map((s) => s.write));
      batch.forEach((entry, n) => {
        const result = results[n]!;
        if (result.errors) return counts.fail(entry.desired, result.errors.join('; '), entry.position);
        if (entry.retire) {
          counts.retired += 1;
          return;
        }
        if (entry.write.kind === 'create') {
          counts.created += 1;
          linked.push({ key: entry.desired.sku, remoteId: result.id });
        } else {
          counts.updated += 1;
        }
        counts.written.push({ sku: entry.desired.sku, remoteId: result.id, name: entry.desired.name, priceCents: entry.desired.priceCents });
      });
    }
    const toLink = linked;
    await sync.checkpoint(done, counts, (db) => saveLinks(db, scope, toLink));
    counts = new StepCounts();
    batch = [];
    linked = [];
  };
  const perRequest = Math.max(1, Math.min(JOBBER_WRITES_PER_REQUEST, Math.floor(client.maximumCost / JobberClient.WRITE_COST)));
  for (const [n, step] of steps.entries()) {
    const position = run.done + n;
    const decision = decide(step.planned, sync.policy, sync.previewed);
    if (decision === 'write') {
      const write: JobberWrite = step.existing ? { kind: 'edit', id: step.existing.id, input: step.changes! } : { kind: 'create', input: step.desired.input };
      batch.push({ desired: step.desired, position, write, retire: false });
    } else if (decision === 'leave') {
      counts.leftAlone += 1;
    } else {
      counts.unchanged += 1;
      if (step.existing) counts.written.push({ sku: step.desired.sku, remoteId: step.existing.id, name: step.desired.name, priceCents: step.desired.priceCents });
    }
    // Items matched by name are linked too, so that a later rename in our list still finds them.
    if (step.existing && links.get(step.desired.sku) !== step.existing.id) linked.push({ key: step.desired.sku, remoteId: step.existing.id });
    if (batch.length >= perRequest || (batch.length === 0 && (n + 1) % CHECKPOINT_EVERY === 0)) await flush(position + 1);
  }
  for (const [n, planned] of left.entries()) {
    const decision = decide(planned, sync.policy, sync.previewed);
    if (decision === 'leave') counts.leftAlone += 1;
    if (decision !== 'retire') continue;
    batch.push({ desired: { sku: planned.sku, name: planned.name, priceCents: planned.oldCents ?? 0 }, position: all.length + n, retire: true, write: { kind: 'edit', id: planned.remoteId!, input: { visible: false } } });
    if (batch.length >= perRequest) await flush(all.length);
  }
  await flush(all.length);
}
