import type { ActivateRequest } from '@tradelist/contract/accounts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { invalidateUserTokens } from '../repositories/user-tokens.ts';
import { updateUser } from '../repositories/users.ts';
import { consumeUserLink } from './user-links.ts';

/** product §8: the message for an invalid, used or expired activation link. */
export const activationFailedMessage = 'Activation failed. Invalid or expired link.';
export const activatedMessage = 'Your account has been activated. You can now log in.';

/** Uses an activation link once and marks the account verified. */
export async function activateAccount(ctx: AppContext, input: ActivateRequest): Promise<{ message: string }> {
  const activated = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeUserLink(ctx, trx, input.uid, input.token, 'activate');
    if (userId === null) return false;
    await updateUser(trx, userId, { is_verified: true }, ctx.clock.now());
    // The account is active now; any other activation link it was sent is spent.
    await invalidateUserTokens(trx, userId, 'activate', ctx.clock.now());
    return true;
  });
  if (!activated) throw new AppError('LINK_INVALID', activationFailedMessage);
  return { message: activatedMessage };
}
