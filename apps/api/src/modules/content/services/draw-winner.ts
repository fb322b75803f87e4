import { randomInt } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import type { RecordChange } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import { countDrawWinners, insertDrawWinner, lockDrawCandidates } from '../repositories/signup-lists.ts';
import { presentWinner } from './signup-lists.ts';

type Winner = ReturnType<typeof presentWinner>;

/**
 * Draws the free-year draw's winner (product §10.13): one entry picked uniformly at random with
 * `crypto.randomInt`, stored with when, by whom and among how many entries. A draw is made once:
 * drawing again must be asked for (`again`), and then picks among the entries that have not won
 * (a winner who never answers is replaced, never drawn twice).
 */
export async function drawWinner(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: { id: number | null; email: string },
  options: { again: boolean },
  record: RecordChange<{ winner: Winner; previousWinners: number }>,
): Promise<Winner> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const candidates = await lockDrawCandidates(trx);
    const previousWinners = await countDrawWinners(trx);
    if (previousWinners > 0 && !options.again) {
      throw new AppError('CONFLICT', 'A winner has already been drawn. To draw another winner among the other entries, draw again explicitly.');
    }
    if (candidates.length === 0) {
      throw new AppError('CONFLICT', previousWinners > 0 ? 'Every entry has already won; there is nobody left to draw.' : 'Nobody has entered the draw yet.');
    }
    const picked = candidates[randomInt(candidates.length)]!;
    const row = await insertDrawWinner(trx, {
      marketing_signup_id: picked.id,
      email: picked.email,
      entries: candidates.length,
      drawn_at: now,
      drawn_by_id: operator.id,
      drawn_by_email: operator.email,
    });
    const winner = presentWinner(row);
    await record(trx, { winner, previousWinners });
    return winner;
  });
}
