import { JSDOM } from 'jsdom';
import { describe, expect, test } from 'vitest';
import { headTags, pageMeta } from './site-head';
import type { SiteState } from './site-state';

const origin = 'https://tradelist.example';
const post = {
  id: 7,
  custom_url: 'wire-prices',
  title: 'Wire "prices" </title><script>alert(1)</script>',
  category: 'Materials',
  intro: 'What moved & why',
  author: 'Maria',
  author_image: '/images2/blog/author-maria.svg',
  blog_thumbnail: '/images2/blog/wire-prices.svg',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
  paragraphs: [],
};

function head(state: SiteState): Document {
  return new JSDOM(`<!doctype html><html><head>${headTags(pageMeta(state, origin), origin)}</head><body></body></html>`).window.document;
}

describe("a page's head", () => {
  test('a post: its title and intro, escaped; canonical on its custom URL; article, with its thumbnail for previews', () => {
    const document = head({ pathname: '/blog/7', supportEmail: 's@x', content: { page: 'blogPost', post } });
    expect(document.title).toBe(`${post.title} | Tradelist`);
    expect(document.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('What moved & why');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/blog/wire-prices`);
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${origin}/images2/blog/wire-prices.svg`);
    expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { '@type': string; headline: string };
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: post.title });
  });

  test('the not-found page asks not to be indexed; the others do not', () => {
    expect(head({ pathname: '/nope', supportEmail: 's@x', content: { page: 'notFound' } }).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(head({ pathname: '/faq', supportEmail: 's@x', content: { page: 'faq' } }).querySelector('meta[name="robots"]')).toBeNull();
  });
});
