import { expect, type Locator, type Page } from '@playwright/test';

/** Waits for a toast (react-toastify renders each as role=alert) containing `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** Every toast on screen, to count them (react-toastify's toasts; inline messages are not toasts). */
export function toastsOn(page: Page): Locator {
  return page.locator('.Toastify__toast');
}
