import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { centsToDecimal } from '@tradelist/pricing/money';

/** JSON-LD for search engines (product §2.2's structured-data block). */
export type JsonLd = Record<string, unknown>;

export function organizationLd(origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Tradelist',
    url: `${origin}/`,
    logo: `${origin}/logo-on-light.svg`,
    description: 'Accurate contractor price lists with your markups and sales tax, updated monthly.',
  };
}

/** The product with one offer per plan on sale, priced as the plans call answers (cents → dollars). */
export function productLd(origin: string, plans: readonly SubscriptionPlan[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Tradelist electrical price list',
    description: 'A monthly-updated list of 1,000+ electrical items with your own markups and sales tax, as CSV or Excel, or synced to QuickBooks Online and Jobber.',
    brand: { '@type': 'Brand', name: 'Tradelist' },
    url: `${origin}/`,
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: plan.description,
      price: centsToDecimal(plan.price),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${origin}/#pricing`,
    })),
  };
}

export function faqPageLd(entries: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
