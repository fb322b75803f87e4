/** An email's subject and bodies, before it has a recipient. */
export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f26b1d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#14213d">Tradelist</h1>${body}${button}<p style="font-size:12px;color:#777;margin-top:32px">You received this email because of an action on your Tradelist account.</p></body></html>`;
}

/**
 * "Hi Ann," for an address we know belongs to the account's owner; "Hello," otherwise. A name
 * chosen by whoever registered someone else's email ("Click http://evil.test/login now") never
 * reaches that mailbox (issue 7 §1.6).
 */
function greeting(verifiedName: string | null): string {
  return verifiedName ? `Hi ${verifiedName},` : 'Hello,';
}

function content(kind: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Tradelist'].join('\n\n');
  return { kind, subject, text, html: layout(paragraphs, action) };
}

/** Sent at registration: the activation link (valid 3 days); no name, the address is not verified. */
export function activationMail(link: string): MailContent {
  return content(
    'activation',
    'Activate your Tradelist account',
    [greeting(null), 'Thanks for signing up for Tradelist. Please confirm your email address to activate your account. The link works once and expires in 3 days.'],
    { label: 'Activate your account', url: link },
  );
}

/** Sent instead of a second account when someone registers an email that already has one (verified, so its name is the owner's). */
export function existingAccountMail(name: string, loginLink: string, resetLink: string): MailContent {
  return content(
    'existing-account',
    'You already have a Tradelist account',
    [
      `Hi ${name},`,
      'Someone (hopefully you) tried to sign up for Tradelist with this email address, but you already have an account.',
      `You can log in at ${loginLink}. If you forgot your password, you can reset it at ${resetLink}.`,
      'If this was not you, you can ignore this email; your account has not changed.',
    ],
  );
}

/** Sent on a password reset request (link valid 1 hour); `verifiedName` null for an unverified account. */
export function passwordResetMail(verifiedName: string | null, link: string): MailContent {
  return content(
    'password-reset',
    'Reset your Tradelist password',
    [
      greeting(verifiedName),
      'We received a request to reset the password of your Tradelist account. The link works once and expires in 1 hour.',
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ],
    { label: 'Choose a new password', url: link },
  );
}

/** Sent after a password change, so an owner learns of a change they did not make. */
export function passwordChangedMail(verifiedName: string | null, supportEmail: string): MailContent {
  return content('password-changed', 'Your Tradelist password was changed', [
    greeting(verifiedName),
    'The password of your Tradelist account was just changed, and every signed-in device was signed out.',
    `If you did not do this, reset your password right away and contact us at ${supportEmail}.`,
  ]);
}
