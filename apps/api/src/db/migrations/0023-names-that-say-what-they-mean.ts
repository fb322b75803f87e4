import { sql, type Kysely } from 'kysely';

/** The tables whose `provider` column names QuickBooks Online or Jobber (migration 0008). */
const providerTables = ['oauth_flows', 'provider_connections', 'sync_runs', 'sync_links'] as const;

/**
 * The database says what it means; the specification's spellings stay at the wire
 * (docs/decisions/0042):
 * - users.update1 and update2 become wants_edition_emails and wants_product_news;
 * - the stored provider id of QuickBooks Online becomes `quickbooks` (it was the wire's
 *   `quickbook`) in every table that holds one, with its CHECK constraint. Sync jobs carry only a
 *   sync's id, so queued jobs run on after the migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users RENAME COLUMN update1 TO wants_edition_emails;
    ALTER TABLE users RENAME COLUMN update2 TO wants_product_news;
  `.execute(db);
  for (const table of providerTables) {
    const constraint = sql.ref(`${table}_provider_check`);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${constraint}`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET provider = 'quickbooks' WHERE provider = 'quickbook'`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${constraint} CHECK (provider IN ('quickbooks', 'jobber'))`.execute(db);
  }
}
