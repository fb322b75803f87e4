// The blog feature's public surface: the list and post pages, and the server's post rendering.
export { BlogList } from './components/blog-list';
export { BlogPost } from './components/blog-post';
export { createMarkdownRenderer } from './utils/render-markdown';
export { renderPost, type RenderedPost } from './utils/rendered-post';
export { postPath } from './utils/post-path';
