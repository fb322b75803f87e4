import { api } from '@tradelist/contract/api';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { getBlogPost, listBlogPosts } from './services/blog-posts.ts';
import { listGroups } from './services/list-groups.ts';
import { enterFreeYearDraw } from './services/marketing.ts';
import { subscribe, unsubscribe } from './services/newsletter.ts';
import { requestSetupCall } from './services/setup-call.ts';
import { robotsTxt, sitemapXml } from './services/site-files.ts';

const calls = api.content;

/** The public site's calls of product §7: blog, newsletter, the free-year draw, the setup call, and the list's contents. */
export const contentRoutes: ApiModule = ({ public: open }, ctx) => {
  registerEndpoint(open, calls.blogPosts, async () => listBlogPosts(ctx));
  registerEndpoint(open, calls.blogPost, async (request) => getBlogPost(ctx, request.params.id));
  registerEndpoint(open, calls.listGroups, async (request) => listGroups(ctx, request.params.category));
  registerEndpoint(open, calls.newsletterSignup, async (request) => subscribe(ctx, request.body.email, request.ip));
  registerEndpoint(open, calls.newsletterUnsubscribe, async (request) => unsubscribe(ctx, request.body.token));
  registerEndpoint(open, calls.marketingSignup, async (request) => enterFreeYearDraw(ctx, request.body.email, request.ip));
  registerEndpoint(open, calls.requestSetupCall, async (request, reply) => reply.code(201).send(await requestSetupCall(ctx, request.body, request.ip)));
};

/** robots.txt and sitemap.xml, for crawlers; outside the API, short-cached. */
export function siteFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(ctx)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await sitemapXml(ctx)),
  );
}
