import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { HeldBackItem, ProviderConnectionRow, SyncRunRow } from '../../../db/schema.ts';
import { addSeconds } from '../../../lib/clock.ts';
import type { TokenSource } from '../../../integrations/oauth-client.ts';
import type { ProductForFile } from '../../catalog/index.ts';
import { recordFailures, recordWrites, type TargetScope } from '../repositories/sync-ledger.ts';
import { checkpointRun, KEPT_HELD_BACK, type Checkpoint, type SyncItemError } from '../repositories/sync-runs.ts';
import type { SyncPricing } from './sync-pricing.ts';
import { magnitudeOf, type LedgerEntry, type PlannedItem, type SyncPolicy } from './sync-plan.ts';

/**
 * How long a worker holds a run without news: each checkpoint renews it; when a worker dies
 * the run's next attempt takes over once it has run out.
 */
export const LEASE_SECONDS = 5 * 60;

/** Another worker took the run over (this one's lease ran out): this one must stop. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Counts of one step (a batch at the provider), and its item errors. */
export class StepCounts {
  created = 0;
  updated = 0;
  unchanged = 0;
  leftAlone = 0;
  retired = 0;
  failed = 0;
  readonly errors: SyncItemError[] = [];
  /** Every refused item with its place in the run (the record keeps them all). */
  readonly failures: Array<SyncItemError & { position: number }> = [];
  /** What the step wrote, or found equal to ours, for the ledger. */
  readonly written: LedgerEntry[] = [];

  fail(item: { sku: string; name: string }, error: string, position: number): void {
    this.failed += 1;
    this.errors.push({ sku: item.sku, name: item.name, error });
    this.failures.push({ sku: item.sku, name: item.name, error, position });
  }
}

/** The largest changes first (then by SKU), at most KEPT_HELD_BACK of them. */
function largest(items: HeldBackItem[]): HeldBackItem[] {
  return items.sort((a, b) => b.magnitude - a.magnitude || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)).slice(0, KEPT_HELD_BACK);
}

/**
 * The items a sync's protections held back since its last checkpoint, as `decide` tells the
 * policy's `noteHeldBack`; each checkpoint stores the largest with the batch's counts, so a run
 * keeps the largest of all (the summary email of an automatic sync names them).
 */
export class HeldBackNotes {
  private items: HeldBackItem[] = [];

  readonly note = (item: PlannedItem): void => {
    this.items.push({ sku: item.sku, name: item.name, reason: item.kind === 'down' ? 'down' : 'edited', ourCents: item.newCents ?? 0, theirCents: item.oldCents, magnitude: magnitudeOf(item) });
    if (this.items.length > 4 * KEPT_HELD_BACK) this.items = largest(this.items);
  };

  /** The largest noted since the last call; forgets them all. */
  take(): HeldBackItem[] {
    const kept = largest(this.items);
    this.items = [];
    return kept;
  }
}

/** Everything a provider's sync needs, and the way it records its progress. */
export interface ProviderSync {
  ctx: AppContext;
  run: SyncRunRow;
  connection: ProviderConnectionRow;
  products: ProductForFile[];
  pricing: SyncPricing;
  /** What the run may write (decision 0048). */
  policy: SyncPolicy;
  /** The approved preview's items by SKU, when the run comes from one: nothing else is written. */
  previewed: ReadonlyMap<string, PlannedItem> | undefined;
  /** When the approved preview's read of the target ended (decision 0051); undefined without a preview. */
  previewReadAt: Date | undefined;
  /** What we last wrote to this target, per SKU. */
  ledger: ReadonlyMap<string, LedgerEntry>;
  tokens: TokenSource;
  /**
   * Records that the items before `done` (in product order) are finished, with the step's
   * counts, in one transaction with `alsoInTransaction` (Jobber's links); throws LeaseLostError
   * when another worker holds the run now.
   */
  checkpoint(done: number, counts: StepCounts, alsoInTransaction?: (db: Db) => Promise<void>): Promise<void>;
  /** Runs before each batch is written; throws (SyncStoppedError) when the sync may not go on. */
  beforeBatch(): Promise<void>;
}

/** The checkpoint function of one run held by `owner`; it stores what `heldBack` noted too. */
export function checkpointer(ctx: AppContext, run: Pick<SyncRunRow, 'id' | 'user_id' | 'provider' | 'account_id'>, owner: string, categoryId: number | null, heldBack: HeldBackNotes): ProviderSync['checkpoint'] {
  const runId = run.id;
  const scope: TargetScope = { user_id: run.user_id, provider: run.provider, account_id: run.account_id };
  return async (done, counts, alsoInTransaction) => {
    const step: Checkpoint = {
      done,
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      leftAlone: counts.leftAlone,
      retired: counts.retired,
      failed: counts.failed,
      errors: counts.errors,
      heldBack: heldBack.take(),
    };
    const held = await ctx.db.transaction().execute(async (trx) => {
      if (alsoInTransaction) await alsoInTransaction(trx);
      await recordWrites(trx, scope, categoryId, counts.written, ctx.clock.now());
      await recordFailures(trx, runId, counts.failures);
      const ok = await checkpointRun(trx, runId, owner, step, addSeconds(ctx.clock.now(), LEASE_SECONDS));
      // Nothing of the step is kept when the run is not ours any more.
      if (!ok) throw new LeaseLostError(`Sync ${runId} is held by another worker now`);
      return ok;
    });
    if (!held) throw new LeaseLostError(`Sync ${runId} is held by another worker now`);
  };
}
