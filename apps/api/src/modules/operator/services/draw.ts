import type { AppContext } from '../../../context.ts';
import { drawWinner } from '../../content/index.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';

/** The console's draw (content's `drawWinner`), recorded in the audit log with who won. */
export async function pickDrawWinner(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, again: boolean) {
  const now = ctx.clock.now();
  const winner = await drawWinner(ctx, actor, { again }, (trx, change) =>
    recordOperatorAction(trx, now, actor, {
      action: 'draw.pick_winner',
      subjectType: 'draw_winner',
      subjectId: change.winner.id,
      before: { winners: change.previousWinners },
      after: { email: change.winner.email, entries: change.winner.entries, drawn_at: change.winner.drawn_at },
    }),
  );
  return { message: `${winner.email} won the free-year draw (among ${winner.entries} entries).`, winner };
}
