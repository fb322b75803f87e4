// The blog feature's public surface: the list and post pages, the server's post rendering, and
// the post body the console's editor previews with (same renderer and sanitiser).
export { BlogList } from './components/blog-list';
export { BlogPost } from './components/blog-post';
export { PostBody, type PostBodyFields } from './components/post-body';
export { createMarkdownRenderer } from './utils/render-markdown';
export { renderPostText } from './utils/render-post-text';
export { postSummary, renderPost, type PostSummary, type RenderedPost } from './utils/rendered-post';
export { postPath } from './utils/post-path';
