import type { NotifyOptions } from './notify';

/**
 * Toasts for the public site's pages, which render without the app's root layout: the toast
 * library, its styles and its container load with the first toast, so a first visit does not
 * download them. Auto-close times are product §9's (3 s on the landing page).
 */
export async function showToast(kind: 'success' | 'error', message: string, options: NotifyOptions = {}): Promise<void> {
  const { toastOnPage } = await import('./page-toaster');
  toastOnPage(kind, message, options);
}
