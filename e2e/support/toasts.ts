import { expect, type Page } from '@playwright/test';

/** Waits for a toast (react-toastify renders each as role=alert) containing `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}
