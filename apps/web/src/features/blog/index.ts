// The blog feature's public surface: the console's post editor previews a post with the public page's own body (same renderer and sanitiser).
export { PostBody, type PostBodyFields } from './components/post-body';
