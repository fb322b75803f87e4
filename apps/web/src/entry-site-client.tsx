import { hydrateRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import { SiteApp } from './app/site/site-app';
import { loadSitePage } from './app/site/site-pages';
import { siteStateElementId, type SiteState } from './app/site/site-state';

// The public site's pages arrive rendered by the server (app/site/render-site.tsx); this entry
// hydrates them from the state embedded beside: React, the shell and the one page, nothing else.
const root = document.getElementById('root');
const stateElement = document.getElementById(siteStateElementId);
if (!root || !stateElement?.textContent) throw new Error('This page has no server-rendered state');
const state = JSON.parse(stateElement.textContent) as SiteState;

void loadSitePage(state.content.page).then((Page) => {
  hydrateRoot(root, <SiteApp state={state} Page={Page as Parameters<typeof SiteApp>[0]['Page']} />);
});
