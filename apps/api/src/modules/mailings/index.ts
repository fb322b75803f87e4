/**
 * What other modules and the composition may use of mailings (decision 0036): the announcements
 * of published editions, the catalog's port, handed to it where its calls are composed (app.ts,
 * the command line). Nothing else of this folder is imported from outside; the console's product
 * news calls are registered here (operator-routes.ts).
 */
export { editionAnnouncements } from './services/edition-announcements.ts';
