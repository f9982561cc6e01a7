import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { focusedText, isFocused, startComponentHarness, type ComponentHarness } from './harness.js';

/* ui/Dialog.tsx in chromium: the page behind inert, Escape, a press outside, focus back. */

describe('Dialog (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/Dialog.cases.tsx');
  });
  after(() => ct?.close());

  it('opens as a modal named by its title, with the focus inside, and gives the focus back when closed', async () => {
    const { page, watch } = await ct.mount('question');
    const opener = page.getByRole('button', { name: 'Cancel the booking' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await dialog.waitFor();
    assert.equal(await isFocused(page.getByRole('button', { name: 'No, keep it' })), true);
    // The page behind is inert: Tab goes round the dialog's buttons only.
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Yes, cancel it');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.match((await focusedText(page)) ?? '', /^(No, keep it|Yes, cancel it)$/);
    await assertAccessible(page, 'the dialog open');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Answer: cancelled').waitFor();
    assert.equal(await isFocused(opener), true);
    watch.assertClean();
  });

  it('closes on Escape and on a press outside when dismissable', async () => {
    const { page, watch } = await ct.mount('question');
    await page.getByRole('button', { name: 'Cancel the booking' }).press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Answer: none yet').waitFor();
    watch.assertClean();
  });

  it('stays open on Escape and on a press outside while something is being sent', async () => {
    const { page, watch } = await ct.mount('question while sending');
    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    assert.equal(await dialog.isVisible(), true);
    watch.assertClean();
  });
});
