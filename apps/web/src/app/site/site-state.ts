import type { SubscriptionPlan } from '@tradelist/contract/billing';
import type { ListGroups } from '@tradelist/contract/content';
import type { UserGuideVideo } from '@tradelist/contract/guide';
import type { PostSummary, RenderedPost } from '../../features/blog';

/** A site page with the data it shows, as the server read it (the browser receives the same). */
export type SiteContent =
  | { page: 'home'; plans: SubscriptionPlan[]; videos: UserGuideVideo[] }
  | { page: 'electrical'; groups: ListGroups }
  | { page: 'faq' }
  | { page: 'allBlogs'; posts: PostSummary[] }
  | { page: 'blogPost'; post: RenderedPost }
  | { page: 'marketing' }
  | { page: 'notFound' };

export type SitePageName = SiteContent['page'];
export type ContentOf<Name extends SitePageName> = Extract<SiteContent, { page: Name }>;

/**
 * What a server-rendered page was rendered from: embedded in the page as JSON
 * (`<script type="application/json" id="site-state">`) so the browser hydrates the same tree.
 */
export interface SiteState {
  pathname: string;
  supportEmail: string;
  content: SiteContent;
}

/** The id of the element that carries the state. */
export const siteStateElementId = 'site-state';
