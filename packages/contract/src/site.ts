import type { SubscriptionPlan } from './billing.ts';
import type { BlogPostDetail, BlogPostSummary, ListGroups } from './content.ts';
import type { UserGuideVideo } from './guide.ts';

/**
 * The public site's server rendering (docs/decisions/0017-server-rendered-public-site.md): the
 * web app's server entry renders a public page to a whole HTML document; the API gives it the
 * data it reads through its services. Types only: both sides share them, neither imports the other.
 */

/** What the server reads for the public pages, through the content and billing services. */
export interface SiteDataSource {
  /** The plans on sale (`GET /subscription-plans/`). */
  plans(): Promise<SubscriptionPlan[]>;
  /** The user guide's videos, shown on the landing page (`GET /user-guide-videos/`). */
  videos(): Promise<UserGuideVideo[]>;
  /** A category's current edition, group by group (`GET /list-groups/{category}/`). */
  listGroups(category: string): Promise<ListGroups>;
  /** The published posts, newest first (`GET /all_blogs/`). */
  blogPosts(): Promise<BlogPostSummary[]>;
  /** A published post by id or custom URL, or null (`GET /blog_details/{id}/`). */
  blogPost(key: string): Promise<BlogPostDetail | null>;
}

/** The request to render one page. */
export interface SiteRenderRequest {
  /** The path and query of the request. */
  url: string;
  /** APP_URL: canonical links and structured data use it. */
  origin: string;
  /** SUPPORT_EMAIL, shown in the footer's policies. */
  supportEmail: string;
  data: SiteDataSource;
}

/** A rendered page: its HTTP status and the whole HTML document. */
export interface SitePageResponse {
  status: number;
  html: string;
}

/** The client build's manifest (Vite's `.vite/manifest.json`), by source module. */
export type ClientManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * The server entry's one export, made once per process with what the pages' scripts and styles
 * are: the client build's manifest; `'vite-dev-server'` in development (the Vite dev server's
 * modules); null when rendering from source in tests (the pages then name no script). It answers
 * null for the app's own pages (sign-in, dashboard...), which are the single-page app's.
 */
export type CreateSiteRenderer = (client: ClientManifest | 'vite-dev-server' | null) => (request: SiteRenderRequest) => Promise<SitePageResponse | null>;
