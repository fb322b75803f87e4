import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { findUserByEmail } from '../repositories/users.ts';

/** The user with this email, or a NOT_FOUND that names it (the command line's and console's lookups). */
export async function requireUserByEmail(ctx: Pick<AppContext, 'db'>, email: string): Promise<User> {
  const user = await findUserByEmail(ctx.db, email.trim());
  if (!user) throw new AppError('NOT_FOUND', `There is no user with the email ${email.trim()}.`);
  return user;
}
