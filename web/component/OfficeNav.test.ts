import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { focusedText, startComponentHarness, type ComponentHarness } from './harness.js';

/* ui/OfficeNav.tsx in chromium: links in a row on a desktop; folded behind a disclosure on a phone. */

describe('OfficeNav (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/OfficeNav.cases.tsx');
  });
  after(() => ct?.close());

  it('on a desktop: a named navigation of links, the page shown marked current, no menu button to press', async () => {
    const { page, watch } = await ct.mount('links');
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.deepEqual(await nav.getByRole('link').allTextContents(), ['Today', 'Calendar', 'Clients']);
    assert.equal(await nav.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current'), null);
    assert.equal(await nav.getByRole('button', { name: 'Menu' }).isVisible(), false);
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Today');
    await assertAccessible(page, 'the navigation on a desktop');
    watch.assertClean();
  });

  it('on a phone: the links fold behind "Menu" (aria-expanded), which shows them and hides them again; a link followed closes it', async () => {
    const { page, watch } = await ct.mount('links', { context: { viewport: { width: 390, height: 844 } } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Menu' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await nav.getByRole('link', { name: 'Today' }).isVisible(), false);
    await toggle.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await nav.getByRole('link', { name: 'Today' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(page), 'Today');
    await assertAccessible(page, 'the navigation open on a phone');
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.press('Enter');
    await toggle.press('Enter');
    assert.equal(await nav.getByRole('link', { name: 'Today' }).isVisible(), false);
    watch.assertClean();
  });
});
