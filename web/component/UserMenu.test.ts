import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { focusedText, isFocused, startComponentHarness, type ComponentHarness } from './harness.js';

/* ui/UserMenu.tsx in chromium: the disclosure named by who is signed in, Escape, the focus leaving, each action. */

describe('UserMenu (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/UserMenu.cases.tsx');
  });
  after(() => ct?.close());

  it('a button named by the person and role shows its panel (aria-expanded), whose choices Tab reaches in order', async () => {
    const { page, watch } = await ct.mount('signed in');
    const button = page.getByRole('button', { name: 'Account menu of Olivia Owner, Admin' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('button', { name: 'Sign out', exact: true }).count(), 0, 'closed: no actions');
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Language');
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Sign out');
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Sign out everywhere');
    await assertAccessible(page, 'the menu open');
    await page.keyboard.press('Enter');
    await page.getByText('Done: signed out everywhere').waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'false', 'an action closes the menu');
    watch.assertClean();
  });

  it('Escape closes it and puts the focus back on the button; the focus leaving closes it too', async () => {
    const { page, watch } = await ct.mount('signed in');
    const button = page.getByRole('button', { name: 'Account menu of Olivia Owner, Admin' });
    await button.click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).focus();
    await page.keyboard.press('Escape');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await isFocused(button), true);

    await button.press('Enter');
    await page.getByRole('button', { name: 'Sign out everywhere' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'After the menu');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');

    await button.click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByText('Done: signed out here').waitFor();
    watch.assertClean();
  });
});
