import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireUser } from './session-plugin.ts';

/**
 * product §11.8: a `/users/{id}/...` call acts on the signed-in user's own id only. Any other id
 * answers 403, whether or not a user has it, so the answer tells nothing about other accounts.
 * Called before the body is read, so a refused call reads and changes nothing.
 */
export function requireOwnUser(request: FastifyRequest, id: number): User {
  const user = requireUser(request);
  if (user.id !== id) throw new AppError('FORBIDDEN', 'You can only change your own account.');
  return user;
}
