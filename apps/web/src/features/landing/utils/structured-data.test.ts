import { describe, expect, test } from 'vitest';
import { faqs } from '../data/faq';
import { faqPageLd, productLd } from './structured-data';

describe('structured data', () => {
  test('the product carries one offer per plan, priced in dollars from the cents of the plans call', () => {
    const ld = productLd('https://tradelist.example', [
      { id: 1, slug: 'free-demo', name: 'Wire & Conduit Demo', description: 'Free', price: 0, regular_price: null, interval: null, period_months: null, download_max: 0, is_free: true, stripe_price_id_recurring: null, stripe_price_id_one_time: null },
      { id: 2, slug: 'annual', name: 'Annual plan', description: 'A year', price: 42_000, regular_price: 60_000, interval: 'year', period_months: 12, download_max: 120, is_free: false, stripe_price_id_recurring: null, stripe_price_id_one_time: null },
    ]);
    expect(ld.offers).toEqual([
      expect.objectContaining({ name: 'Wire & Conduit Demo', price: '0.00', priceCurrency: 'USD' }),
      expect.objectContaining({ name: 'Annual plan', price: '420.00', priceCurrency: 'USD' }),
    ]);
  });

  test('the FAQ page lists the 12 questions with their answers', () => {
    const ld = faqPageLd(faqs);
    expect(ld.mainEntity).toHaveLength(12);
    expect((ld.mainEntity as Array<{ name: string }>)[0]!.name).toBe(faqs[0].question);
  });
});
