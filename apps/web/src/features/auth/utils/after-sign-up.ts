/**
 * What the sign-up form hands to the login page it leads to (router state): the address the
 * activation link went to, so that page can name it and offer to send it again.
 */
export interface AfterSignUp {
  activationSentTo: string;
}

export function afterSignUp(email: string): AfterSignUp {
  return { activationSentTo: email };
}

/** The address of a sign-up that led here, if the page's router state holds one. */
export function activationSentTo(state: unknown): string | null {
  const value = (state as Partial<AfterSignUp> | null)?.activationSentTo;
  return typeof value === 'string' && value !== '' ? value : null;
}
