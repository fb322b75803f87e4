import { api } from '@tradelist/contract/api';
import { customUrlMessage } from '@tradelist/contract/operator-content';
import { expect, test } from 'vitest';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { auditEntriesOf, operatorClientFor } from '../../../../test/support/operator-client.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { customUrlTakenMessage } from '../../content/services/publish-post.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const calls = api.operator;
const post = {
  custom_url: 'pricing-tips-2026',
  title: 'Five pricing tips for 2026',
  category: 'Pricing',
  intro: 'How to keep your markups honest when copper moves.',
  author: 'Sam Rivera',
  author_image: '/images2/blog/author-sam.svg',
  thumbnail: '/images2/blog/pricing.svg',
  paragraphs: [{ text: '## Watch copper\n\nWire prices follow **copper**.', image: null }],
  status: 'draft',
} as const;

test('a draft is listed for the operator only; publishing puts it on the blog and in the sitemap, and each step is audited', async () => {
  const { client, actor } = await operatorClientFor(t, fixture, 'blog');
  const created = await client.post(calls.createBlogPost.path, post);
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json();
  expect(draft).toMatchObject({ custom_url: 'pricing-tips-2026', status: 'draft', published_at: null, paragraphs: post.paragraphs });

  expect(((await client.get(calls.blogPosts.path)).json() as Array<{ id: number }>).map((p) => p.id)).toContain(draft.id);
  expect(((await client.get('/api/all_blogs/')).json() as Array<{ id: number }>).map((p) => p.id)).not.toContain(draft.id);
  expect((await client.get('/api/blog_details/pricing-tips-2026/')).statusCode).toBe(404);

  t.clock.advance(3600);
  const published = await client.request('PUT', `/api/operator/blog-posts/${draft.id}/`, { body: { ...post, status: 'published', title: 'Six pricing tips for 2026' } });
  expect(published.statusCode, published.body).toBe(200);
  expect(published.json()).toMatchObject({ status: 'published', title: 'Six pricing tips for 2026', published_at: t.clock.now().toISOString() });
  const detail = await client.get('/api/blog_details/pricing-tips-2026/');
  expect(detail.statusCode).toBe(200);
  expect(detail.json()).toMatchObject({ title: 'Six pricing tips for 2026', paragraphs: [{ text: post.paragraphs[0].text, image: null }] });
  expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('/blog/pricing-tips-2026');

  // Back to draft: off the blog; published again later, it keeps its first publication date.
  const firstPublished = published.json().published_at as string;
  await client.request('PUT', `/api/operator/blog-posts/${draft.id}/`, { body: { ...post, status: 'draft' } });
  expect((await client.get('/api/blog_details/pricing-tips-2026/')).statusCode).toBe(404);
  t.clock.advance(3600);
  const again = (await client.request('PUT', `/api/operator/blog-posts/${draft.id}/`, { body: { ...post, status: 'published' } })).json();
  expect(again.published_at).toBe(firstPublished);

  const entries = await auditEntriesOf(t, 'blog_post', draft.id);
  expect(entries.map((e) => e.action)).toEqual(['blog_post.create', 'blog_post.update', 'blog_post.update', 'blog_post.update']);
  expect(entries[0]).toMatchObject({ operator_email: actor.email, before: null, after: { custom_url: 'pricing-tips-2026', status: 'draft' } });
  expect(entries[1]).toMatchObject({ before: { status: 'draft', title: 'Five pricing tips for 2026' }, after: { status: 'published', title: 'Six pricing tips for 2026' } });
});

test('deleting a post takes it off the blog at once and is audited; deleting it again is a 404', async () => {
  const { client } = await operatorClientFor(t, fixture, 'blog-delete');
  const created = (await client.post(calls.createBlogPost.path, { ...post, custom_url: 'to-be-deleted', status: 'published' })).json();
  expect((await client.get('/api/blog_details/to-be-deleted/')).statusCode).toBe(200);
  const removed = await client.request('DELETE', `/api/operator/blog-posts/${created.id}/`);
  expect(removed.statusCode).toBe(204);
  expect((await client.get('/api/blog_details/to-be-deleted/')).statusCode).toBe(404);
  expect((await client.request('DELETE', `/api/operator/blog-posts/${created.id}/`)).statusCode).toBe(404);
  const entries = await auditEntriesOf(t, 'blog_post', created.id);
  expect(entries.at(-1)).toMatchObject({ action: 'blog_post.delete', before: { custom_url: 'to-be-deleted', status: 'published' }, after: null });
});

test("a custom URL is refused unless it is lower-case words joined by hyphens, not only digits, and not another post's", async () => {
  const { client } = await operatorClientFor(t, fixture, 'blog-urls');
  for (const customUrl of ['Pricing-Tips', 'pricing tips', 'pricing--tips', '-pricing', '2026', '../admin', 'a'.repeat(121)]) {
    const response = await client.post(calls.createBlogPost.path, { ...post, custom_url: customUrl });
    expect(response.statusCode, customUrl).toBe(400);
    expect(Object.keys(response.json().fields), customUrl).toEqual(['custom_url']);
  }
  expect((await client.post(calls.createBlogPost.path, { ...post, custom_url: 'Bad Url' })).json().fields.custom_url).toEqual([customUrlMessage]);

  const first = (await client.post(calls.createBlogPost.path, { ...post, custom_url: 'only-once' })).json();
  const second = await client.post(calls.createBlogPost.path, { ...post, custom_url: 'only-once' });
  expect(second.statusCode).toBe(400);
  expect(second.json().fields).toEqual({ custom_url: [customUrlTakenMessage] });
  const other = (await client.post(calls.createBlogPost.path, { ...post, custom_url: 'another-one' })).json();
  expect((await client.request('PUT', `/api/operator/blog-posts/${other.id}/`, { body: { ...post, custom_url: 'only-once' } })).statusCode).toBe(400);
  expect((await client.request('PUT', `/api/operator/blog-posts/${first.id}/`, { body: { ...post, custom_url: 'only-once', title: 'Kept URL' } })).statusCode).toBe(200);

  const externalImage = await client.post(calls.createBlogPost.path, { ...post, custom_url: 'external-image', thumbnail: 'javascript:alert(1)' });
  expect(Object.keys(externalImage.json().fields)).toEqual(['thumbnail']);
  expect((await client.post(calls.createBlogPost.path, { ...post, custom_url: 'no-text', paragraphs: [] })).statusCode).toBe(400);
  expect((await client.request('PUT', '/api/operator/blog-posts/999999/', { body: post })).statusCode).toBe(404);
});

test("the command line's publish-post goes through the same service and is audited as the command line", async () => {
  const { publishPostAsOperator } = await import('../../content/services/publish-post.ts');
  const row = await publishPostAsOperator(
    t.database.db,
    { id: null, email: 'command line' },
    { customUrl: 'from-the-cli', title: 'CLI', category: 'News', intro: 'x', author: 'x', authorImage: '/a.svg', thumbnail: '/t.svg', paragraphs: [{ text: 'Hello' }] },
    t.clock.now(),
  );
  const { client } = await operatorClientFor(t, fixture, 'blog-cli');
  expect(((await client.get(calls.blogPosts.path)).json() as Array<{ custom_url: string; status: string }>).find((p) => p.custom_url === 'from-the-cli')).toMatchObject({ status: 'published' });
  expect(await auditEntriesOf(t, 'blog_post', row.id)).toEqual([expect.objectContaining({ action: 'blog_post.create', operator_email: 'command line', operator_id: null })]);
});
