import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { focusedText, startComponentHarness, type ComponentHarness } from './harness.js';

/* ui/Calendar.tsx in chromium: the salon's first day of the week, closed days refused, arrow keys. */

describe('Calendar (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/Calendar.cases.tsx');
  });
  after(() => ct?.close());

  it('starts its weeks on the salon’s first day, whatever the language’s custom', async () => {
    // December 2026 begins on a Tuesday: its first week shows 30 November from Monday, 29 from Sunday.
    for (const [name, firstShown] of [
      ['weeks from Monday', '30'],
      ['weeks from Sunday', '29'],
    ] as const) {
      const { page, watch } = await ct.mount(name, { language: 'nl' });
      assert.equal(await page.locator('.calendar td').first().textContent(), firstShown);
      await page.getByRole('heading', { name: 'december 2026' }).waitFor();
      watch.assertClean();
    }
  });

  it('chooses a day by pointer and by arrow keys, and refuses a closed day', async () => {
    const { page, watch } = await ct.mount('weeks from Monday');
    await page.getByRole('button', { name: /Thursday, 3 December 2026/ }).click();
    await page.getByText('Chosen: 2026-12-03').waitFor();
    await page.keyboard.press('ArrowRight');
    assert.match(await focusedText(page), /^4$/);
    await page.keyboard.press('Enter');
    await page.getByText('Chosen: 2026-12-04').waitFor();
    // Sunday 6 December is closed: announced as unavailable, and Enter on it chooses nothing.
    const sunday = page.getByRole('button', { name: /Sunday, 6 December 2026/ });
    assert.equal(await sunday.getAttribute('aria-disabled'), 'true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText('Chosen: 2026-12-04').waitFor();
    await assertAccessible(page, 'a day chosen');
    watch.assertClean();
  });

  it('goes no earlier than today: the previous month is disabled', async () => {
    const { page, watch } = await ct.mount('weeks from Monday');
    assert.equal(await page.getByRole('button', { name: 'Previous month' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('heading', { name: /January 2027/ }).waitFor();
    await assertAccessible(page, 'the next month');
    watch.assertClean();
  });
});
