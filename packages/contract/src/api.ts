import { accountEndpoints } from './endpoints/accounts.ts';
import { billingEndpoints } from './endpoints/billing.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';
import { configEndpoints } from './endpoints/config.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { operatorContentEndpoints } from './endpoints/operator-content.ts';
import { operatorEditionEndpoints } from './endpoints/operator-editions.ts';
import { operatorUserEndpoints } from './endpoints/operator-users.ts';
import { pricingProfileEndpoints } from './endpoints/pricing-profiles.ts';
import { priceHistoryEndpoints } from './endpoints/price-history.ts';
import { profileEndpoints } from './endpoints/profile.ts';
import { syncEndpoints } from './endpoints/sync.ts';
import { syncPreviewEndpoints } from './endpoints/sync-previews.ts';
import { userGuideEndpoints } from './endpoints/user-guide.ts';

/**
 * Every call of the API, once (product §7). Paths and wire field names are spelled exactly as
 * the product reference spells them (`/login_page/`, `user_factor` for the save but
 * `user-factor` for the read, `catelog_id`); the property names here are the clear names that
 * code on both sides uses. Fastify registers its routes from these definitions and the web app
 * calls them through one typed client. Each area's calls live in `endpoints/`; the order here
 * is the order of the routes and of the OpenAPI document.
 */
export const api = {
  config: configEndpoints,
  accounts: accountEndpoints,
  catalog: catalogEndpoints,
  pricing: pricingProfileEndpoints,
  prices: priceHistoryEndpoints,
  billing: billingEndpoints,
  sync: { ...syncEndpoints, ...syncPreviewEndpoints },
  profile: profileEndpoints,
  userGuide: userGuideEndpoints,
  content: contentEndpoints,
  operator: { ...operatorUserEndpoints, ...operatorContentEndpoints, ...operatorEditionEndpoints },
} as const;
