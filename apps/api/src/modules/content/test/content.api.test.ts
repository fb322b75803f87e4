import { invalidEmailMessage, requiredMessage } from '@tradelist/contract/accounts';
import { blogPostDetail, blogPostsResponse, marketingMessages, setupCallRequestedMessage, newsletterAlreadySubscribedMessage, newsletterLinkInvalidMessage, newsletterMessages, newsletterUnsubscribedMessage } from '@tradelist/contract/content';
import { controlCharacterMessage } from '@tradelist/contract/fields';
import { beforeAll, describe, expect, test } from 'vitest';
import { seedSampleData } from '../../../db/seed.ts';
import { sampleBlogPosts } from '../../../db/sample/blog-posts.ts';
import { electricalGroupMinimums } from '../../../db/sample/electrical-catalog.ts';
import { rateLimitedMessage } from '../../../security/rate-limits.ts';
import { deliverMail, lastMailTo, mailsTo, uniqueAddress, uniqueEmail, type Simulators } from '../../../../test/support/accounts.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { publishPost } from '../services/publish-post.ts';
import { runAdminCommand } from '../../operator/services/run-admin-command.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, async (setup) => {
  ({ t, sims } = setup);
  await seedSampleData(t.database.db, t.clock.now());
});

const client = () => t.client({ remoteAddress: uniqueAddress() });
const hostileMarkdown = 'Hello <script>alert(1)</script> <img src="x" onerror="alert(2)"> [click](javascript:alert(3))';

async function countWhere(table: 'newsletter_subscribers' | 'marketing_signups', email: string): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unsubscribe link's token in the newest newsletter mail to `email`. */
function unsubscribeTokenFor(email: string): string {
  const match = /https?:\/\/[^\s/]+\/newsletter\/unsubscribe\/([A-Za-z0-9_.-]+)/.exec(lastMailTo(sims.smtp, email).text);
  if (!match) throw new Error('no unsubscribe link');
  return match[1]!;
}

describe('GET /api/all_blogs/ and /api/blog_details/{id}/', () => {
  test('lists the five sample posts, newest first, with the fields of product §3.4 (aurther_img spelled so)', async () => {
    const response = await client().get('/api/all_blogs/');
    expect(response.statusCode).toBe(200);
    const posts = blogPostsResponse.parse(response.json());
    expect(posts.map((post) => post.custom_url)).toEqual(sampleBlogPosts.map((post) => post.customUrl));
    expect(Object.keys(posts[0]!).sort()).toEqual(['aurther_img', 'author', 'blog_thumbnail', 'category', 'created_at', 'custom_url', 'id', 'intro', 'title'].sort());
    expect(posts[0]!.aurther_img).toMatch(/^\/images2\/blog\/.+\.svg$/);
  });

  test('a post is found by custom URL and by id, with its paragraphs', async () => {
    const [first] = blogPostsResponse.parse((await client().get('/api/all_blogs/')).json());
    const byUrl = blogPostDetail.parse((await client().get(`/api/blog_details/${first!.custom_url}/`)).json());
    const byId = blogPostDetail.parse((await client().get(`/api/blog_details/${first!.id}/`)).json());
    expect(byId).toEqual(byUrl);
    expect(byUrl.title).toBe(sampleBlogPosts[0]!.title);
    expect(byUrl.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(byUrl.paragraphs[0]!.image).toMatch(/\.svg$/);
  });

  test('unknown, malformed and out-of-range keys: 404 or 400, never a 5xx', async () => {
    expect((await client().get('/api/blog_details/no-such-post/')).statusCode).toBe(404);
    expect((await client().get('/api/blog_details/2147483647/')).statusCode).toBe(404);
    for (const key of ['2147483648', 'Not%20A%20Slug', '-a-', '%3Cscript%3E', '0']) {
      const response = await client().get(`/api/blog_details/${key}/`);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('a draft is not listed or served; the text stays raw markdown on the server (the browser sanitises it)', async () => {
    const db = t.database.db;
    const draft = await db
      .insertInto('blog_posts')
      .values({ custom_url: 'a-draft', title: 'Draft', category: 'x', intro: 'x', author: 'x', author_image: '/a.svg', thumbnail: '/t.svg', paragraphs: '[]', created_at: t.clock.now(), updated_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await client().get(`/api/blog_details/${draft.id}/`)).statusCode).toBe(404);
    expect((await client().get('/api/all_blogs/')).json().map((p: { id: number }) => p.id)).not.toContain(draft.id);

    await publishPost(db, { customUrl: 'hostile-markdown', title: 'Hostile', category: 'Test', intro: 'x', author: 'x', authorImage: '/a.svg', thumbnail: '/t.svg', paragraphs: [{ text: hostileMarkdown }] }, t.clock.now());
    const post = blogPostDetail.parse((await client().get('/api/blog_details/hostile-markdown/')).json());
    expect(post.paragraphs).toEqual([{ text: hostileMarkdown, image: null }]);
  });
});

describe('POST /api/newsletter_email/', () => {
  test('stores the address once, mails one confirmation with an unsubscribe link, and answers a second sign-up kindly', async () => {
    const email = uniqueEmail('news');
    const first = await client().post('/api/newsletter_email/', { email: `  ${email.toUpperCase()} ` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: newsletterMessages.success, subscribed: true });
    const second = await client().post('/api/newsletter_email/', { email });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: newsletterAlreadySubscribedMessage, subscribed: false });
    expect(await countWhere('newsletter_subscribers', email)).toBe(1);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, email)).toHaveLength(1);
    expect(lastMailTo(sims.smtp, email).text).toContain('http://localhost:3000/newsletter/unsubscribe/');
  });

  test('the unsubscribe link unsubscribes once; a forged or altered token is refused; signing up again resubscribes', async () => {
    const email = uniqueEmail('unsub');
    await client().post('/api/newsletter_email/', { email });
    await deliverMail(t);
    const token = unsubscribeTokenFor(email);
    const [id, signature] = token.split('.') as [string, string];

    const forged = [`${Buffer.from('1').toString('base64url')}.${signature}`, `${id}.${'A'.repeat(43)}`, 'junk', `${id}.${signature}x`];
    for (const bad of forged) {
      const response = await client().post('/api/newsletter-unsubscribe/', { token: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'LINK_INVALID', error: newsletterLinkInvalidMessage });
    }
    const row = () => t.database.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect((await row()).unsubscribed_at).toBeNull();

    const done = await client().post('/api/newsletter-unsubscribe/', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: newsletterUnsubscribedMessage });
    expect((await row()).unsubscribed_at).not.toBeNull();
    expect((await client().post('/api/newsletter-unsubscribe/', { token })).statusCode).toBe(200);

    const again = await client().post('/api/newsletter_email/', { email });
    expect(again.json()).toEqual({ message: newsletterMessages.success, subscribed: true });
    expect((await row()).unsubscribed_at).toBeNull();
    expect(await countWhere('newsletter_subscribers', email)).toBe(1);
  });

  test('junk is refused with a field error and stores nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, requiredMessage],
      [{ email: '' }, requiredMessage],
      [{ email: 'not an email' }, invalidEmailMessage],
      [{ email: `${'a'.repeat(250)}@example.com` }, invalidEmailMessage],
      [{ email: 'a@example.com\r\nBcc: victim@example.com' }, invalidEmailMessage],
      [{ email: 42 }, requiredMessage],
    ];
    for (const [body, message] of cases) {
      const response = await client().post('/api/newsletter_email/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields.email).toEqual([message]);
    }
    expect(Number((await t.database.db.selectFrom('newsletter_subscribers').select((eb) => eb.fn.countAll<string>().as('n')).where('email', 'not like', '%@example.com').executeTakeFirstOrThrow()).n)).toBe(0);
  });

  test('rate-limited per address entered and per client (429 with Retry-After)', async () => {
    const email = uniqueEmail('flood');
    const { limit } = t.config.rateLimits.signupFormsPerEmail;
    for (let i = 0; i < limit; i++) expect((await client().post('/api/newsletter_email/', { email })).statusCode).toBe(200);
    const refused = await client().post('/api/newsletter_email/', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: rateLimitedMessage });
    expect(refused.headers['retry-after']).toBeDefined();

    const one = t.client({ remoteAddress: uniqueAddress() });
    const perAddress = t.config.rateLimits.signupFormsPerAddress.limit;
    for (let i = 0; i < perAddress; i++) expect((await one.post('/api/newsletter_email/', { email: uniqueEmail('bulk') })).statusCode).toBe(200);
    expect((await one.post('/api/newsletter_email/', { email: uniqueEmail('bulk') })).statusCode).toBe(429);
  });
});

describe('POST /api/marketing-signup/', () => {
  test('enters the address once and answers product §8.11 success', async () => {
    const email = uniqueEmail('draw');
    for (let i = 0; i < 2; i++) {
      const response = await client().post('/api/marketing-signup/', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: marketingMessages.success });
    }
    expect(await countWhere('marketing_signups', email)).toBe(1);
  });

  test('junk is refused with a field error; floods are rate-limited', async () => {
    const response = await client().post('/api/marketing-signup/', { email: 'x@' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toEqual([invalidEmailMessage]);
    const one = t.client({ remoteAddress: uniqueAddress() });
    const perAddress = t.config.rateLimits.signupFormsPerAddress.limit;
    for (let i = 0; i < perAddress; i++) await one.post('/api/marketing-signup/', { email: uniqueEmail('draw-bulk') });
    expect((await one.post('/api/marketing-signup/', { email: uniqueEmail('draw-bulk') })).statusCode).toBe(429);
  });
});

describe('robots.txt, sitemap.xml and page statuses', () => {
  test('robots.txt allows the site, disallows /dashboard and /api, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Allow: /\n');
    expect(response.body).toContain('Disallow: /dashboard\n');
    expect(response.body).toContain('Disallow: /api/\n');
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  test('sitemap.xml lists the public routes and every published post with its last change', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    for (const page of ['/', '/electrical', '/faq', '/all-blogs', '/marketing']) expect(response.body).toContain(`<loc>http://localhost:3000${page}</loc>`);
    const posts = blogPostsResponse.parse((await client().get('/api/all_blogs/')).json());
    for (const post of posts) {
      const detail = blogPostDetail.parse((await client().get(`/api/blog_details/${post.id}/`)).json());
      expect(response.body).toContain(`<url><loc>http://localhost:3000/blog/${post.custom_url}</loc><lastmod>${detail.updated_at}</lastmod></url>`);
    }
    expect(response.body).not.toContain('a-draft');
    expect(response.body).not.toContain('/dashboard');
  });
});

describe('GET /api/list-groups/{category}/', () => {
  // The sample editions run from September to November 2026: the lists show them once their run date has come.
  beforeAll(() => {
    const target = new Date('2026-11-15T09:00:00Z').getTime();
    if (t.clock.now().getTime() < target) t.clock.advance((target - t.clock.now().getTime()) / 1000);
  });

  test("counts the groups of the electrical list's current edition (the /electrical table)", async () => {
    const response = await client().get('/api/list-groups/electrical/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.edition.collection_id).toBe('ELECTRICAL-2026-11');
    const counts = Object.fromEntries(body.groups.map((g: { name: string; count: number }) => [g.name, g.count]));
    expect(Object.keys(counts).sort()).toEqual(Object.keys(electricalGroupMinimums).sort());
    for (const [name, minimum] of Object.entries(electricalGroupMinimums)) expect(counts[name], name).toBeGreaterThanOrEqual(minimum);
    expect(body.groups.reduce((sum: number, g: { count: number }) => sum + g.count, 0)).toBe(body.edition.item_count);
  });

  test('an announced category without editions has no groups; an unknown one is 404, a malformed one 400', async () => {
    expect((await client().get('/api/list-groups/plumbing/')).json()).toEqual({ edition: null, groups: [] });
    expect((await client().get('/api/list-groups/no-such-list/')).statusCode).toBe(404);
    expect((await client().get('/api/list-groups/Not_A_Slug/')).statusCode).toBe(400);
  });
});

describe('npm run admin -- publish-post <file.json>', () => {
  const file = (post: Record<string, unknown>) => new Map([['post.json', new TextEncoder().encode(JSON.stringify(post))]]);
  const post = {
    custom_url: 'operator-post',
    title: 'A post from the operator',
    category: 'News',
    intro: 'Published from the command line.',
    author: 'Olive Operator',
    author_image: '/images2/blog/author-maria.svg',
    thumbnail: '/images2/blog/csv-excel.svg',
    paragraphs: [{ text: 'First **version**.' }],
  };

  test('publishes a post; the same custom URL replaces its content and keeps its publication date', async () => {
    const admin = { db: t.database.db, clock: t.clock, config: t.config, uploads: t.ctx.uploads };
    const first = await runAdminCommand(admin, ['publish-post', 'post.json'], file(post));
    expect(first).toMatchObject({ exitCode: 0 });
    expect(first.output).toMatch(/^Published "A post from the operator" at \/blog\/operator-post \(id \d+\)\.\n$/);
    const before = blogPostDetail.parse((await client().get('/api/blog_details/operator-post/')).json());
    t.clock.advance(60);
    expect((await runAdminCommand(admin, ['publish-post', 'post.json'], file({ ...post, paragraphs: [{ text: 'Second version.', image: '/images2/blog/csv-excel.svg' }] }))).exitCode).toBe(0);
    const after = blogPostDetail.parse((await client().get('/api/blog_details/operator-post/')).json());
    expect(after).toMatchObject({ id: before.id, created_at: before.created_at, paragraphs: [{ text: 'Second version.', image: '/images2/blog/csv-excel.svg' }] });
    expect(after.updated_at > before.updated_at).toBe(true);
  });

  test('refuses a file that is not a post, with the reasons, and stores nothing', async () => {
    const admin = { db: t.database.db, clock: t.clock, config: t.config, uploads: t.ctx.uploads };
    const bad = await runAdminCommand(admin, ['publish-post', 'post.json'], file({ ...post, custom_url: '123', thumbnail: 'javascript:alert(1)' }));
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('custom_url: Use lower-case words joined by hyphens, not only digits.');
    expect(bad.output).toContain('thumbnail: Use a path on this site');
    const notJson = await runAdminCommand(admin, ['publish-post', 'post.json'], new Map([['post.json', new TextEncoder().encode('{')]]));
    expect(notJson).toEqual({ exitCode: 1, output: 'post.json was not published:\n  The file is not valid JSON.\n' });
  });
});

describe('POST /api/setup-call-requests/', () => {
  test('stores the request and mails it to SUPPORT_EMAIL, the visitor text escaped', async () => {
    const email = uniqueEmail('setup');
    const response = await client().post('/api/setup-call-requests/', { name: 'Ann <b>Electric</b>', email, phone: '555-123-4567', preferred_time: 'Tuesday morning' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: setupCallRequestedMessage });
    const row = await t.database.db.selectFrom('setup_call_requests').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ann <b>Electric</b>', phone: '555-123-4567', preferred_time: 'Tuesday morning' });
    await deliverMail(t);
    const mail = mailsTo(sims.smtp, t.config.supportEmail).find((message) => message.text.includes(email));
    expect(mail?.subject).toBe('New setup call request');
    expect(mail?.text).toContain('Preferred time: Tuesday morning');
    expect(mail?.html).toContain('Ann &lt;b&gt;Electric&lt;/b&gt;');
  });

  test('the phone is optional; junk is refused with field errors and stores nothing', async () => {
    const ok = await client().post('/api/setup-call-requests/', { name: 'Bo', email: uniqueEmail('setup-nophone'), phone: '', preferred_time: 'Any afternoon' });
    expect(ok.statusCode).toBe(201);
    const before = await t.database.db.selectFrom('setup_call_requests').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const bad = await client().post('/api/setup-call-requests/', { name: '', email: 'nope', phone: '12345', preferred_time: 'x\r\nBcc: a@b.c' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: [requiredMessage],
      email: [invalidEmailMessage],
      phone: ['Please enter a valid phone number (e.g., 123-456-7890)'],
      preferred_time: [controlCharacterMessage],
    });
    const after = await t.database.db.selectFrom('setup_call_requests').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  test('rate-limited per client', async () => {
    const one = t.client({ remoteAddress: uniqueAddress() });
    const perAddress = t.config.rateLimits.signupFormsPerAddress.limit;
    for (let i = 0; i < perAddress; i++) expect((await one.post('/api/setup-call-requests/', { name: 'C', email: uniqueEmail('setup-bulk'), preferred_time: 'Now' })).statusCode).toBe(201);
    expect((await one.post('/api/setup-call-requests/', { name: 'C', email: uniqueEmail('setup-bulk'), preferred_time: 'Now' })).statusCode).toBe(429);
  });
});

describe('GET /api/config/ booking_url', () => {
  test('null without BOOKING_URL: the app shows its request form', async () => {
    expect((await client().get('/api/config/')).json().booking_url).toBeNull();
  });
});
