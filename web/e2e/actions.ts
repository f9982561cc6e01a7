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

/** What has the focus: its role, name and text (run in the page, as source: these tests have no DOM types). */
const FOCUSED = `(() => {
  const element = document.activeElement;
  return element ? [element.getAttribute('role'), element.getAttribute('aria-label'), element.textContent].join('|') : '';
})()`;

/**
 * Moves the row whose drag handle has the focus by keyboard, as React Aria's drag and drop
 * takes it: Enter picks it up, `key` moves the drop target `steps` times, Enter drops it. Each
 * key waits for the focus to have moved (the drag session starts, and each target takes the
 * focus, a moment after the key), so a loaded machine does not drop it where it started.
 */
export async function moveByKeyboard(page: Page, key: 'ArrowUp' | 'ArrowDown', steps = 1): Promise<void> {
  const focused = () => page.evaluate<string>(FOCUSED);
  const focusMovesFrom = async (before: string) => {
    for (let i = 0; i < 100; i++) {
      if ((await focused()) !== before) return;
      await page.waitForTimeout(50);
    }
    assert.fail(`the focus stayed on "${before}"`);
  };
  let label = await focused();
  await page.keyboard.press('Enter');
  await focusMovesFrom(label);
  for (let step = 0; step < steps; step++) {
    label = await focused();
    await page.keyboard.press(key);
    await focusMovesFrom(label);
  }
  await page.keyboard.press('Enter');
}

/**
 * Waits until `target` has the focus: a page that gives it back in a frame callback or a timer
 * (after React has written a value, say) does so a moment after the action, later still on a
 * loaded machine.
 */
export async function focusReaches(target: Locator, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await target.evaluate(HAS_FOCUS)) return;
    await target.page().waitForTimeout(50);
  }
  assert.fail(`the focus never reached ${what}`);
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) about where it is: no timer of
 * the page fires until the test runs the clock on. `pauseAt` takes a time ahead of the page's
 * clock and refuses a time the clock has already passed, as it may have on a loaded machine
 * between reading the page's time and pausing: then asked again from the page's time now.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

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
  // To the next month by keyboard (the button focused, then Enter), which reaches the button
  // wherever it is: on a phone the booking page's bar at the screen's foot covers it where a
  // click scrolls it to the foot, and on a loaded machine a click's retries met that bar and the
  // day's step in turn for half a minute.
  if ((await button.count()) === 0) await page.getByRole('button', { name: nextMonth }).press('Enter');
  return button;
}

/**
 * Starts watching the page for a level-1 heading with exactly `text`, however briefly it shows
 * (a "not found" flashed on the way out of a record). The answer tells whether it was seen
 * since. The page's script is given as text: these files have no DOM types.
 */
export async function watchForHeading(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate(`(() => {
    const text = ${JSON.stringify(text)};
    window.__headingSeen = false;
    new MutationObserver(() => {
      if ([...document.querySelectorAll('h1')].some((h1) => h1.textContent === text)) window.__headingSeen = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  return async () => (await page.evaluate('window.__headingSeen')) === true;
}
