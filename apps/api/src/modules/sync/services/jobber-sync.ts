import { JobberClient, type JobberItem, type JobberWrite } from '../../../integrations/jobber/client.ts';
import { ProviderAccessRefusedError, ProviderError } from '../../../integrations/oauth-client.ts';
import { linksOf, saveLinks, type LinkScope } from '../repositories/sync-links.ts';
import { jobberPacingKey } from './provider-tokens.ts';
import { StepCounts, type ProviderSync } from './sync-progress.ts';
import { jobberChanges, jobberItems, matchExisting, type JobberDesired } from './sync-items.ts';

/** Items read per page, at most (a page costs JobberClient.pageCost(n) query points: 10 an item). */
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

type Step = { desired: JobberDesired; write: JobberWrite | null; existingId: string | undefined };

/**
 * Pushes the edition into Jobber: an item is found by the id stored for its SKU, then by name;
 * new ones are created, changed ones edited with only what changed, unchanged ones left alone.
 * Writes go several to a request (one mutation per item), paced by the query-cost bucket Jobber
 * reports. After each request the progress and the SKU → Jobber id links are saved in one
 * transaction; a retry reads the account again, so an item an interrupted request created is
 * found by its name rather than created twice.
 */
export async function syncToJobber(sync: ProviderSync): Promise<void> {
  const { ctx, run } = sync;
  const all = jobberItems(sync.products, sync.settings);
  const pending = all.slice(run.done);
  if (pending.length === 0) return;
  const scope: LinkScope = { user_id: run.user_id, provider: 'jobber', account_id: run.account_id, kind: 'item' };
  const client = new JobberClient(ctx.config.jobber, jobberPacingKey(sync.connection), sync.tokens, ctx.config.providerTimeScale, ctx.log);
  const links = await linksOf(ctx.db, scope);
  const existing = await readAccountItems(client);
  const byId = new Map(existing.map((item) => [item.id, item]));
  const matches = matchExisting(pending, existing, (d) => byId.get(links.get(d.sku) ?? ''));

  const steps: Step[] = pending.map((desired, n) => {
    const match = matches[n];
    if (!match) return { desired, existingId: undefined, write: { kind: 'create', input: desired.input } };
    const changes = jobberChanges(desired, match);
    return { desired, existingId: match.id, write: changes ? { kind: 'edit', id: match.id, input: changes } : null };
  });

  let counts = new StepCounts();
  let batch: Step[] = [];
  let linked: Array<{ key: string; remoteId: string }> = [];
  const flush = async (done: number): Promise<void> => {
    if (batch.length > 0) {
      await sync.beforeBatch();
      const results = await client.write(batch.map((s) => s.write!));
      batch.forEach((step, n) => {
        const result = results[n]!;
        if (result.errors) {
          counts.fail(step.desired, result.errors.join('; '));
          return;
        }
        if (step.write!.kind === 'create') {
          counts.created += 1;
          linked.push({ key: step.desired.sku, remoteId: result.id });
        } else {
          counts.updated += 1;
        }
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
    if (step.write) batch.push(step);
    else counts.unchanged += 1;
    // Items matched by name are linked too, so that a later rename in our list still finds them.
    if (step.existingId && links.get(step.desired.sku) !== step.existingId) linked.push({ key: step.desired.sku, remoteId: step.existingId });
    const done = run.done + n + 1;
    if (batch.length >= perRequest || (batch.length === 0 && (n + 1) % CHECKPOINT_EVERY === 0)) await flush(done);
  }
  await flush(all.length);
}
