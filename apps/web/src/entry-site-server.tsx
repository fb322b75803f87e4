// The server entry of the public site: built with `vite build --ssr` into dist-server/, loaded by the API.
export { createSiteRenderer } from './app/site/render-site';
