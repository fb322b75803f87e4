import type { AppContext } from '../../../context.ts';
import { readPersonalData } from '../repositories/personal-data.ts';

/** The basis points the database keeps, as the percentages the settings and markup screens show. */
function percent(basisPoints: number | null): number | null {
  return basisPoints === null ? null : basisPoints / 100;
}

/**
 * GET /users/{id}/data-export/ (the privacy policy's access right): the account, its
 * preferences, onboarding answers, markups, subscriptions and payments, downloads, syncs and
 * connections to QuickBooks and Jobber (never their tokens), as one
 * JSON document with a file name of the day.
 */
export async function exportPersonalData(ctx: AppContext, userId: number): Promise<{ fileName: string; json: string }> {
  const data = await readPersonalData(ctx.db, userId);
  const { account, markups } = data;
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
    markups: markups
      ? {
          markup1_10: percent(markups.markup1_10_bp),
          markup11_20: percent(markups.markup11_20_bp),
          markup21_50: percent(markups.markup21_50_bp),
          markup51_150: percent(markups.markup51_150_bp),
          markup151_500: percent(markups.markup151_500_bp),
          markup501: percent(markups.markup501_bp),
          tax: percent(markups.tax_bp),
          inventory_option: markups.inventory_option,
          income_type: markups.income_type,
          updated_at: markups.updated_at,
        }
      : null,
    subscriptions: data.subscriptions,
    payments: data.payments,
    downloads: data.downloads,
    syncs: data.syncs,
    connections: data.connections,
  };
  return { fileName: `tradelist-my-data-${now.toISOString().slice(0, 10)}.json`, json: JSON.stringify(document, null, 2) };
}
