import { appRoutes } from '@tradelist/contract/app-routes';

/** The login screen's query parameter naming where to go back after signing in. */
export const returnPathParam = 'next';

/**
 * A return path that is safe to navigate to: an absolute path on `origin` only (no scheme,
 * no `//host`, no backslash tricks), never the login screen itself. Null for anything else.
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (url.pathname === appRoutes.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login?next=… for a visitor who must sign in before seeing `returnPath`. */
export function loginPathReturningTo(returnPath: string): string {
  return `${appRoutes.login}?${new URLSearchParams({ [returnPathParam]: returnPath }).toString()}`;
}
