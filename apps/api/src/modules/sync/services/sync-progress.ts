import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { ProviderConnectionRow, SyncRunRow } from '../../../db/schema.ts';
import { addSeconds } from '../../../lib/clock.ts';
import type { TokenSource } from '../../../integrations/oauth-client.ts';
import type { ProductForFile } from '../../catalog/index.ts';
import { checkpointRun, type Checkpoint, type SyncItemError } from '../repositories/sync-runs.ts';
import type { ItemSettings } from './sync-items.ts';

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
  failed = 0;
  readonly errors: SyncItemError[] = [];

  fail(item: { sku: string; name: string }, error: string): void {
    this.failed += 1;
    this.errors.push({ sku: item.sku, name: item.name, error });
  }
}

/** Everything a provider's sync needs, and the way it records its progress. */
export interface ProviderSync {
  ctx: AppContext;
  run: SyncRunRow;
  connection: ProviderConnectionRow;
  products: ProductForFile[];
  settings: ItemSettings;
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

/** The checkpoint function of one run held by `owner`. */
export function checkpointer(ctx: AppContext, runId: number, owner: string): ProviderSync['checkpoint'] {
  return async (done, counts, alsoInTransaction) => {
    const step: Checkpoint = { done, created: counts.created, updated: counts.updated, unchanged: counts.unchanged, failed: counts.failed, errors: counts.errors };
    const held = await ctx.db.transaction().execute(async (trx) => {
      if (alsoInTransaction) await alsoInTransaction(trx);
      const ok = await checkpointRun(trx, runId, owner, step, addSeconds(ctx.clock.now(), LEASE_SECONDS));
      // Nothing of the step is kept when the run is not ours any more.
      if (!ok) throw new LeaseLostError(`Sync ${runId} is held by another worker now`);
      return ok;
    });
    if (!held) throw new LeaseLostError(`Sync ${runId} is held by another worker now`);
  };
}
