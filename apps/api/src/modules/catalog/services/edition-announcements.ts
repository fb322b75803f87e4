import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { MailingRow } from '../../../db/schema.ts';

/**
 * The announcements of the catalog's editions, which the mailings module makes (decision 0036).
 * Mailings reads the catalog's editions, so the catalog never imports it: publishing and listing
 * editions call the announcements through this port, handed in where the calls are composed
 * (app.ts for the console, the command line's import).
 */
export interface EditionAnnouncements {
  /** Schedules a published edition's announcement for its run date, in the transaction that publishes it. */
  schedule(trx: Db, edition: { collectionId: number; rundate: string }, createdBy: string, now: Date): Promise<unknown>;
  /** Starts the announcements whose day has come (once the publishing committed). */
  startDue(ctx: AppContext): Promise<unknown>;
  /** The announcement of each of these editions (one each at most), as the console lists them. */
  ofEditions(db: Db, collectionIds: number[]): Promise<MailingRow[]>;
}
