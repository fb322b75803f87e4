import { appRoutes, buildPath } from '@tradelist/contract/app-routes';
import type { AppContext } from '../../../context.ts';
import { listPublishedPosts } from '../repositories/blog-posts.ts';

/** The public pages search engines should read (product §2.2), most important first. */
export const indexedPages = [appRoutes.home, appRoutes.electrical, appRoutes.faq, appRoutes.allBlogs, appRoutes.marketing, appRoutes.bookSetupCall] as const;

/** robots.txt: the public site is open, the dashboard, operator console and API are not. */
export function robotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${appRoutes.dashboard}`,
    `Disallow: ${appRoutes.operator}`,
    'Disallow: /api/',
    '',
    `Sitemap: ${ctx.config.appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function urlEntry(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
  return `  <url><loc>${escapeXml(location)}</loc>${lastmod}</url>`;
}

/** sitemap.xml: the public pages and every published post with its last change. */
export async function sitemapXml(ctx: AppContext): Promise<string> {
  const posts = await listPublishedPosts(ctx.db);
  const base = ctx.config.appUrl;
  const entries = [
    ...indexedPages.map((page) => urlEntry(`${base}${page}`)),
    ...posts.map((post) => urlEntry(`${base}${buildPath(appRoutes.blog, { id: post.custom_url ?? post.id })}`, post.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
