import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../../test/helpers/app.js';
import type { PageWatch } from './browser.js';

/*
 * Signing the owner in and opening a settings group, as the settings' browser tests do: the
 * sign-in form's words and the groups' index in both languages.
 */

export const SIGN_IN_WORDS = {
  en: { email: 'Email', password: 'Password', welcome: 'Today', settings: 'Settings' },
  nl: { email: 'E-mail', password: 'Wachtwoord', welcome: 'Vandaag', settings: 'Instellingen' },
} as const;
export type SignInWords = (typeof SIGN_IN_WORDS)[keyof typeof SIGN_IN_WORDS];

export async function signInOwner(page: Page, watch: PageWatch, words: SignInWords, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
  // The office asks for a session as it loads; the 401 before signing in is the one expected.
  watch.problems.splice(0, watch.problems.length);
}

/** From the settings' index to a group's page, by its link. */
export async function openSettingsGroup(page: Page, words: SignInWords, group: string): Promise<void> {
  await page.goto('/manage/settings');
  await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
  // In the page, not the office's navigation (which has a Payments of its own).
  await page.locator('#content').getByRole('link', { name: group, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: group }).waitFor();
}

/** The browser's console lines for answers the test provoked on purpose (a refusal's 400 or 409). */
export function dropExpectedRefusals(watch: PageWatch, statuses: readonly number[]): void {
  const kept = watch.problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status}`)));
  watch.problems.splice(0, watch.problems.length, ...kept);
}
