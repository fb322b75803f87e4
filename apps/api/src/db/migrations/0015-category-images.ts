import { sql, type Kysely } from 'kysely';

/**
 * A category's image (product §10.13): the site path of an image the operator uploaded (or a
 * bundled one). The catalog shows it on the cards of the category's editions that have no image
 * of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE categories ADD COLUMN image text CHECK (image ~ '^/[A-Za-z0-9._/-]+$')`.execute(db);
}
