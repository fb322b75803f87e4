import { activationNeededMessage } from '@tradelist/contract/accounts';
import { z } from 'zod';
import { settingsChange } from '../api/account';

/** product §8.10: the settings screen's messages, spelled exactly. */
export const settingsMessages = {
  saved: 'Settings updated successfully.',
  saveFailed: 'Failed to update settings.',
  activationNeeded: activationNeededMessage,
  resetSent: 'Password reset link sent to your email.',
  resetFailed: 'Failed to send reset email.',
  deleted: 'User deleted successfully.',
  deleteFailed: 'Failed to delete user.',
  exportFailed: 'Failed to download your data.',
} as const;

/** The request's schema, with the current password left to the server: it is only needed, and checked, when the email changes. */
export const settingsForm = settingsChange.extend({ current_password: z.string().optional() });

/** The General Settings fields' labels, also the names their field errors are shown with (product §5.1). */
export const settingsLabels = { name: 'Name', email: 'Email', current_password: 'Current password' } as const;
/** The label of the field that confirms a sensitive change; a refusal shows under it. */
export const currentPasswordLabel = settingsLabels.current_password;
/** What an account without a password (Google only) does instead of typing one (docs/decisions/0022). */
export const googleConfirmHint = 'Your account signs in with Google: this change works within 10 minutes of signing in with Google.';

/** Where the browser goes once the account's sessions have ended (product §4.6), and what the screen says meanwhile. */
export interface Leaving {
  message: string;
  to: string;
  where: string;
}
