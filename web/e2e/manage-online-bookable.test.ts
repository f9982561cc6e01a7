import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createService } from '../../test/helpers/bookings.js';
import { setupBookingSalon } from '../../test/helpers/public.js';
import { DESKTOP, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { assertClean, signInAtDesk } from './desk.js';

/*
 * The rule "a service not bookable online" in chromium: the owner turns it off on the service's
 * page by keyboard, the services list says the service is office-only, and the booking page no
 * longer lists it (the other service stays); axe on every state. Then the list on a phone in Dutch.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`a service not bookable online, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let consultation: { id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const salon = await setupBookingSalon(h.t);
      admin = salon.admin;
      await h.t.request({
        method: 'PUT',
        url: `/api/services/${salon.service.id}`,
        token: admin.token,
        payload: { name: 'Haircut' },
      });
      consultation = await createService(h.t, admin.token, { name: 'Colour consultation', duration_min: 30 });
    });
    after(() => h.close());

    const onBookingPage = async (name: string, locale = 'en-GB') => {
      const visitor = await h.open({ ...DESKTOP, locale });
      await visitor.page.goto('/book');
      await visitor.page.getByRole('checkbox', { name: /Haircut/ }).waitFor();
      const shown = await visitor.page.getByRole('checkbox', { name: new RegExp(name) }).count();
      await assertAccessible(visitor.page, `the booking page (${name} ${shown ? 'listed' : 'not listed'})`);
      visitor.watch.assertClean();
      await visitor.context.close();
      return shown > 0;
    };

    it('turned off on its page, the service is marked office-only and /book no longer lists it (en, desktop)', async () => {
      assert.equal(await onBookingPage('Colour consultation'), true, 'listed while bookable online');

      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAtDesk(page, admin.email);
      await page.goto(`/manage/services/${consultation.id}`);
      await page.getByRole('heading', { level: 1, name: 'Colour consultation' }).waitFor();
      const toggle = page.getByRole('checkbox', { name: 'Bookable online' });
      assert.equal(await toggle.isChecked(), true);
      const help = await page.locator(`#${await toggle.getAttribute('aria-describedby')}`).textContent();
      assert.match(help ?? '', /booking page no longer offers/);
      await assertAccessible(page, 'a service bookable online');

      await tabTo(page, toggle);
      await page.keyboard.press('Space');
      assert.equal(await toggle.isChecked(), false);
      await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Saved.').waitFor();
      await assertAccessible(page, 'a service made office-only');
      const stored = await h.t.request({ method: 'GET', url: '/api/services', token: admin.token });
      const row = (stored.body as Array<{ id: number; online_bookable: number }>).find((s) => s.id === consultation.id);
      assert.equal(row?.online_bookable, 0);

      await page.getByRole('link', { name: 'Back to the services' }).click();
      const list = page.getByRole('grid', { name: 'Services' });
      await list
        .getByRole('row', { name: /Colour consultation/ })
        .getByText('Office only')
        .waitFor();
      assert.equal(
        await list
          .getByRole('row', { name: /Haircut/ })
          .getByText('Office only')
          .count(),
        0,
      );
      await assertAccessible(page, 'the services list with an office-only service');
      assertClean(watch);

      assert.equal(await onBookingPage('Colour consultation'), false, 'gone from /book');
    });

    it('the services list says which are office-only on a phone in Dutch', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAtDesk(page, admin.email);
      await page.goto('/manage/services');
      const list = page.getByRole('grid', { name: 'Behandelingen' });
      await list
        .getByRole('row', { name: /Colour consultation/ })
        .getByText('Alleen via de salon')
        .waitFor();
      await assertAccessible(page, 'de behandelingen met een die alleen via de salon te boeken is (telefoon)');
      await page.getByRole('link', { name: 'Colour consultation' }).click();
      const toggle = page.getByRole('checkbox', { name: 'Online te boeken' });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), false);
      await assertAccessible(page, 'een behandeling alleen via de salon (telefoon)');
      assertClean(watch);
    });
  });
}
