import { isAppRoute } from '@tradelist/contract/app-routes';
import type { ClientManifest, CreateSiteRenderer, SiteDataSource, SitePageResponse, SiteRenderRequest } from '@tradelist/contract/site';
import { renderToString } from 'react-dom/server';
import { createMarkdownRenderer, postSummary, renderPost } from '../../features/blog';
import { jsonScriptText } from '../../lib/json-script';
import { SiteApp } from './site-app';
import { escapeHtml, headTags, pageMeta } from './site-head';
import { loadSitePage, siteClientEntry, sitePages } from './site-pages';
import { matchSiteRoute, type SiteRoute } from './site-routes';
import { siteStateElementId, type SiteContent, type SiteState } from './site-state';

let markdownRenderer: Promise<(markdown: string) => string> | undefined;

/** The post sanitiser runs on a jsdom window, made once per process on the first post. */
function renderMarkdown(): Promise<(markdown: string) => string> {
  markdownRenderer ??= import('jsdom').then(({ JSDOM }) =>
    createMarkdownRenderer(new JSDOM('').window as unknown as Parameters<typeof createMarkdownRenderer>[0]),
  );
  return markdownRenderer;
}

/** The page's content, read through the API's services; null for a post that is not published. */
async function loadContent(route: SiteRoute, data: SiteDataSource): Promise<SiteContent | null> {
  switch (route.page) {
    case 'home': {
      const [plans, videos] = await Promise.all([data.plans(), data.videos()]);
      return { page: 'home', plans, videos };
    }
    case 'electrical':
      return { page: 'electrical', groups: await data.listGroups('electrical') };
    case 'allBlogs':
      return { page: 'allBlogs', posts: (await data.blogPosts()).map(postSummary) };
    case 'blogPost': {
      const post = await data.blogPost(route.key);
      return post ? { page: 'blogPost', post: renderPost(post, await renderMarkdown()) } : null;
    }
    case 'faq':
    case 'marketing':
      return { page: route.page };
  }
}

interface PageAssets {
  styles: string[];
  preloads: string[];
  /** Module scripts, run in this order. */
  scripts: string[];
}

/** In development: Vite's client, React's refresh preamble (vite.config.ts), then the entry from source. */
export const devServerScripts = ['/@vite/client', '/@site-react-refresh-preamble', `/${siteClientEntry}`];

/** The files a page needs from the client build: the entry, the page's chunk, their imports and styles. */
function pageAssets(client: ClientManifest | 'vite-dev-server' | null, pageModule: string): PageAssets {
  if (client === 'vite-dev-server') return { styles: [], preloads: [], scripts: devServerScripts };
  const entryChunk = client?.[siteClientEntry];
  if (!client || !entryChunk) return { styles: [], preloads: [], scripts: [] };
  const manifest = client;
  const seen = new Set<string>();
  const queue = [siteClientEntry, pageModule];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    queue.push(...(manifest[key].imports ?? []));
  }
  const chunks = [...seen].map((key) => manifest[key]!);
  const entry = `/${entryChunk.file}`;
  return {
    scripts: [entry],
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
    preloads: chunks.map((chunk) => `/${chunk.file}`).filter((file) => file !== entry),
  };
}

function documentHtml(head: string, assets: PageAssets, body: string, state: SiteState): string {
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  const preloads = assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`);
  const entry = assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <meta name="theme-color" content="#0b1b33">
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    ${head}
    ${[...styles, ...preloads, ...entry].join('\n    ')}
  </head>
  <body>
    <div id="root">${body}</div>
    <script type="application/json" id="${siteStateElementId}">${jsonScriptText(state)}</script>
  </body>
</html>
`;
}

/**
 * The server's renderer of the public site (docs/decisions/0017-server-rendered-public-site.md):
 * the page's content is read at request time (a post the operator publishes is served at once),
 * rendered with React to HTML, and sent with its head and the state the browser hydrates from.
 * The app's own pages (sign-in, dashboard...) answer null: they are the single-page app's.
 */
export const createSiteRenderer: CreateSiteRenderer = (client) => {
  // The sanitiser's window takes a moment to make: ready before the first post is asked for.
  void renderMarkdown();
  return (request) => renderSitePage(client, request);
};

async function renderSitePage(client: ClientManifest | 'vite-dev-server' | null, request: SiteRenderRequest): Promise<SitePageResponse | null> {
  const { pathname } = new URL(request.url, request.origin);
  const route = matchSiteRoute(pathname);
  if (!route && isAppRoute(pathname)) return null;
  const content: SiteContent = (route ? await loadContent(route, request.data) : null) ?? { page: 'notFound' };
  const state: SiteState = { pathname, supportEmail: request.supportEmail, content };
  const Page = await loadSitePage(content.page);
  const body = renderToString(<SiteApp state={state} Page={Page as Parameters<typeof SiteApp>[0]['Page']} />);
  const head = headTags(pageMeta(state, request.origin), request.origin);
  const html = documentHtml(head, pageAssets(client, sitePages[content.page].module), body, state);
  return { status: content.page === 'notFound' ? 404 : 200, html };
}
