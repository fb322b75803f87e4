import { createHash } from 'node:crypto';
import { compileRules, rulesFromMarkups } from '@tradelist/pricing/rules';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { getMarkups, type ProductForFile } from '../../catalog/index.ts';
import type { ItemSettings } from './sync-items.ts';

/**
 * How a sync or a preview prices the edition's items: the one place the sync module asks for
 * prices, so that pricing by profile is one edit here. Every price comes from the pricing engine,
 * `compileRules(rules).price(item)`; without profiles the rules are those the user's six markups
 * and tax mean. `fingerprint` changes whenever anything that sets a price or an item's fields
 * changes (a preview made with other prices expires, decision 0047).
 */
export interface SyncPricing {
  profileId: number | null;
  settings: ItemSettings;
  /** The price before tax of one of the edition's products, in cents. */
  priceCents(product: ProductForFile): number;
  fingerprint: string;
}

/** The pricing of the user's syncs with `profileId` (null: the user's markups). */
export async function syncPricing(ctx: AppContext, db: Db, userId: number, profileId: number | null): Promise<SyncPricing> {
  const settings = await getMarkups(ctx, db, userId);
  const rules = rulesFromMarkups(settings.markups);
  const engine = compileRules(rules);
  const fingerprint = createHash('sha256').update(JSON.stringify({ profileId, rules, inventoryOption: settings.inventoryOption, incomeType: settings.incomeType })).digest('base64url');
  return {
    profileId,
    settings,
    priceCents: (product) => engine.price({ sku: product.sku, group: product.group_name, costCents: product.cost_cents }).priceCents,
    fingerprint,
  };
}
