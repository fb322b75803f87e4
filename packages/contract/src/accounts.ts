import { z } from 'zod';
import { idField, singleLine } from './fields.ts';

/** product §11.4: passwords of 8 to 128 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 150;
export const EMAIL_MAX_LENGTH = 254;

export const passwordTooShortMessage = `Ensure this field has at least ${PASSWORD_MIN_LENGTH} characters.`;
export const passwordTooLongMessage = `Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters.`;
export const passwordTooCommonMessage = 'This password is too common.';
export const passwordsDoNotMatchMessage = 'Passwords do not match!';
export const requiredMessage = 'This field is required.';
export const invalidEmailMessage = 'Enter a valid email address.';

const requiredString = (max: number) =>
  singleLine(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, { error: requiredMessage })
      .max(max, { error: `Ensure this field has no more than ${max} characters.` }),
  );

/** A value the client copies from a link or a provider (uid, token): one line, never trimmed. */
const opaqueString = (max: number) => singleLine(z.string({ error: requiredMessage }).min(1, { error: requiredMessage }).max(max));

/** An email address: trimmed, at most 254 characters, no control characters (header injection). */
export const emailField = z
  .string({ error: requiredMessage })
  .trim()
  .min(1, { error: requiredMessage })
  .max(EMAIL_MAX_LENGTH, { error: invalidEmailMessage })
  .pipe(z.email({ error: invalidEmailMessage }));

/**
 * A new password: length rules and the single-line rule (a control character or a lone
 * surrogate cannot be typed back reliably, and a lone surrogate would hash like U+FFFD); the
 * common-password check is the server's.
 */
export const newPasswordField = singleLine(
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, { error: passwordTooShortMessage })
    .max(PASSWORD_MAX_LENGTH, { error: passwordTooLongMessage }),
);

/** The repetition of a new password: compared with it by the server. */
const repeatedPasswordField = singleLine(z.string({ error: requiredMessage }).min(1, { error: requiredMessage }));

/**
 * A password being checked at login: never trimmed, bounded so hashing cannot be abused. Only
 * compared with a stored hash, never stored, so it keeps accepting whatever earlier rules let
 * people choose.
 */
export const passwordField = z
  .string({ error: requiredMessage })
  .min(1, { error: requiredMessage })
  .max(1024, { error: 'Ensure this field has no more than 1024 characters.' });

/** POST /api/register/ (product §7). */
export const registerRequest = z.object({
  username: requiredString(NAME_MAX_LENGTH),
  email: emailField,
  password: newPasswordField,
  password2: repeatedPasswordField,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /api/activate/ (product §7). */
export const activateRequest = z.object({
  uid: opaqueString(64),
  token: opaqueString(256),
});
export type ActivateRequest = z.infer<typeof activateRequest>;

/** POST /api/login_page/ (product §7). */
export const loginRequest = z.object({ email: emailField, password: passwordField });
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * The signed-in user as the browser may know it. product §7 names status, is_verified, update1,
 * update2, name and id for login; the rest feeds the locally stored userSession of product §3.
 * `status` is true while the user has an active subscription (product §4 "catalog rights").
 */
export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.boolean(),
  is_verified: z.boolean(),
  is_onboarded: z.boolean(),
  update1: z.boolean(),
  update2: z.boolean(),
  role: z.enum(['user', 'operator']),
  /** The Google address of an account that signs in with Google (the settings' Connections tab). */
  google_email: z.string().nullable().optional(),
  /** True for an account without a password (it signs in with Google only): a sensitive change then needs a recent Google sign-in instead of `current_password`. */
  google_only: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = sessionUser;
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /api/google-login/ (product §7): `token` is the Google ID token (the GIS credential). */
export const googleLoginRequest = z.object({
  token: opaqueString(8192),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequest>;
export const googleLoginResponse = sessionUser;

/** POST /api/request-password-reset/ and POST /api/resend-activation/. */
export const emailOnlyRequest = z.object({ email: emailField });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequest>;

/** POST /api/reset-password/ (product §7). */
export const resetPasswordRequest = z.object({
  uid: opaqueString(64),
  token: opaqueString(256),
  new_password1: newPasswordField,
  new_password2: repeatedPasswordField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** GET /api/me/: the session's user, for the dashboard guard and the header. */
export const meResponse = sessionUser;

/** The `{id}` of every `/users/{id}/...` call: the signed-in user's own id (product §11.8). */
export const userIdParams = z.object({ id: idField('A valid user id is required.') });

/**
 * The current password that confirms a sensitive change (a new email, deleting the account):
 * optional in the schema, required by the server when the account has a password; an account
 * without one (Google only) needs a recent Google sign-in instead (docs/decisions/0022).
 */
export const currentPasswordField = passwordField.optional();

/** The field error when a sensitive change comes without the current password. */
export const currentPasswordRequiredMessage = 'Enter your current password to confirm this change.';
/** The field error for a wrong current password. */
export const currentPasswordWrongMessage = 'Your current password is not correct.';
/** The field error for an account without a password whose Google sign-in is not recent. */
export const googleSignInAgainMessage = 'Your account signs in with Google: log out, sign in with Google again, and make this change within 10 minutes.';

/** PUT /api/users/{id}/update/ (product §7): the General and Updates tabs of the settings screen. */
export const updateSettingsRequest = z.object({
  name: requiredString(NAME_MAX_LENGTH),
  email: emailField,
  update1: z.boolean({ error: 'Answer yes or no.' }),
  update2: z.boolean({ error: 'Answer yes or no.' }),
  /** Only needed when the email changes. */
  current_password: currentPasswordField,
});
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequest>;

/**
 * The answer of PUT /api/users/{id}/update/: the account stays active (`is_active`) and keeps
 * its email until a new one is confirmed from its mailbox; `pending_email` names the address a
 * confirmation link was sent to, whatever that address is (product §4.6); `user` is the
 * session's user as saved.
 */
export const updateSettingsResponse = z.object({
  success: z.boolean(),
  is_active: z.boolean(),
  pending_email: z.string().nullable().optional(),
  user: sessionUser,
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponse>;

/** DELETE /api/users/{id}/delete/: the current password confirms the deletion (a body-less call is answered as one without it). */
export const deleteAccountRequest = z.object({ current_password: currentPasswordField }).nullish();
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** product §8.10: the message when a settings save changed the email and the account waited for activation. */
export const activationNeededMessage = 'You need to activate your account. Please check your email.';
/** The toast after a settings save that asked for a new email. */
export function emailChangePendingMessage(email: string): string {
  return `We sent a link to ${email}. Your email changes once you open it; until then, keep using your current one.`;
}

/** The two kinds of email a user may turn off (product §10.14), named by their preference. */
export const emailPreferences = ['update1', 'update2'] as const;
export type EmailPreference = (typeof emailPreferences)[number];

/** The `{token}` of the one-click unsubscribe link: one signed, opaque path segment. */
export const unsubscribeParams = z.object({
  token: singleLine(z.string({ error: 'A valid unsubscribe link is required.' }).min(1).max(200)),
});
