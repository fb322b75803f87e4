import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Deletes at most `limit` uploaded files, oldest first, created before `createdBefore` and named
 * nowhere: not a profile picture (`profile_pictures`), and their name (128 random bits) in no
 * post (its author's picture, thumbnail, intro or paragraphs, images and text alike), category or
 * edition image, or mailing's text. A file is looked for by name in the text, so a post that
 * pastes an image's URL into a paragraph keeps it. Returns how many were deleted.
 */
export async function deleteOrphanedUploads(db: Db, createdBefore: Date, limit: number): Promise<number> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`Not a batch size: ${limit}`);
  const result = await sql`
    DELETE FROM uploaded_files WHERE key IN (
      SELECT f.key FROM uploaded_files f
      WHERE f.created_at < ${createdBefore}
        AND NOT EXISTS (SELECT 1 FROM profile_pictures p WHERE f.key = 'profile-pictures/' || p.file_name)
        AND NOT EXISTS (
          SELECT 1 FROM blog_posts b
          WHERE strpos(concat_ws(' ', b.author_image, b.thumbnail, b.intro, b.paragraphs::text), split_part(f.key, '/', 2)) > 0
        )
        AND NOT EXISTS (SELECT 1 FROM categories c WHERE strpos(c.image, split_part(f.key, '/', 2)) > 0)
        AND NOT EXISTS (SELECT 1 FROM collections c WHERE strpos(c.image, split_part(f.key, '/', 2)) > 0)
        AND NOT EXISTS (SELECT 1 FROM mailings m WHERE strpos(m.body_markdown, split_part(f.key, '/', 2)) > 0)
      ORDER BY f.created_at, f.key
      LIMIT ${limit}
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
