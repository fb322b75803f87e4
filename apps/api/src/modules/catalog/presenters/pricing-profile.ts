import { profileFromRules, type PricingProfile } from '@tradelist/contract/pricing-profiles';
import type { PricingProfileRow } from '../repositories/pricing-profiles.ts';

/** A stored profile as the contract spells it: dollars as decimal strings, percents as numbers. */
export function presentPricingProfile(row: PricingProfileRow): PricingProfile {
  return { id: row.id, name: row.name, is_default: row.isDefault, ...profileFromRules(row.rules) };
}
