/**
 * What other modules may use of accounts (decision 0036): finding a user, and the account changes
 * the console makes. Nothing else of this folder is imported from outside.
 */
export { findUserByEmail, findUserById } from './repositories/users.ts';
export { disableAccount, enableAccount, refuseDisabling } from './services/disable-account.ts';
export { requireUserByEmail } from './services/require-user-by-email.ts';
export { resendActivationFor } from './services/resend-activation.ts';
