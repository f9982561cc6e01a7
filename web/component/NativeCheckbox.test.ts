import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { choose } from '../e2e/actions.js';
import { isFocused, startComponentHarness, type ComponentHarness } from './harness.js';

/*
 * ui/NativeCheckbox.tsx in chromium: the browser's own checkbox with the drawn box of
 * ui/Checkbox.tsx, which the booking page's first screen uses instead of React Aria's.
 */

describe('NativeCheckbox (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/NativeCheckbox.cases.tsx');
  });
  after(() => ct?.close());

  it('is a checkbox named by its whole label, ticked by a press on the label and by Space, in the order ticked', async () => {
    const { page, watch } = await ct.mount('services');
    // Named by the whole label: the service and its detail (a block of its own, so a space before the comma).
    const cut = page.getByRole('checkbox', { name: /^Cut ?, 30 minutes$/ });
    const colour = page.getByRole('checkbox', { name: /^Colour ?, 30 minutes$/ });
    await choose(colour);
    assert.equal(await colour.isChecked(), true);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await isFocused(cut), true);
    await page.keyboard.press('Space');
    assert.equal(await cut.isChecked(), true);
    await page.getByText('Chosen: Colour, Cut').waitFor();
    // The label carries the state its look is drawn from, as React Aria's checkbox does.
    assert.equal(await page.locator('label.checkbox[data-selected]').count(), 2);
    await choose(colour);
    assert.equal(await colour.isChecked(), false);
    await page.getByText('Chosen: Cut', { exact: true }).waitFor();
    watch.assertClean();
  });

  it('a disabled checkbox is announced as such and neither a press nor Tab reaches it', async () => {
    const { page, watch } = await ct.mount('services');
    await choose(page.getByRole('checkbox', { name: /^Cut/ }));
    await choose(page.getByRole('checkbox', { name: /^Colour/ }));
    const blowDry = page.getByRole('checkbox', { name: /^Blow-dry/ });
    assert.equal(await blowDry.isDisabled(), true);
    assert.equal(await page.locator('label.checkbox[data-disabled]').count(), 1);
    await blowDry.locator('xpath=ancestor::label[1]').click({ force: true });
    assert.equal(await blowDry.isChecked(), false);
    await page.getByText('Chosen: Cut, Colour').waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await isFocused(blowDry), false);
    await assertAccessible(page, 'two ticked, the third disabled');
    watch.assertClean();
  });

  it('shows the keyboard focus on its drawn box', async () => {
    const { page, watch } = await ct.mount('services');
    await page.keyboard.press('Tab');
    assert.equal(await isFocused(page.getByRole('checkbox', { name: /^Cut/ })), true);
    const outline = (box: number) =>
      page.evaluate<string>(`getComputedStyle(document.querySelectorAll('label.checkbox .box')[${box}]).outlineStyle`);
    assert.equal(await outline(0), 'solid');
    assert.equal(await outline(1), 'none');
    await assertAccessible(page, 'the first checkbox focused');
    watch.assertClean();
  });
});
