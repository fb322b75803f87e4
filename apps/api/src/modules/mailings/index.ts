/**
 * What other modules may use of mailings (decision 0036): the announcement of a published edition,
 * the mailings of editions as the console lists them, and product news. Nothing else of this
 * folder is imported from outside.
 */
export { listMailingsOfEditions } from './repositories/mailings.ts';
export { listProductNews, previewProductNews, sendProductNews, sendProductNewsTest } from './services/product-news.ts';
export { scheduleEditionAnnouncement } from './services/schedule-mailing.ts';
export { startDueMailings } from './services/send-mailing-batch.ts';
