/**
 * What other modules may use of accounts (decision 0036): finding a user by email. Nothing else
 * of this folder is imported from outside; the console's calls on users are registered here
 * (operator-routes.ts).
 */
export { findUserByEmail } from './repositories/users.ts';
export { requireUserByEmail } from './services/require-user-by-email.ts';
