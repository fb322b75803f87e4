import type { AppContext } from '../../../context.ts';
import type { ProviderConnectionRow } from '../../../db/schema.ts';
import { JobberClient, type JobberItem, type JobberWrite } from '../../../integrations/jobber/client.ts';
import { ProviderAccessRefusedError, ProviderError, type TokenSource } from '../../../integrations/oauth-client.ts';
import { linksOf, saveLinks, type LinkScope } from '../repositories/sync-links.ts';
import { jobberPacingKey } from './provider-tokens.ts';
import { StepCounts, type ProviderSync } from './sync-progress.ts';
import { cents, jobberChanges, jobberItems, matchExisting, type JobberDesired } from './sync-items.ts';
import { classifyItem, decide, leftAsItIs, leftTheList, type LedgerEntry, type PlannedItem, type TargetItem } from './sync-plan.ts';

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

/** An edit of a Jobber item: the fields to send. */
type JobberEdit = NonNullable<ReturnType<typeof jobberChanges>>;

/** One item of the list: what it should be, how it is planned, the Jobber item it is (if any) and the edit that would make it ours. */
type Step = { desired: JobberDesired; planned: PlannedItem; remoteId: string | undefined; changes: JobberEdit | null };

/** What a sync writes from: the steps of the items still to sync, the items that left the list, our links. */
interface JobberPlan {
  links: Map<string, string>;
  steps: Step[];
  left: PlannedItem[];
}

/** A step planned against the Jobber item `match` as just read (undefined: none found). */
function stepAgainst(desired: JobberDesired, match: JobberItem | undefined, ledger: ReadonlyMap<string, LedgerEntry>): Step {
  const changes = match ? jobberChanges(desired, match) : null;
  const planned = classifyItem(desired, match ? targetItem(match) : undefined, changes !== null, ledger.get(desired.sku));
  return { desired, planned, remoteId: match?.id, changes };
}

/**
 * Reads the account as a re-sync does (every product and service, page by page) and plans each
 * item of `pending` against it (found by the id linked to its SKU, then by name); `withLeft`
 * also lists the items of the ledger that left the list.
 */
async function planJobber(ctx: AppContext, scope: LinkScope, client: JobberClient, all: JobberDesired[], pending: JobberDesired[], ledger: ReadonlyMap<string, LedgerEntry>, withLeft: boolean): Promise<JobberPlan> {
  const links = await linksOf(ctx.db, scope);
  const existing = await readAccountItems(client);
  const byId = new Map(existing.map((item) => [item.id, item]));
  const matches = matchExisting(pending, existing, (d) => byId.get(links.get(d.sku) ?? ''));
  const steps = pending.map((desired, n) => stepAgainst(desired, matches[n], ledger));
  const listSkus = new Set(all.map((d) => d.sku));
  const left = withLeft ? leftTheList(ledger.values(), listSkus, new Map([...byId].map(([id, item]) => [id, targetItem(item)]))) : [];
  return { links, steps, left };
}

/** How a sync knew the account before writing (decision 0051). */
export type TargetRead = 'account' | 'preview' | 'by id';

/**
 * How long after a preview's read of the account ended an approved sync writes from that read
 * without reading the account again (decision 0051).
 */
export const PREVIEW_READ_FRESH_SECONDS = 15 * 60;

/** Items read by id per request, at most (each costs JobberClient.ITEM_READ_COST points). */
export const JOBBER_READS_PER_REQUEST = 100;

/**
 * What an approved sync reads before it writes: nothing when its preview's read ended less than
 * PREVIEW_READ_FRESH_SECONDS ago, the items it will write (by id) when it is older, and the whole
 * account, as any sync, when this is not the run's first attempt (an interrupted request may
 * have created items the run has not recorded: only a read by name finds them) or there is no
 * preview.
 */
export function targetReadOf(sync: Pick<ProviderSync, 'previewed' | 'previewReadAt' | 'run' | 'ctx'>): TargetRead {
  if (!sync.previewed || sync.run.attempts > 1) return 'account';
  const readAt = sync.previewReadAt;
  const age = readAt ? (sync.ctx.clock.now().getTime() - readAt.getTime()) / 1000 : Infinity;
  return age <= PREVIEW_READ_FRESH_SECONDS ? 'preview' : 'by id';
}

/** Products and services by id, a request per JOBBER_READS_PER_REQUEST (fewer when the account's bucket is smaller); null for one that is gone. */
async function readItemsById(client: JobberClient, ids: string[]): Promise<Map<string, JobberItem | null>> {
  const found = new Map<string, JobberItem | null>();
  for (let start = 0; start < ids.length; ) {
    const chunk = ids.slice(start, start + Math.max(1, Math.min(JOBBER_READS_PER_REQUEST, Math.floor(client.maximumCost / JobberClient.ITEM_READ_COST))));
    try {
      (await client.readItems(chunk)).forEach((item, n) => found.set(chunk[n]!, item));
    } catch (error) {
      // As for pages: Jobber said its bucket is smaller than the request's cost; ask for fewer.
      if (error instanceof ProviderError && !(error instanceof ProviderAccessRefusedError) && chunk.length * JobberClient.ITEM_READ_COST > client.maximumCost) continue;
      throw error;
    }
    start += chunk.length;
  }
  return found;
}

/**
 * The preview's plan of one item, with the price we would write now (if it differs from the one
 * shown, `decide` leaves the item). An item the preview did not list plans as new, and so is
 * left alone. An edit sends every field we write (with `visible`): from the preview's read,
 * which kept only the price, that is the end state the edit of what differed would reach.
 */
function previewedStep(desired: JobberDesired, shown: PlannedItem | undefined): Step {
  const planned: PlannedItem = shown ? { ...shown, name: desired.name, newCents: desired.priceCents } : { sku: desired.sku, name: desired.name, kind: 'new', oldCents: null, newCents: desired.priceCents, remoteId: null };
  return { desired, planned, remoteId: planned.remoteId ?? undefined, changes: planned.remoteId ? { ...desired.input, visible: true } : null };
}

/**
 * Plans an approved sync from its preview's read (decision 0051). A fresh read is written from
 * as it is; an older one is brought up to date for the items the approval lets the sync edit or
 * retire, read again by id and planned with the sync's rule, so that one changed since the
 * preview is left alone. New items are created as the preview showed them.
 */
async function planApprovedJobber(sync: ProviderSync, scope: LinkScope, client: JobberClient, all: JobberDesired[], pending: JobberDesired[], read: TargetRead): Promise<JobberPlan> {
  const previewed = sync.previewed!;
  const links = await linksOf(sync.ctx.db, scope);
  const listSkus = new Set(all.map((d) => d.sku));
  const steps = pending.map((desired) => previewedStep(desired, previewed.get(desired.sku)));
  const shownLeft = sync.policy.retireLeft ? [...previewed.values()].filter((i) => i.kind === 'left_list' && i.remoteId && !listSkus.has(i.sku)).sort((a, b) => a.sku.localeCompare(b.sku)) : [];
  if (read === 'preview') return { links, steps, left: shownLeft };

  const writes = (item: PlannedItem) => ['write', 'retire'].includes(decide(item, sync.policy, previewed));
  const ids = [...steps.filter((s) => s.remoteId && writes(s.planned)).map((s) => s.remoteId!), ...shownLeft.filter(writes).map((i) => i.remoteId!)];
  const current = await readItemsById(client, ids);
  const again = new Map<string, TargetItem>();
  for (const [id, item] of current) if (item) again.set(id, targetItem(item));
  const leftNow = new Map(leftTheList(sync.ledger.values(), listSkus, again).map((i) => [i.sku, i]));
  return {
    links,
    steps: steps.map((s) => (s.remoteId && current.has(s.remoteId) ? stepAgainst(s.desired, current.get(s.remoteId) ?? undefined, sync.ledger) : s)),
    // One read again that is gone or already inactive is not offered any more.
    left: shownLeft.flatMap((i) => (current.has(i.remoteId!) ? (leftNow.has(i.sku) ? [leftNow.get(i.sku)!] : []) : [i])),
  };
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
 * 0048). It reads the account first, unless it was approved from a preview: then it writes from
 * the preview's read, read again by id when older than PREVIEW_READ_FRESH_SECONDS (decision
 * 0051). Writes go several to a request (one mutation per item), paced by the query-cost bucket
 * Jobber reports. After each request the progress, the SKU → Jobber id links and the ledger are
 * saved in one transaction; a retry reads the whole account again, so an item an interrupted
 * request created is found by its name rather than created twice. Answers how it read the account.
 */
export async function syncToJobber(sync: ProviderSync): Promise<TargetRead> {
  const { ctx, run } = sync;
  const all = jobberItems(sync.products, sync.pricing.settings, sync.pricing.priceCents);
  const pending = all.slice(run.done);
  const read = targetReadOf(sync);
  if (pending.length === 0 && !sync.policy.retireLeft) return read;
  const scope: LinkScope = { user_id: run.user_id, provider: 'jobber', account_id: run.account_id, kind: 'item' };
  const client = jobberClientOf(ctx, sync.connection, sync.tokens);
  const { links, steps, left } = read === 'account' ? await planJobber(ctx, scope, client, all, pending, sync.ledger, sync.policy.retireLeft) : await planApprovedJobber(sync, scope, client, all, pending, read);

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
      const write: JobberWrite = step.remoteId ? { kind: 'edit', id: step.remoteId, input: step.changes! } : { kind: 'create', input: step.desired.input };
      batch.push({ desired: step.desired, position, write, retire: false });
    } else if (leftAsItIs(decision, step.planned, sync.policy)) {
      counts.leftAlone += 1;
    } else {
      counts.unchanged += 1;
      if (step.remoteId) counts.written.push({ sku: step.desired.sku, remoteId: step.remoteId, name: step.desired.name, priceCents: step.desired.priceCents });
    }
    // Items matched by name are linked too, so that a later rename in our list still finds them.
    if (step.remoteId && links.get(step.desired.sku) !== step.remoteId) linked.push({ key: step.desired.sku, remoteId: step.remoteId });
    if (batch.length >= perRequest || (batch.length === 0 && (n + 1) % CHECKPOINT_EVERY === 0)) await flush(position + 1);
  }
  for (const [n, planned] of left.entries()) {
    const decision = decide(planned, sync.policy, sync.previewed);
    if (leftAsItIs(decision, planned, sync.policy)) counts.leftAlone += 1;
    if (decision !== 'retire') continue;
    batch.push({ desired: { sku: planned.sku, name: planned.name, priceCents: planned.oldCents ?? 0 }, position: all.length + n, retire: true, write: { kind: 'edit', id: planned.remoteId!, input: { visible: false } } });
    if (batch.length >= perRequest) await flush(all.length);
  }
  await flush(all.length);
  return read;
}
