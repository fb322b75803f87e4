/**
 * What other modules and the composition may use of mailings (decision 0036): the announcements
 * of published editions (the catalog's port, handed to it where its calls are composed) and
 * product news. Nothing else of this folder is imported from outside.
 */
export { editionAnnouncements } from './services/edition-announcements.ts';
export { listProductNews, previewProductNews, sendProductNews, sendProductNewsTest } from './services/product-news.ts';
