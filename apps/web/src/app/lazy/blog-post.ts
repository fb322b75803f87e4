// A blog post's page, with the markdown renderer and sanitiser only it needs.
export { BlogPostRoute } from '../routes/blog-post';
