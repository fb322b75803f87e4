import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, test } from 'vitest';
import { seedSampleData } from '../src/db/seed.ts';
import { sampleBlogPosts } from '../src/db/sample/blog-posts.ts';
import { publishPost } from '../src/modules/content/services/publish-post.ts';
import { setUpApiTest } from './support/api-test.ts';
import { uniqueAddress } from './support/accounts.ts';
import type { TestApp } from './support/test-app.ts';

// The single-page app's page, standing in for the build: the site's pages never use it.
const SPA_HTML = '<!doctype html><html><head><title>Tradelist app</title></head><body><div id="root"></div></body></html>';
const webDist = mkdtempSync(path.join(tmpdir(), 'tradelist-web-'));
writeFileSync(path.join(webDist, 'index.html'), SPA_HTML);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

let t: TestApp;
setUpApiTest({ site: true, env: { WEB_DIST_DIR: webDist, APP_URL: 'https://tradelist.example' } }, async (setup) => {
  ({ t } = setup);
  await seedSampleData(t.database.db, t.clock.now());
  // The sample editions run from September to November 2026: /electrical shows one once its run date has come.
  const target = new Date('2026-11-15T09:00:00Z').getTime();
  if (t.clock.now().getTime() < target) t.clock.advance((target - t.clock.now().getTime()) / 1000);
});

const origin = 'https://tradelist.example';
const firstPost = sampleBlogPosts[0]!;

async function get(url: string) {
  return t.client({ remoteAddress: uniqueAddress() }).get(url);
}

/** The page as a browser without JavaScript reads it. */
function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

const meta = (document: Document, selector: string) => document.querySelector(selector)?.getAttribute('content');

/** The public pages with what each must say before any script runs (product §2.2). */
const pages = [
  { path: '/', title: 'Tradelist | Contractor price lists updated monthly', heading: 'Accurate contractor price lists, updated monthly', text: 'Simple plans, no hidden fees', ld: ['Organization', 'Product'] },
  { path: '/electrical', title: 'Electrical price list | Tradelist', heading: 'The electrical price list, updated monthly', text: 'Conduit Fittings', ld: ['Organization'] },
  { path: '/faq', title: 'FAQ | Tradelist', heading: 'Frequently asked questions', text: 'How often are the price lists updated?', ld: ['FAQPage', 'Organization'] },
  { path: '/all-blogs', title: 'Blog | Tradelist', heading: 'Pricing, materials and the business of contracting', text: firstPost.title, ld: ['Organization'] },
  { path: `/blog/${firstPost.customUrl}`, title: `${firstPost.title} | Tradelist`, heading: firstPost.title, text: firstPost.intro, ld: ['BlogPosting'] },
  { path: '/marketing', title: 'Win a free year | Tradelist', heading: 'Win a free year of Tradelist', text: 'Enter the draw', ld: ['Organization'] },
];

describe('the public site is rendered by the server', () => {
  test.each(pages)('$path: its content, title, description, canonical link, Open Graph, Twitter card and JSON-LD are in the HTML', async (page) => {
    const response = await get(page.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const document = parse(response.body);
    expect(document.title).toBe(page.title);
    expect(document.querySelectorAll('title')).toHaveLength(1);
    const description = meta(document, 'meta[name="description"]');
    expect(description?.length).toBeGreaterThan(40);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}${page.path === '/' ? '/' : page.path}`);
    expect(meta(document, 'meta[property="og:title"]')).toBe(page.title);
    expect(meta(document, 'meta[property="og:description"]')).toBe(description);
    expect(meta(document, 'meta[property="og:url"]')).toBe(`${origin}${page.path}`);
    expect(meta(document, 'meta[name="twitter:card"]')).toMatch(/^summary/);
    expect(meta(document, 'meta[name="twitter:title"]')).toBe(page.title);
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((element) => (JSON.parse(element.textContent ?? '') as { '@type': string })['@type']);
    expect(ld).toEqual(page.ld);
    expect(document.querySelector('main h1')?.textContent).toBe(page.heading);
    expect(document.querySelector('main')?.textContent).toContain(page.text);
  });

  test('the pages description differ from one page to the next', async () => {
    const descriptions = await Promise.all(pages.map(async (page) => meta(parse((await get(page.path)).body), 'meta[name="description"]')));
    expect(new Set(descriptions).size).toBe(pages.length);
  });

  test('no page carries an executable inline script (the CSP forbids them): data blocks and the module entry only', async () => {
    for (const page of pages) {
      const document = parse((await get(page.path)).body);
      for (const script of document.querySelectorAll('script')) {
        const type = script.getAttribute('type');
        const isData = type === 'application/json' || type === 'application/ld+json';
        expect(isData || (type === 'module' && script.hasAttribute('src') && script.textContent === ''), `${page.path}: ${script.outerHTML.slice(0, 80)}`).toBe(true);
      }
    }
  });

  test('/: the plans on sale are in the pricing cards and in the product JSON-LD', async () => {
    const document = parse((await get('/')).body);
    const product = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((element) => JSON.parse(element.textContent ?? '') as { '@type': string; offers?: Array<{ name: string; price: string }> })
      .find((block) => block['@type'] === 'Product');
    expect(product?.offers?.length).toBeGreaterThan(0);
    const pricing = document.getElementById('pricing');
    for (const offer of product!.offers!) expect(pricing?.textContent).toContain(offer.name);
    // Before purchase, each paid plan's card gives its download maximum (the sample annual plan's is 120).
    const plans = (await get('/api/subscription-plans/')).json() as Array<{ name: string; is_free: boolean; download_max: number }>;
    const cards = [...(pricing?.querySelectorAll('article') ?? [])];
    expect(cards).toHaveLength(plans.length);
    for (const plan of plans) {
      const card = cards.find((article) => article.querySelector('h3')?.textContent === plan.name);
      expect(card, plan.name).toBeDefined();
      expect(card!.textContent?.includes('price-list downloads a year'), plan.name).toBe(!plan.is_free);
    }
    const annual = cards.find((article) => article.querySelector('h3')?.textContent === plans.find((plan) => !plan.is_free)!.name)!;
    expect(annual.textContent).toContain('Up to 120 price-list downloads a year; each edition counts once, in any format or layout');
    expect([...document.querySelectorAll('main h2')].map((heading) => heading.textContent)).toContain('Material prices and pricing tips, once a month');
  });

  test('the email forms of / and /marketing post, and their buttons wait for the page script: an address never lands in a URL', async () => {
    for (const url of ['/', '/marketing']) {
      const document = parse((await get(url)).body);
      const forms = [...document.querySelectorAll('form')].filter((form) => form.querySelector('input[type="email"]'));
      expect(forms.length, url).toBeGreaterThan(0);
      for (const form of forms) {
        expect(form.getAttribute('method'), url).toBe('post');
        expect(form.querySelector('button[type="submit"]')?.hasAttribute('disabled'), url).toBe(true);
      }
    }
  });

  test('/faq: the 12 questions are in the HTML as closed accordion buttons, and in its FAQPage JSON-LD', async () => {
    const document = parse((await get('/faq')).body);
    const buttons = [...document.querySelectorAll('main button[aria-expanded]')];
    expect(buttons).toHaveLength(12);
    expect(buttons.every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
    const faqLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { mainEntity: Array<{ name: string }> };
    expect(faqLd.mainEntity.map((entry) => entry.name)).toEqual(buttons.map((button) => button.textContent));
  });

  test('/electrical: the group counts of the current edition are in the table', async () => {
    const document = parse((await get('/electrical')).body);
    const rows = [...document.querySelectorAll('main table tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['Conduit Fittings', expect.stringMatching(/^\d[\d,]*\+?$/)]);
    expect(rows.length).toBeGreaterThanOrEqual(7);
  });

  test('/all-blogs: a card per published post, linking to its custom URL', async () => {
    const document = parse((await get('/all-blogs')).body);
    const links = [...document.querySelectorAll('main h2 a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(expect.arrayContaining(sampleBlogPosts.map((post) => [post.title, `/blog/${post.customUrl}`])));
  });

  test('a post: its title, author and body text as rich text; by id too, with the canonical link on its custom URL', async () => {
    const byUrl = parse((await get(`/blog/${firstPost.customUrl}`)).body);
    expect(byUrl.querySelector('article h1')?.textContent).toBe(firstPost.title);
    expect(byUrl.querySelector('article')?.textContent).toContain(firstPost.author);
    expect(byUrl.querySelector('article table')).not.toBeNull();
    const row = await t.database.db.selectFrom('blog_posts').select('id').where('custom_url', '=', firstPost.customUrl).executeTakeFirstOrThrow();
    const byId = await get(`/blog/${row.id}`);
    expect(byId.statusCode).toBe(200);
    expect(parse(byId.body).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/blog/${firstPost.customUrl}`);
  });

  test('a post published now is served at once, with its own title and description', async () => {
    await publishPost(t.database.db, { customUrl: 'fresh-post-on-breakers', title: 'Fresh post on breakers', category: 'Materials', intro: 'A post the operator just published, about breaker prices this month.', author: 'Dana', authorImage: '/images2/blog/author-james.svg', thumbnail: '/images2/blog/csv-excel.svg', paragraphs: [{ text: 'Breaker prices **held** this month.' }] }, t.clock.now());
    const document = parse((await get('/blog/fresh-post-on-breakers')).body);
    expect(document.title).toBe('Fresh post on breakers | Tradelist');
    expect(meta(document, 'meta[name="description"]')).toBe('A post the operator just published, about breaker prices this month.');
    expect(document.querySelector('article strong')?.textContent).toBe('held');
    expect(parse((await get('/all-blogs')).body).querySelector('main h2 a')?.textContent).toBe('Fresh post on breakers');
  });

  test('a hostile post is sanitised in the HTML: no script, no on* attribute, no javascript: link; the embedded state cannot be closed', async () => {
    const title = 'Hostile </script><script>alert(1)</script> post \u2028';
    await publishPost(
      t.database.db,
      {
        customUrl: 'hostile-post-html',
        title,
        category: 'Test',
        intro: 'A post that tries to run script.',
        author: 'Mallory',
        authorImage: '/images2/blog/author-james.svg',
        thumbnail: '/images2/blog/csv-excel.svg',
        paragraphs: [
          { text: 'Hello <script>window.pwned = 1</script> **bold**' },
          { text: '<img src="/images2/x.png" onerror="window.pwned = 2"> <svg onload="window.pwned = 3"></svg> <a href="/faq" onclick="window.pwned = 4">faq</a>' },
          { text: '[click me](javascript:window.pwned=5) <a href="JaVaScRiPt:window.pwned=6">or me</a>' },
        ],
      },
      t.clock.now(),
    );
    const response = await get('/blog/hostile-post-html');
    expect(response.statusCode).toBe(200);
    const document = parse(response.body);
    const scripts = [...document.querySelectorAll('script')].map((script) => script.getAttribute('type'));
    expect(scripts.every((type) => type === 'application/json' || type === 'application/ld+json' || type === 'module')).toBe(true);
    const article = document.querySelector('article')!;
    expect(article.querySelector('strong')?.textContent).toBe('bold');
    expect(article.querySelectorAll('script, svg')).toHaveLength(0);
    const attributes = [...article.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    const hrefs = [...article.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(document.querySelector('article h1')?.textContent).toBe(title);
    const state = JSON.parse(document.getElementById('site-state')?.textContent ?? '{}') as { content: { post: { title: string } } };
    expect(state.content.post.title).toBe(title);
    expect(response.body).not.toContain('</script><script>alert(1)');
  });

  test('unknown paths and unpublished posts: 404 with the not-found page, its title and no indexing', async () => {
    for (const url of ['/no-such-page', '/blog/no-such-post', '/blog/987654', '/blog/2147483648', '/blog/0', '/blog/Not-A-Slug', '/faq/extra', '/dashboard/settings/extra']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const document = parse(response.body);
      expect(document.title, url).toBe('Page not found | Tradelist');
      expect(document.querySelector('main h1')?.textContent, url).toBe('Page not found');
      expect(meta(document, 'meta[name="robots"]'), url).toBe('noindex');
      expect(meta(document, 'meta[name="description"]'), url).toBeTruthy();
      expect(document.querySelector('script[type="application/ld+json"]'), url).not.toBeNull();
    }
  });

  test('a page is sent compressed to a browser that accepts it: Brotli first, else gzip', async () => {
    const plain = await get('/faq');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const brotli = await t.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  test("the app's own routes still get the single-page app's page with 200", async () => {
    for (const url of ['/login', '/register', '/dashboard', '/dashboard/settings', '/reset-password/abc/def', '/book-setup-call', '/newsletter/unsubscribe/abc.def', '/operator']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SPA_HTML);
    }
  });
});
