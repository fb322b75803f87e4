import { createHash } from 'node:crypto';
import { compileRules, type PricingRules } from '@tradelist/pricing/rules';
import type { Db } from '../../../db/database.ts';
import { getPricing, type ProductForFile } from '../../catalog/index.ts';
import type { ItemSettings } from './sync-items.ts';

/**
 * How a sync or a preview prices the edition's items: the one place the sync module asks for
 * prices. Every price comes from the pricing engine, `compileRules(rules).price(item)`, with the
 * rules of the pricing profile asked for (the default one without). `fingerprint` changes whenever anything that sets a price or an item's fields
 * changes (a preview made with other prices expires, decision 0047).
 */
export interface SyncPricing {
  profileId: number;
  profileName: string;
  settings: ItemSettings;
  /** The price before tax of one of the edition's products, in cents. */
  priceCents(product: ProductForFile): number;
  fingerprint: string;
}

/**
 * The pricing of the user's syncs with `profileId` (null: the default profile; another user's id:
 * AppError NOT_FOUND). A queued sync passes the rules it was asked with (`frozenRules`), so that
 * a profile edited meanwhile does not change what the sync writes.
 */
export async function syncPricing(db: Db, userId: number, profileId: number | null, frozenRules: PricingRules | null = null): Promise<SyncPricing> {
  const { profile, inventoryOption, incomeType } = await getPricing(db, userId, profileId ?? undefined);
  const rules = frozenRules ?? profile.rules;
  const engine = compileRules(rules);
  const settings: ItemSettings = { rules, inventoryOption, incomeType };
  const fingerprint = createHash('sha256').update(JSON.stringify({ profileId: profile.id, rules, inventoryOption, incomeType })).digest('base64url');
  return {
    profileId: profile.id,
    profileName: profile.name,
    settings,
    priceCents: (product) => engine.price({ sku: product.sku, group: product.group_name, costCents: product.cost_cents }).priceCents,
    fingerprint,
  };
}
