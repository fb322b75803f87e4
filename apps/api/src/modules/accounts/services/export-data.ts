import { profileFromRules } from '@tradelist/contract/pricing-profiles';
import { markupsFromRules, type PricingRules } from '@tradelist/pricing/rules';
import type { AppContext } from '../../../context.ts';
import { readPersonalData } from '../repositories/personal-data.ts';

/** The basis points the database keeps, as the percentages the settings and markup screens show. */
function percent(basisPoints: number | null): number | null {
  return basisPoints === null ? null : basisPoints / 100;
}

/**
 * GET /users/{id}/data-export/ (the privacy policy's access right): the account, its
 * preferences, onboarding answers, markups and pricing profiles, subscriptions and payments, downloads, syncs and
 * connections to QuickBooks and Jobber (never their tokens), as one
 * JSON document with a file name of the day.
 */
export async function exportPersonalData(ctx: AppContext, userId: number): Promise<{ fileName: string; json: string }> {
  const data = await readPersonalData(ctx.db, userId);
  const { account, markups: texts } = data;
  const profiles = data.profiles.map((profile) => ({ ...profile, rules: profile.rules as PricingRules }));
  const defaultProfile = profiles.find((profile) => profile.is_default);
  const markups = defaultProfile ? markupsFromRules(defaultProfile.rules) : null;
  const now = ctx.clock.now();
  const document = {
    exported_at: now.toISOString(),
    account: account && {
      id: account.id,
      name: account.name,
      email: account.email,
      google_email: account.google_email,
      is_verified: account.is_verified,
      is_onboarded: account.is_onboarded,
      role: account.role,
      created_at: account.created_at,
      updated_at: account.updated_at,
      last_login_at: account.last_login_at,
      password_changed_at: account.password_changed_at,
    },
    preferences: account && { update1_new_edition_emails: account.wants_edition_emails, update2_product_update_emails: account.wants_product_news },
    onboarding: data.onboarding ?? null,
    // The six markups as GET /user-factor/ reads them from the default profile, with the QuickBooks texts.
    markups: markups
      ? {
          markup1_10: percent(markups.markup1_10),
          markup11_20: percent(markups.markup11_20),
          markup21_50: percent(markups.markup21_50),
          markup51_150: percent(markups.markup51_150),
          markup151_500: percent(markups.markup151_500),
          markup501: percent(markups.markup501),
          tax: percent(markups.tax),
          inventory_option: texts?.inventory_option ?? '',
          income_type: texts?.income_type ?? '',
          updated_at: texts?.updated_at ?? defaultProfile?.updated_at ?? null,
        }
      : null,
    pricing_profiles: profiles.map((profile) => ({
      name: profile.name,
      is_default: profile.is_default,
      ...profileFromRules(profile.rules),
      created_at: profile.created_at,
      updated_at: profile.updated_at,
    })),
    subscriptions: data.subscriptions,
    payments: data.payments,
    downloads: data.downloads,
    syncs: data.syncs,
    connections: data.connections,
  };
  return { fileName: `tradelist-my-data-${now.toISOString().slice(0, 10)}.json`, json: JSON.stringify(document, null, 2) };
}
