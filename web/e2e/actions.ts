import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/*
 * What a visitor does in the browser tests, shared by every page's tests: the two viewports,
 * keyboard moves, a pointer's choice of a React Aria checkbox or radio, a day of the calendar.
 */

/** A phone (390 × 844, touch) and a desktop viewport, as browser context options. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Whether an element has the focus, or holds what has it (run in the page). */
export const HAS_FOCUS = (element: { ownerDocument: { activeElement: unknown }; contains(other: never): boolean }) =>
  element === element.ownerDocument.activeElement || element.contains(element.ownerDocument.activeElement as never);

/** Presses Tab until `target` has the focus (keyboard only), failing after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate(HAS_FOCUS)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${target.toString()}`);
}

/**
 * Clicks a React Aria checkbox or radio as a pointer user does: on its label (its input is
 * visually hidden, so the label is what a finger or mouse meets).
 */
export async function choose(control: Locator): Promise<void> {
  await control.locator('xpath=ancestor::label[1]').click();
}

/**
 * The calendar's button for `date` (YYYY-MM-DD), as React Aria names it in `locale`, after moving to its month.
 * `page` may be a frame (an embedded booking page).
 */
export async function dayButton(
  page: Pick<Page, 'getByRole'>,
  date: string,
  locale: string,
  nextMonth: string,
): Promise<Locator> {
  const name = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  await page.getByRole('grid').waitFor();
  // Not preceded by a digit: "1 December" must not find the 11th, 21st or 31st.
  const button = page.getByRole('button', { name: new RegExp(`(^|\\D)${name}`) });
  if ((await button.count()) === 0) await page.getByRole('button', { name: nextMonth }).click();
  return button;
}
