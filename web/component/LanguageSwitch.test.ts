import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { isFocused, startComponentHarness, type ComponentHarness } from './harness.js';

/*
 * ui/LanguageSwitch.tsx in chromium: a radio group of the browser's own radios drawn as buttons,
 * every shell's header, with no React Aria in it.
 */

describe('LanguageSwitch (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/LanguageSwitch.cases.tsx');
  });
  after(() => ct?.close());

  it('is a radio group named Language whose checked radio is the language shown; a press switches the page', async () => {
    const { page, watch } = await ct.mount('header');
    const group = page.getByRole('radiogroup', { name: 'Language' });
    assert.equal(await group.getByRole('radio', { name: 'English' }).isChecked(), true);
    assert.equal(await group.getByRole('radio', { name: 'Nederlands' }).isChecked(), false);
    await assertAccessible(page, 'English shown');
    await group.getByRole('radio', { name: 'Nederlands' }).click();
    await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'nl');
    const dutch = page.getByRole('radiogroup', { name: 'Taal' });
    assert.equal(await dutch.getByRole('radio', { name: 'Nederlands' }).isChecked(), true);
    // The look follows the choice: the label of the checked radio carries data-selected.
    assert.equal(await page.locator('.language-switch label[data-selected]').getAttribute('lang'), 'nl');
    await assertAccessible(page, 'switched to Dutch');
    watch.assertClean();
  });

  it('is one stop of the Tab order, on the language shown; the arrow keys switch', async () => {
    const { page, watch } = await ct.mount('header', { language: 'nl' });
    await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await isFocused(page.getByRole('radio', { name: 'Nederlands' })), true);
    await page.keyboard.press('Tab');
    assert.equal(await isFocused(page.getByRole('button', { name: 'Opnieuw proberen' })), true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
    assert.equal(await isFocused(page.getByRole('radio', { name: 'English' })), true);
    await assertAccessible(page, 'switched to English by keyboard, the switch focused');
    watch.assertClean();
  });
});
