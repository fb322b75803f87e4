import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { findUserByEmail } from '../../accounts/index.ts';
import { lockOperators, setRole } from '../repositories/operators.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';

/**
 * Makes a user an operator (`npm run admin -- grant-operator <email>`, product §10.13). The
 * account must exist, be activated and not disabled. Recorded in the audit log.
 */
export async function grantOperator(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, emailInput: string): Promise<string> {
  const email = emailInput.trim();
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) throw new AppError('NOT_FOUND', `There is no user with the email ${email}.`);
    if (user.role === 'operator') throw new AppError('CONFLICT', `${user.email} is already an operator; nothing changed.`);
    if (!user.is_active) throw new AppError('CONFLICT', `${user.email} is disabled; enable the account first.`);
    if (!user.is_verified) throw new AppError('CONFLICT', `${user.email} has not activated the account yet; an operator must be able to sign in.`);
    await setRole(trx, user.id, 'operator', now);
    await recordOperatorAction(trx, now, actor, { action: 'user.grant_operator', subjectType: 'user', subjectId: user.id, before: { role: user.role }, after: { role: 'operator' } });
    return `${user.email} is now an operator: the console is at /operator.`;
  });
}

/**
 * Takes the operator role from a user (`revoke-operator <email>`). The last operator keeps it:
 * without one, nobody could reach the console. Recorded in the audit log.
 */
export async function revokeOperator(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, emailInput: string): Promise<string> {
  const email = emailInput.trim();
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // Locked first, so two revokes at once cannot both see a second operator.
    const operators = await lockOperators(trx);
    const user = await findUserByEmail(trx, email);
    if (!user) throw new AppError('NOT_FOUND', `There is no user with the email ${email}.`);
    if (user.role !== 'operator') throw new AppError('CONFLICT', `${user.email} is not an operator; nothing changed.`);
    if (operators.length <= 1) throw new AppError('CONFLICT', `${user.email} is the last operator; grant another operator first, then revoke this one.`);
    await setRole(trx, user.id, 'user', now);
    await recordOperatorAction(trx, now, actor, { action: 'user.revoke_operator', subjectType: 'user', subjectId: user.id, before: { role: 'operator' }, after: { role: 'user' } });
    return `${user.email} is no longer an operator.`;
  });
}
