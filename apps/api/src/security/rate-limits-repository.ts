import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Counts one hit on `key` in a fixed window and returns the count and the window's start.
 * A single upsert, so concurrent requests in several processes count exactly.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<{ count: number; windowStart: Date }> {
  const windowFloor = new Date(now.getTime() - windowSeconds * 1000);
  const row = await sql<{ count: number; window_start: Date }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${windowFloor} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowFloor} THEN ${now} ELSE rate_limits.window_start END
    RETURNING count, window_start
  `.execute(db);
  const result = row.rows[0];
  if (!result) throw new Error('rate limit upsert returned no row');
  return { count: result.count, windowStart: new Date(result.window_start) };
}

/** Removes windows that ended before `before` (housekeeping). */
export async function deleteExpiredRateLimits(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
