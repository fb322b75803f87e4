/**
 * What other modules may use of the catalog (decision 0036): its editions and products as other
 * modules read them, the entitlements ("may this user have this edition"), the port through which
 * it calls the announcements of its editions, and what the command line calls. Nothing else of
 * this folder is imported from outside; the console's calls are registered here (operator-routes.ts).
 */
export { findCollectionById, findReleasedCollectionById, listCurrentCollections, type CollectionWithCategory } from './repositories/catalog.ts';
export { copyPageOfProducts, type ProductForFile } from './repositories/products.ts';
export { collectionNotFoundMessage } from './services/download-edition.ts';
export type { EditionAnnouncements } from './services/edition-announcements.ts';
export { summariseEditionChanges, type EditionChangesSummary } from './services/edition-changes-summary.ts';
export { decideSync, editionAccess, entitlementRepository } from './services/entitlements.ts';
export { queueEditionTemplates } from './services/edition-templates.ts';
export { importEdition } from './services/import-edition.ts';
export { listEditions } from './services/list-editions.ts';
export type { EditionComparison, PriceChange } from './services/edition-diff.ts';
export { choosePricingProfile, type ChosenPricingProfile } from './services/pricing-profiles.ts';
export { getPricing } from './services/user-factor.ts';
