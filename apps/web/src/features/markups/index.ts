// The markups feature's public surface: what the catalog uses (the link to an edition's changes).
export { whatChangedPath } from './utils/preview-link';
