import { appRoutes, buildPath } from '@tradelist/contract/app-routes';

/** Every page path of the app; the contract's `appRoutes` is the one definition. */
export const paths = appRoutes;
export { buildPath };

/** Ids of the landing-page sections that the navigation links to. */
export const homeSectionIds = {
  why: 'your-accurate-contractor-price-manager',
  pricing: 'pricing',
} as const;

/** Links into the landing page's sections. */
export const homeLinks = {
  why: `${appRoutes.home}#${homeSectionIds.why}`,
  pricing: `${appRoutes.home}#${homeSectionIds.pricing}`,
  /** The 40%-off setup call: the scheduling page (BOOKING_URL) or the request form. */
  bookSetupCall: appRoutes.bookSetupCall,
} as const;

/** Static files served from apps/web/public. */
export const assetPaths = {
  /** White wordmark, for the navy header, sidebar and footer. */
  logo: '/logo.svg',
  /** Navy wordmark, for white backgrounds. */
  logoOnLight: '/logo-on-light.svg',
  /** The square mark alone, for the collapsed sidebar (also the favicon). */
  logoMark: '/favicon.svg',
  defaultProfilePicture: '/images2/profile-pic.png',
  /** product §9: the fixed fallback image of a collection without its own. */
  defaultCollectionImage: '/images2/default-collection.svg',
} as const;

/** The brands' own home pages; Tradelist's social accounts are not published yet. */
export const socialLinks = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;
export type SocialNetwork = (typeof socialLinks)[number]['name'];

/** A dashboard page's path relative to /dashboard (product §2: the sidebar links are relative). */
function relativeToDashboard(path: string): string {
  return path.slice(appRoutes.dashboard.length + 1);
}

/** Relative links of the dashboard's sidebar and header. */
export const dashboardLinks = {
  catalog: relativeToDashboard(appRoutes.dashboardCatalog),
  userfactor: relativeToDashboard(appRoutes.dashboardUserfactor),
  subscriptions: relativeToDashboard(appRoutes.dashboardSubscriptions),
  settings: relativeToDashboard(appRoutes.dashboardSettings),
  userGuide: relativeToDashboard(appRoutes.dashboardUserGuide),
} as const;
