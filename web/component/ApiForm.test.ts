import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, componentSkip } from '../e2e/chromium.js';
import { startComponentHarness, type ComponentHarness } from './harness.js';

/*
 * ui/ApiForm.tsx in chromium: a field the service refused, edited, is sent again at once by a
 * press on Save or by Enter, and the page says Saved. Before the fix, the refusal stayed until
 * the field lost the focus: Enter was held back by the browser's check (native), and the press on
 * Save blurred the field, its message vanished and Save moved up under the pointer before the
 * release, so nothing was sent (the loyalty settings' second save never said Saved). And a
 * double submit sends once.
 */

const REFUSAL = 'must be unique in reward_thresholds';

describe('ApiForm (component)', { skip: componentSkip() }, () => {
  let ct: ComponentHarness;
  before(async () => {
    ct = await startComponentHarness('ui/ApiForm.cases.tsx');
  });
  after(() => ct?.close());

  for (const behavior of ['native', 'aria'] as const) {
    it(`refused, edited, saved at once by a press and by Enter (${behavior})`, async () => {
      const { page, watch } = await ct.mount(behavior);
      const points = page.getByRole('textbox', { name: 'Points' });
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();
      await page.getByText(REFUSAL).waitFor();
      assert.equal(await points.getAttribute('aria-invalid'), 'true');
      assert.equal(await points.inputValue(), '250', 'what was typed stays');
      await assertAccessible(page, `refused on the field (${behavior})`);

      // Edited: the refusal goes as the field changes, not when it loses the focus.
      await points.fill('100');
      await page.getByText(REFUSAL).waitFor({ state: 'detached' });
      await save.click();
      await page.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
      await page.getByText('Sent: 250, 100', { exact: true }).waitFor();
      await assertAccessible(page, `saved (${behavior})`);

      // Refused again, then edited and sent by Enter from the field itself.
      await points.fill('250');
      await save.click();
      await page.getByText(REFUSAL).waitFor();
      await points.fill('300');
      await points.press('Enter');
      await page.getByText('Sent: 250, 100, 250, 300', { exact: true }).waitFor();
      await page.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
      watch.assertClean();
    });
  }

  it('two submits before the pending state reaches the page send once; the next one after it settles sends again', async () => {
    const { page, watch } = await ct.mount('slow');
    // Both in one task, as a double click's second press can come before React has rendered
    // the first one's pending state.
    await page.evaluate(
      "(() => { const form = document.querySelector('form'); form.requestSubmit(); form.requestSubmit(); })()",
    );
    await page.getByText('Sent 1 times', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.waitForTimeout(700);
    assert.equal(await page.getByText('Sent 1 times', { exact: true }).count(), 1);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sent 2 times', { exact: true }).waitFor();
    await assertAccessible(page, 'a form sent once');
    watch.assertClean();
  });
});
