import type { Db } from '../../../db/database.ts';
import type { SyncLedgerTable } from '../../../db/schema.ts';
import type { LedgerEntry } from '../services/sync-plan.ts';

/** One connection's target: a user's company (QuickBooks) or account (Jobber). */
export type TargetScope = Pick<SyncLedgerTable, 'user_id' | 'provider' | 'account_id'>;

/** What we last wrote to the target, per SKU, each marked whether the list of `categoryId` wrote it. */
export async function ledgerOf(db: Db, scope: TargetScope, categoryId: number | null): Promise<Map<string, LedgerEntry>> {
  const rows = await db
    .selectFrom('sync_ledger')
    .select(['sku', 'remote_id', 'name', 'price_cents', 'category_id'])
    .where('user_id', '=', scope.user_id)
    .where('provider', '=', scope.provider)
    .where('account_id', '=', scope.account_id)
    .execute();
  return new Map(rows.map((r) => [r.sku, { sku: r.sku, remoteId: r.remote_id, name: r.name, priceCents: r.price_cents, fromThisList: categoryId !== null && r.category_id === categoryId }]));
}

/** Records what a batch of the list of `categoryId` wrote (or found equal to ours), replacing the SKUs' earlier entries. */
export async function recordWrites(db: Db, scope: TargetScope, categoryId: number | null, entries: LedgerEntry[], at: Date): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    const chunk = entries.slice(start, start + 1000);
    await db
      .insertInto('sync_ledger')
      .values(chunk.map((e) => ({ ...scope, sku: e.sku, remote_id: e.remoteId, name: e.name, price_cents: e.priceCents, category_id: categoryId, written_at: at })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'provider', 'account_id', 'sku']).doUpdateSet((eb) => ({
          remote_id: eb.ref('excluded.remote_id'),
          name: eb.ref('excluded.name'),
          price_cents: eb.ref('excluded.price_cents'),
          category_id: eb.ref('excluded.category_id'),
          written_at: eb.ref('excluded.written_at'),
        })),
      )
      .execute();
  }
}

/** Keeps every item a provider refused, with its reason (the record's CSV lists them all). */
export async function recordFailures(db: Db, syncRunId: number, failures: Array<{ position: number; sku: string; name: string; error: string }>): Promise<void> {
  if (failures.length === 0) return;
  await db
    .insertInto('sync_run_failures')
    .values(failures.map((f) => ({ sync_run_id: syncRunId, ...f })))
    .onConflict((oc) => oc.columns(['sync_run_id', 'position']).doUpdateSet((eb) => ({ sku: eb.ref('excluded.sku'), name: eb.ref('excluded.name'), error: eb.ref('excluded.error') })))
    .execute();
}
