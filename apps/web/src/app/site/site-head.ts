import { faqs } from '../../features/landing/data/faq';
import { faqPageLd, organizationLd, productLd, type JsonLd } from '../../features/landing/utils/structured-data';
import { postPath } from '../../features/blog';
import { paths } from '../../config/paths';
import { jsonScriptText } from '../../lib/json-script';
import type { SiteState } from './site-state';

/** What a page tells search engines and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's path; the canonical link and og:url are APP_URL + path. */
  path: string;
  type: 'website' | 'article';
  /** An image for link previews (a post's thumbnail). */
  image?: string;
  jsonLd: JsonLd[];
  /** The not-found page asks not to be indexed. */
  noindex?: boolean;
}

const siteName = 'Tradelist';

/** Each page's title, description and structured data (product §2.2). */
export function pageMeta({ content, pathname }: SiteState, origin: string): PageMeta {
  const organization = organizationLd(origin);
  switch (content.page) {
    case 'home':
      return {
        title: 'Tradelist | Contractor price lists updated monthly',
        description: 'Tradelist: accurate contractor price lists with your markups and sales tax, updated monthly.',
        path: paths.home,
        type: 'website',
        jsonLd: [organization, productLd(origin, content.plans)],
      };
    case 'electrical':
      return {
        title: 'Electrical price list | Tradelist',
        description: 'The Tradelist electrical price list: 1,000+ items in conduit fittings, wire, breakers, boxes and devices, updated monthly with your markups.',
        path: paths.electrical,
        type: 'website',
        jsonLd: [organization],
      };
    case 'faq':
      return {
        title: 'FAQ | Tradelist',
        description: 'Answers about Tradelist price lists: sign-up, markups and tax, monthly updates, CSV and Excel, QuickBooks Online and Jobber, security, cancellation.',
        path: paths.faq,
        type: 'website',
        jsonLd: [faqPageLd(faqs), organization],
      };
    case 'allBlogs':
      return {
        title: 'Blog | Tradelist',
        description: 'Articles for contractors on pricing jobs, material prices and getting price lists into QuickBooks Online and Jobber.',
        path: paths.allBlogs,
        type: 'website',
        jsonLd: [organization],
      };
    case 'blogPost': {
      const { post } = content;
      const path = postPath(post);
      return {
        title: `${post.title} | Tradelist`,
        description: post.intro,
        path,
        type: 'article',
        image: post.blog_thumbnail,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            description: post.intro,
            image: new URL(post.blog_thumbnail, origin).href,
            author: { '@type': 'Person', name: post.author },
            datePublished: post.created_at,
            mainEntityOfPage: `${origin}${path}`,
            publisher: organization,
          },
        ],
      };
    }
    case 'marketing':
      return {
        title: 'Win a free year | Tradelist',
        description: 'Enter your email for a chance to win a free year of Tradelist electrical price lists.',
        path: paths.marketing,
        type: 'website',
        jsonLd: [organization],
      };
    case 'notFound':
      return {
        title: 'Page not found | Tradelist',
        description: 'This page does not exist. Tradelist: contractor price lists with your markups and sales tax, updated monthly.',
        path: pathname,
        type: 'website',
        jsonLd: [organization],
        noindex: true,
      };
  }
}

/** Text or an attribute value, escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The <head> elements of a page: title, description, canonical link, Open Graph, Twitter card, JSON-LD. */
export function headTags(meta: PageMeta, origin: string): string {
  const url = `${origin}${meta.path}`;
  const image = new URL(meta.image ?? '/logo-on-light.svg', origin).href;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    property('og:site_name', siteName),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    ...meta.jsonLd.map((data) => `<script type="application/ld+json">${jsonScriptText(data)}</script>`),
  ].join('\n    ');
}
