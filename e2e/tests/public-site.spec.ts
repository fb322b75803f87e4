import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/inbox.ts';
import { expectToast } from '../support/toasts.ts';
import { sampleBlogPosts } from '../../apps/api/src/db/sample/blog-posts.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const firstPost = { url: 'pricing-electrical-jobs-with-markups-by-band', title: 'Pricing electrical jobs with markups by price band' };
/** The sample posts, newest first (the sample data's blog posts). */
const samplePosts = [...sampleBlogPosts].sort((a, b) => a.daysAgo - b.daysAgo);

/** The public pages, the main heading and the main content each must show (product §2.2), and the page of an unknown path. */
const pages: Array<{ path: string; heading: string; status?: number; content: (page: Page) => Locator }> = [
  { path: '/', heading: 'Accurate contractor price lists, updated monthly', content: (page) => page.getByRole('link', { name: 'Get started with the Annual plan' }) },
  { path: '/electrical', heading: 'The electrical price list, updated monthly', content: (page) => page.getByRole('main').getByRole('row', { name: /Conduit Fittings 300\+/ }) },
  { path: '/faq', heading: 'Frequently asked questions', content: (page) => page.getByRole('button', { name: 'How often are the price lists updated?' }) },
  { path: '/all-blogs', heading: 'Pricing, materials and the business of contracting', content: (page) => page.getByRole('main').getByRole('link', { name: firstPost.title }) },
  { path: `/blog/${firstPost.url}`, heading: firstPost.title, content: (page) => page.locator('article table') },
  { path: '/marketing', heading: 'Win a free year of Tradelist', content: (page) => page.getByRole('button', { name: 'Enter the draw' }) },
  { path: '/book-setup-call', heading: 'Book a setup call', content: (page) => page.getByRole('button', { name: 'Request a setup call' }) },
  { path: '/no-such-page', heading: 'Page not found', status: 404, content: (page) => page.getByRole('main').getByRole('link', { name: 'Back to home' }) },
];

/**
 * Runs `npm run admin -- <args>` against the test server: the CLI finds it through
 * DATA_DIR/server.json (the server's data directory holds E2E_SERVER_LOG).
 */
function admin(...args: string[]): string {
  const dataDir = path.dirname(process.env.E2E_SERVER_LOG!);
  const result = spawnSync('node', ['apps/api/dist/cli.js', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: process.env.E2E_BASE_URL, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    for (const { path: pagePath, heading, status, content } of pages) {
      test(`${pagePath} renders its content`, async ({ page }, testInfo) => {
        const response = await page.goto(pagePath);
        expect(response?.status()).toBe(status ?? 200);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(content(page)).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`${pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '-')}-${width}.png`), fullPage: true });
      });
    }
  });
}

test('the landing page has its sections in order, the JSON-LD of the organisation and the plans, and links to the blog and the FAQ', async ({ page }) => {
  await page.goto('/');
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings.last()).toHaveText('Material prices and pricing tips, once a month');
  const order = await headings.allTextContents();
  const expected = ['Works with the software you already use', 'Your accurate contractor price manager', 'From sign-up to priced quotes in 7 steps', 'See Tradelist at work', 'Simple plans, no hidden fees', 'What contractors get out of it', 'Contractors who price with Tradelist', 'Learn Everything About Us', 'Material prices and pricing tips, once a month'];
  expect(order.filter((text) => expected.includes(text))).toEqual(expected);

  await expect.poll(async () => (await page.locator('script[type="application/ld+json"]').allTextContents()).length).toBe(2);
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(blocks.map((block) => block['@type']).sort()).toEqual(['Organization', 'Product']);
  const product = blocks.find((block) => block['@type'] === 'Product') as { offers: Array<{ name: string; price: string }> };
  expect(product.offers).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Annual plan', price: '420.00' })]));

  const learn = page.getByRole('region', { name: 'Learn Everything About Us' });
  await learn.getByRole('link', { name: /Blog/ }).click();
  await expect(page).toHaveURL(/\/all-blogs$/);
  await page.goBack();
  await page.getByRole('region', { name: 'Learn Everything About Us' }).getByRole('link', { name: /FAQ/ }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test("the landing page's videos: the guide's walkthroughs with posters, captions and titles, loaded only when played", async ({ page }) => {
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user-guide-videos\/\d+\/video\/$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
  });
  const posters: Array<{ url: string; status: number; type: string }> = [];
  page.on('response', (response) => {
    if (/\/api\/user-guide-videos\/\d+\/poster\/$/.test(new URL(response.url()).pathname)) posters.push({ url: new URL(response.url()).pathname, status: response.status(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto('/');
  const section = page.getByRole('region', { name: 'See Tradelist at work' });
  const videos = section.locator('video');
  await expect(videos).toHaveCount(2);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Set your markups and download a price list', 'Sync an edition to QuickBooks Online or Jobber']);

  for (const video of await videos.all()) {
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('controls', '');
    // Width and height hold a 16:9 box before the poster arrives.
    await expect(video).toHaveAttribute('width', '640');
    await expect(video).toHaveAttribute('height', '360');
    const box = (await video.boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
    const title = await video.getAttribute('aria-label');
    expect(title).toBeTruthy();
    await expect(video).toHaveAccessibleName(title!);
    await expect(video.locator('track[kind="captions"][srclang="en"]')).toHaveAttribute('src', /\/captions\/$/);

    const poster = await page.request.get((await video.getAttribute('poster'))!);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/webp');
    const source = (await video.locator('source').getAttribute('src'))!;
    const start = await page.request.get(source, { headers: { range: 'bytes=0-1023' } });
    expect(start.status()).toBe(206);
    expect(start.headers()['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
  }
  await page.waitForLoadState('networkidle');
  // preload="none": a visit downloads the posters only, and the page shows them.
  expect(videoRequests).toEqual([]);
  expect(posters.map((poster) => poster.url).sort()).toEqual((await videos.evaluateAll((elements) => elements.map((video) => video.getAttribute('poster')))).sort());
  for (const poster of posters) expect(poster).toMatchObject({ status: 200, type: 'image/webp' });

  const first = videos.first();
  const answered: number[] = [];
  page.on('response', (response) => {
    if (/\/video\/$/.test(new URL(response.url()).pathname)) answered.push(response.status());
  });
  await first.scrollIntoViewIfNeeded();
  await first.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect.poll(() => first.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  expect(await first.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(5);
  await first.evaluate((video: HTMLVideoElement) => video.pause());
  expect(answered.length).toBeGreaterThan(0);
  for (const status of answered) expect([200, 206]).toContain(status);
});

test.describe('the feedback slider', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('its dots follow the scroll, and dots, keys and swipes move it', async ({ page }) => {
    await page.goto('/');
    const track = page.getByRole('list', { name: /Customer feedback/ });
    await track.scrollIntoViewIfNeeded();
    const dots = page.getByRole('group', { name: 'Choose the feedback to show' }).getByRole('button');
    await expect(dots).toHaveCount(8);
    const current = page.getByRole('group', { name: 'Choose the feedback to show' }).locator('[aria-current="true"]');
    await expect(current).toHaveAccessibleName('Show feedback 1 of 8');

    await dots.nth(3).click();
    await expect(current).toHaveAccessibleName('Show feedback 4 of 8');

    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAccessibleName('Show feedback 5 of 8');
    await page.keyboard.press('End');
    await expect(current).toHaveAccessibleName('Show feedback 8 of 8');
    await page.keyboard.press('Home');
    await expect(current).toHaveAccessibleName('Show feedback 1 of 8');

    // A swipe scrolls the track natively; the dots follow its position.
    await track.evaluate((element) => element.scrollTo({ left: element.clientWidth * 2 + 40, behavior: 'instant' }));
    await expect(current).toHaveAccessibleName('Show feedback 3 of 8');
  });
});

test('the FAQ is an accordion that works with the keyboard, and its JSON-LD lists the 12 questions', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.locator('main button[aria-expanded]');
  await expect(questions).toHaveCount(12);
  for (const question of await questions.all()) await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Every month. Each monthly release')).toBeHidden();

  await questions.first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'How often are the price lists updated?' })).toContainText('Every month.');
  await page.keyboard.press('Space');
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(questions.nth(11)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(0)).toBeFocused();

  const ld = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent() ?? '{}') as { '@type': string; mainEntity: Array<{ name: string }> };
  expect(ld['@type']).toBe('FAQPage');
  expect(ld.mainEntity.map((entry) => entry.name)).toEqual(await questions.allTextContents());
  await expect(page.getByRole('link', { name: 'Sign up' }).last()).toHaveAttribute('href', '/register');
});

test('/electrical shows the groups of the current edition with their counts', async ({ page }) => {
  await page.goto('/electrical');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(8);
  const table = await rows.evaluateAll((elements) => elements.slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent)));
  expect(table).toEqual([
    ['Conduit Fittings', '300+'],
    ['Wires', '200+'],
    ['Breakers', '100+'],
    ['Breaker Boxes', '50+'],
    ['Junction Boxes', '75+'],
    ['Wiring Accessories', '150+'],
    ['Covers & Devices', '125+'],
  ]);
  await expect(page.getByRole('link', { name: 'Book a setup call: 40% off' }).first()).toBeVisible();
});

test('the blog: cards link to posts by custom URL; a post sets the title and description, goes back, and an unknown post is a 404', async ({ page }) => {
  await page.goto('/all-blogs');
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards.first()).toBeVisible();
  // The five sample posts, newest first; posts the operator published in other tests come before them.
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  const titles = await cards.getByRole('heading').allTextContents();
  const samplePositions = samplePosts.map((post) => titles.indexOf(post.title));
  expect(samplePositions.every((position) => position >= 0)).toBe(true);
  expect(samplePositions).toEqual([...samplePositions].sort((a, b) => a - b));
  const firstCard = cards.filter({ has: page.getByRole('heading', { name: firstPost.title, exact: true }) });
  await expect(firstCard.getByRole('link')).toHaveAttribute('href', `/blog/${firstPost.url}`);
  await page.getByRole('link', { name: firstPost.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${firstPost.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstPost.title);
  await expect(page).toHaveTitle(`${firstPost.title} | Tradelist`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^One flat markup overcharges/);
  await expect(page.locator('article table')).toBeVisible();
  await expect(page.getByText('Maria Lopez')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login');
  await expect(page.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveCount(4);
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/all-blogs$/);

  const missing = await page.goto('/blog/no-such-post');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a hostile post renders inert: no script runs, no handler, no javascript: link', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradelist-post-'));
  const file = path.join(dir, 'post.json');
  writeFileSync(
    file,
    JSON.stringify({
      custom_url: 'hostile-markdown-test',
      title: 'Hostile markdown',
      category: 'Test',
      intro: 'A post that tries to run script.',
      author: 'Mallory',
      author_image: '/images2/blog/author-james.svg',
      thumbnail: '/images2/blog/csv-excel.svg',
      paragraphs: [
        { text: 'Hello <script>window.__pwned = "script"</script> **bold**' },
        { text: '<img src="/images2/blog/nope.png" onerror="window.__pwned = \'onerror\'"> <svg onload="window.__pwned = \'svg\'"></svg>' },
        { text: '[click me](javascript:window.__pwned=\'link\') <a href="javascript:window.__pwned=\'a\'">or me</a> <a href="/faq" onclick="window.__pwned=\'click\'">faq</a>' },
      ],
    }),
  );
  expect(admin('publish-post', file)).toContain('Published "Hostile markdown" at /blog/hostile-markdown-test');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/blog/hostile-markdown-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Hostile markdown' })).toBeVisible();
  await expect(page.locator('article strong')).toHaveText('bold');
  const article = page.locator('article');
  await expect(article.locator('script')).toHaveCount(0);
  await expect(article.locator('svg')).toHaveCount(0);
  expect(await article.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  for (const href of await article.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
    expect(href).not.toMatch(/^\s*javascript:/i);
  }
  await page.getByText('click me').click();
  await page.getByText('or me').click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('newsletter: empty email, success, a second sign-up answered kindly, the confirmation mail and its unsubscribe page', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('region', { name: 'Material prices and pricing tips, once a month' });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Please enter an email address')).toBeVisible();

  await form.getByLabel('Your email').fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Enter a valid email address.');

  const email = uniqueEmail('newsletter');
  await form.getByLabel('Your email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Successfully subscribed to our newsletter!');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText('You are already subscribed to our newsletter. Thank you for reading!');

  const mail = await waitForMail(email, 'You are subscribed to the Tradelist newsletter');
  const link = linkIn(mail, '/newsletter/unsubscribe/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText('You have been unsubscribed from the Tradelist newsletter. You will not receive it any more.');
});

test('marketing: empty email, the button disabled while sending, success, and the server message for a bad address', async ({ page }) => {
  await page.goto('/marketing');
  const button = page.getByRole('button', { name: 'Enter the draw' });
  await button.click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  // Hold the request on its way to the server, to see the form while it is being sent.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/marketing-signup/', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Email').fill(uniqueEmail('draw'));
  await button.click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  release();
  await expectToast(page, 'Thanks for signing up for free trial');
  await expect(page.getByRole('button', { name: 'Enter the draw' })).toBeEnabled();

  await page.getByLabel('Email').fill('someone@');
  await page.getByRole('button', { name: 'Enter the draw' }).click();
  await expectToast(page, 'Enter a valid email address.');
});

test('robots.txt and sitemap.xml are served by the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /dashboard');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain(`/blog/${firstPost.url}</loc><lastmod>`);
  expect(xml).toContain('/faq</loc>');
});

test('the setup call: the hero links to it, and without a scheduling page the request form reaches support', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Book a setup call: 40% off' }).first().click();
  await expect(page).toHaveURL(/\/book-setup-call$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a setup call' })).toBeVisible();

  await page.getByRole('button', { name: 'Request a setup call' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByLabel('Phone (optional)').fill('12345');
  await page.getByRole('button', { name: 'Request a setup call' }).click();
  await expect(page.getByText('Please enter a valid phone number (e.g., 123-456-7890)')).toBeVisible();

  const email = uniqueEmail('setup-call');
  await page.getByLabel('Name').fill('Ann Electric');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('555-123-4567');
  await page.getByLabel('Preferred time').fill('Tuesday 9am Pacific');
  await page.getByRole('button', { name: 'Request a setup call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks! We will email you within one business day to confirm your setup call.' })).toBeVisible();
  const config = (await (await page.request.get('/api/config/')).json()) as { support_email: string };
  const mail = await waitForMail(config.support_email, 'New setup call request');
  expect(mail.text).toContain(`Email: ${email}`);
  expect(mail.text).toContain('Preferred time: Tuesday 9am Pacific');
});
