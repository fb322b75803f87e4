import type { ComponentType } from 'react';
import type { ContentOf, SitePageName } from './site-state';

/** The client build's entry for the site's pages (vite.config.ts): it hydrates them. */
export const siteClientEntry = 'src/entry-site-client.tsx';

type PageComponent<Name extends SitePageName> = ComponentType<{ content: ContentOf<Name> }>;

/**
 * Each site page's component, in a chunk of its own: the browser loads the entry and the one page
 * it hydrates (the server preloads that chunk, see render-site.tsx), never the other pages.
 */
export const sitePages: { [Name in SitePageName]: { module: string; load: () => Promise<PageComponent<Name>> } } = {
  home: {
    module: 'src/app/routes/home.tsx',
    load: async () => {
      const { HomeRoute } = await import('../routes/home');
      return ({ content }) => <HomeRoute plans={content.plans} videos={content.videos} />;
    },
  },
  electrical: {
    module: 'src/app/routes/electrical.tsx',
    load: async () => {
      const { ElectricalRoute } = await import('../routes/electrical');
      return ({ content }) => <ElectricalRoute groups={content.groups} />;
    },
  },
  faq: {
    module: 'src/app/routes/faq.tsx',
    load: async () => (await import('../routes/faq')).FaqRoute,
  },
  allBlogs: {
    module: 'src/app/routes/all-blogs.tsx',
    load: async () => {
      const { AllBlogsRoute } = await import('../routes/all-blogs');
      return ({ content }) => <AllBlogsRoute posts={content.posts} />;
    },
  },
  blogPost: {
    module: 'src/app/routes/blog-post.tsx',
    load: async () => {
      const { BlogPostRoute } = await import('../routes/blog-post');
      return ({ content }) => <BlogPostRoute post={content.post} />;
    },
  },
  marketing: {
    module: 'src/app/routes/marketing.tsx',
    load: async () => (await import('../routes/marketing')).MarketingRoute,
  },
  notFound: {
    module: 'src/app/routes/not-found.tsx',
    load: async () => (await import('../routes/not-found')).NotFoundRoute,
  },
};

/** The component of a state's page. */
export function loadSitePage<Name extends SitePageName>(name: Name): Promise<PageComponent<Name>> {
  return sitePages[name].load();
}
