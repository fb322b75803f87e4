/**
 * Everything `npm start` loads into an empty catalog (product §10.19): the categories,
 * the two plans of product §2/§9, the three electrical editions and the free demo edition.
 */
import type { PlansTable } from '../schema.ts';
import { DEFAULT_SAMPLE_SEED, type SampleItem } from './electrical-catalog.ts';
import { editionCode, monthAndYear } from '../../modules/catalog/services/edition-naming.ts';
import { electricalEditions, wireAndConduitDemoItems } from './editions.ts';

export interface SampleCategory {
  name: string;
  slug: string;
  tagline: string | null;
  isFree: boolean;
  isAnnounced: boolean;
  position: number;
}

export interface SamplePlan {
  slug: string;
  name: string;
  description: string;
  /** What one purchase costs: the whole year for the annual plan. */
  priceCents: number;
  regularPriceCents: number | null;
  billingInterval: PlansTable['billing_interval'];
  /** One paid period: 12 months for the annual plan, whether renewed or paid once; null when free. */
  periodMonths: number | null;
  downloadMaxPerPeriod: number;
  isFree: boolean;
  position: number;
}

export interface SampleCatalogEdition {
  categorySlug: string;
  code: string;
  name: string;
  rundate: string;
  isFree: boolean;
  items: SampleItem[];
}

export interface SampleCatalog {
  categories: SampleCategory[];
  plans: SamplePlan[];
  /** Oldest first within a category. */
  editions: SampleCatalogEdition[];
}

export const DEMO_CATEGORY_NAME = 'Wire & Conduit Demo';

/** The categories: Electrical (paid), the free demo, Plumbing and Lumber announced (product §1). */
export const sampleCategories: readonly SampleCategory[] = [
  { name: 'Electrical', slug: 'electrical', tagline: '1,000+ electrical items, updated monthly', isFree: false, isAnnounced: false, position: 1 },
  { name: DEMO_CATEGORY_NAME, slug: 'wire-conduit-demo', tagline: 'A free sample of our wire and conduit fittings', isFree: true, isAnnounced: false, position: 2 },
  { name: 'Plumbing', slug: 'plumbing', tagline: 'Coming soon', isFree: false, isAnnounced: true, position: 3 },
  { name: 'Lumber', slug: 'lumber', tagline: 'Coming soon', isFree: false, isAnnounced: true, position: 4 },
];

/**
 * product §2/§9 plans. The annual plan stores what one purchase costs: $420 a year ($35/month),
 * normally $600 ($50/month), for 12 editions; with auto-renew a yearly subscription on the
 * recurring price, without it a one-time payment for 12 months (product §10.9). The web shows the
 * monthly figures from these. Stripe ids are set when the plan is created at Stripe.
 */
export const samplePlans: readonly SamplePlan[] = [
  {
    slug: 'free-demo',
    name: 'Wire & Conduit Demo',
    description: 'Free wire and conduit demo list',
    priceCents: 0,
    regularPriceCents: null,
    billingInterval: 'none',
    periodMonths: null,
    downloadMaxPerPeriod: 50,
    isFree: true,
    position: 1,
  },
  {
    slug: 'annual',
    name: 'Annual plan',
    description: '$35/month, billed annually (normally $50/month)',
    priceCents: 42_000,
    regularPriceCents: 60_000,
    billingInterval: 'year',
    periodMonths: 12,
    downloadMaxPerPeriod: 120,
    isFree: false,
    position: 2,
  },
];

/** The whole sample catalog; the same seed gives the same data. */
export function sampleCatalog(seed = DEFAULT_SAMPLE_SEED): SampleCatalog {
  const electrical = electricalEditions(seed);
  const latest = electrical.at(-1)!;
  return {
    categories: [...sampleCategories],
    plans: [...samplePlans],
    editions: [
      ...electrical.map((edition) => ({ categorySlug: 'electrical', ...edition, isFree: false })),
      {
        categorySlug: 'wire-conduit-demo',
        code: editionCode('wire-conduit-demo', latest.rundate),
        name: `${DEMO_CATEGORY_NAME} — ${monthAndYear(latest.rundate)}`,
        rundate: latest.rundate,
        isFree: true,
        items: wireAndConduitDemoItems(latest.items),
      },
    ],
  };
}
