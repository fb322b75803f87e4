import type { EditionAnnouncements } from '../../catalog/index.ts';
import { listMailingsOfEditions } from '../repositories/mailings.ts';
import { scheduleEditionAnnouncement } from './schedule-mailing.ts';
import { startDueMailings } from './send-mailing-batch.ts';

/**
 * The announcements of published editions as the catalog calls them (its port, decision 0036):
 * scheduled in the publishing transaction, started when their day has come, listed with the
 * editions in the console.
 */
export const editionAnnouncements: EditionAnnouncements = {
  schedule: scheduleEditionAnnouncement,
  startDue: startDueMailings,
  ofEditions: listMailingsOfEditions,
};
