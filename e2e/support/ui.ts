import type { Page } from 'playwright-core';

/** Waits for a toast with this title and message, then closes it so toasts never pile up. */
export const expectToast = async (page: Page, title: string, message: string) => {
  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: title })
    .filter({ hasText: message })
    .first();
  await toast.waitFor();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await toast.waitFor({ state: 'detached' });
};

/** Waits for a dialog with this title and message, then confirms it with its button. */
export const confirmDialog = async (page: Page, title: string, message: string | RegExp) => {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
};

export const headerTitle = (page: Page, title: string) =>
  page
    .getByTestId('header-title')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .waitFor();

export const signInHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();

export const pathOf = (page: Page) => new URL(page.url()).pathname;
