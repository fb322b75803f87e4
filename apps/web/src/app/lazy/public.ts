// The single-page app's public chunk: the collection page (signed-in visitors).
export { CollectionsRoute } from '../routes/collections';
