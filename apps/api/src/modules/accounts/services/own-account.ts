import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';

export const notYourAccountMessage = 'You can only see and change your own account.';

/**
 * product §11.8: every `/users/{id}/...` call acts on the signed-in user's own id only. Another
 * id answers 403 whether or not it exists, before anything is read or changed, so the answer
 * tells nothing about other accounts.
 */
export function requireOwnAccount(signedIn: User, id: number): User {
  if (signedIn.id !== id) throw new AppError('FORBIDDEN', notYourAccountMessage);
  return signedIn;
}
