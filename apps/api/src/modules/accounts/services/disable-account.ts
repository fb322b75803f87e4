import type { AppContext } from '../../../context.ts';
import type { Db, RecordChange } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { deleteSessionsOfUser } from '../../../security/sessions-repository.ts';
import { cancelQueuedSyncs } from '../../sync/index.ts';
import { findUserById, updateUser } from '../repositories/users.ts';

/**
 * Disables an account (product §10.13): its sessions end now, its queued syncs are cancelled,
 * and every sign-in (password or Google) and every call of it is refused from then on (a
 * running sync stops before its next batch). An operator account is not disabled: its operator
 * role is revoked first, so the console never locks its last operator out.
 */
export async function disableAccount(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number, record: RecordChange<Pick<User, 'id' | 'email'>>): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await requireUserForUpdate(trx, userId);
    refuseDisabling(user);
    await updateUser(trx, user.id, { is_active: false }, now);
    await deleteSessionsOfUser(trx, user.id);
    await cancelQueuedSyncs(trx, user.id, now);
    await record(trx, user);
  });
}

/** Throws when the account may not be disabled: an operator's, or one disabled already. */
export function refuseDisabling(user: Pick<User, 'email' | 'role' | 'is_active'>): void {
  if (user.role === 'operator') throw new AppError('CONFLICT', `${user.email} is an operator: revoke the operator role first (npm run admin -- revoke-operator ${user.email}).`);
  if (!user.is_active) throw new AppError('CONFLICT', `${user.email} is already disabled.`);
}

/** Enables a disabled account again; its owner signs in as before. */
export async function enableAccount(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number, record: RecordChange<Pick<User, 'id' | 'email'>>): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await requireUserForUpdate(trx, userId);
    if (user.is_active) throw new AppError('CONFLICT', `${user.email} is not disabled.`);
    await updateUser(trx, user.id, { is_active: true }, now);
    await record(trx, user);
  });
}

async function requireUserForUpdate(trx: Db, userId: number): Promise<User> {
  const user = await findUserById(trx, userId, { forUpdate: true });
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
  return user;
}
