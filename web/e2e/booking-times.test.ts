import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setSettings } from '../../test/helpers/bookings.js';
import { salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, HAS_FOCUS, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The booking page's times on a phone: "First free time" reaches the first day with a free time
 * in one action (past ten days of the only member's time off, so past what a visitor would try
 * day by day), the day's times under "Morning", "Afternoon" and "Evening" in salon time, and
 * the arrow keys move through all of them as one radio group (one Tab stop); in English and
 * Dutch, axe on each state reached.
 */

const FIRST_FREE_DAY = 10;

for (const dialect of BROWSER_DIALECTS) {
  describe(`booking page times in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let service: { id: number; name: string };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const salon = await setupBookingSalon(h.t);
      service = salon.service;
      const { admin, staff } = salon;
      await setSettings(h.t, admin.token, {
        calendar_slot_min: 60,
        booking_min_lead_hours: 0,
        salon_address: 'Kerkstraat 1',
        salon_city: 'Utrecht',
      });
      // 09:00 to 20:00 every day: one-hour starts from 09:00 to 19:00, in all three parts of the day.
      const week = await h.t.request({
        method: 'POST',
        url: '/api/staff/default-shifts/save-week',
        token: admin.token,
        payload: {
          staff_id: staff.id,
          shifts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, start_time: '09:00', end_time: '20:00' })),
        },
      });
      assert.equal(week.status, 200, JSON.stringify(week.body));
      const off = await h.t.request({
        method: 'POST',
        url: '/api/staff/time-off',
        token: admin.token,
        payload: { staff_id: staff.id, start_date: salonDate(0), end_date: salonDate(FIRST_FREE_DAY - 1) },
      });
      assert.equal(off.status, 201, JSON.stringify(off.body));
    });
    after(() => h.close());

    const languages = [
      {
        locale: 'en-GB',
        first: 'First free time',
        more: 'Opening hours and address',
        services: /^1\. /,
        next: 'Continue',
        details: '5. Your details',
        day: '3. Choose a day',
        count: /11 free times on/,
        parts: ['Morning', 'Afternoon', 'Evening'],
      },
      {
        locale: 'nl-NL',
        first: 'Eerste vrije tijd',
        more: 'Openingstijden en adres',
        services: /^1\. /,
        next: 'Verder',
        details: '5. Je gegevens',
        day: '3. Kies een dag',
        count: /11 vrije tijden op/,
        parts: ['Ochtend', 'Middag', 'Avond'],
      },
    ];

    for (const language of languages) {
      it(`on a phone (${language.locale}): the first free time in one action, the times by part of the day, arrow keys through them all`, async () => {
        const { page, watch } = await h.open({ ...PHONE, locale: language.locale, timezoneId: 'Europe/Amsterdam' });
        await page.goto('/book');
        await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
        await page.getByRole('heading', { name: language.day }).waitFor();

        // One action: the first day with a free time is chosen, and its first time, which has the focus.
        await page.getByRole('button', { name: language.first }).click();
        await page.getByRole('status').filter({ hasText: language.count }).waitFor();
        const day = salonDate(FIRST_FREE_DAY);
        const times = page.getByRole('region', { name: /^4\. / });
        const first = times.locator('input[type="radio"]:checked');
        assert.equal(await first.inputValue(), `${day} 09:00:00`);
        assert.equal(await first.evaluate(HAS_FOCUS), true, 'the time chosen has the focus');
        assert.match(page.url(), new RegExp(`date=${day}`));
        await assertAccessible(page, `${language.locale}: the first free time`);

        // Grouped in salon time: before 12:00, 12:00 to 17:59, from 18:00.
        const [morning, afternoon, evening] = language.parts.map((name) => page.getByRole('group', { name }));
        assert.equal(await morning!.getByRole('radio').count(), 3);
        assert.equal(await afternoon!.getByRole('radio').count(), 6);
        assert.equal(await evening!.getByRole('radio').count(), 2);
        for (const name of language.parts) await page.getByRole('heading', { name, exact: true }).waitFor();

        // The arrow keys go on from the morning into the afternoon: one radio group.
        const at = (hour: string) => times.locator(`input[value="${day} ${hour}:00"]`).evaluate(HAS_FOCUS);
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
        assert.equal(await at('12:00'), true, 'ArrowDown from the last morning time goes to the first afternoon time');
        assert.equal(await afternoon!.getByRole('radio').first().isChecked(), true);
        await page.keyboard.press('ArrowUp');
        assert.equal(await at('11:00'), true);
        // One Tab stop: Tab leaves the times.
        await page.keyboard.press('Tab');
        assert.equal(await times.getByRole('radiogroup').evaluate(HAS_FOCUS), false, 'Tab leaves the times');
        await assertAccessible(page, `${language.locale}: a time moved to by arrow keys`);
        watch.assertClean();
      });

      it(`on a phone (${language.locale}): the services in the first screen, the salon's address behind a link, a bar whose "Continue" brings each next step into view`, async () => {
        const { page, watch } = await h.open({ ...PHONE, locale: language.locale, timezoneId: 'Europe/Amsterdam' });
        await page.goto('/book');
        const servicesHeading = page.getByRole('heading', { level: 2, name: language.services });
        await servicesHeading.waitFor();
        const option = page.getByRole('checkbox', { name: new RegExp(service.name) });
        const box = await option.boundingBox();
        assert.ok(
          box && box.y + box.height <= PHONE.viewport.height,
          `the first service is in the first screen (${box?.y})`,
        );
        // The address is not in the intro on a phone: at the page's end, where the link leads.
        assert.equal(await page.getByText('Kerkstraat 1, Utrecht').count(), 2, 'in the intro (hidden) and at the end');
        assert.equal(await page.getByText('Kerkstraat 1, Utrecht').first().isVisible(), false);
        await page.getByRole('link', { name: language.more }).click();
        await page.getByRole('heading', { name: language.more }).waitFor();
        assert.equal(await page.getByText('Kerkstraat 1, Utrecht').last().isVisible(), true);
        await assertAccessible(page, `${language.locale}: a phone's first screen`);

        await choose(option);
        const next = page.getByRole('button', { name: language.next, exact: true });
        await next.waitFor();
        const dayHeading = page.getByRole('heading', { name: language.day });
        await next.click();
        assert.equal(await dayHeading.evaluate(HAS_FOCUS), true, "Continue moves to the day's heading");
        assert.ok(await dayHeading.isVisible());
        await assertAccessible(page, `${language.locale}: the summary bar, the day step`);

        await page.getByRole('button', { name: language.first }).click();
        await page.getByRole('status').filter({ hasText: language.count }).waitFor();
        // The bar says what is chosen: the service and the time.
        const bar = page.locator('.summary-bar');
        assert.match((await bar.textContent()) ?? '', new RegExp(`${service.name}.*09:00`));
        await next.click();
        const details = page.getByRole('heading', { name: language.details });
        assert.equal(await details.evaluate(HAS_FOCUS), true, 'Continue moves to the details');
        const heading = await details.boundingBox();
        assert.ok(
          heading && heading.y >= -1 && heading.y + heading.height < PHONE.viewport.height,
          `the details are in view (${JSON.stringify(heading)})`,
        );
        await assertAccessible(page, `${language.locale}: a time chosen, the details in view`);
        watch.assertClean();
      });
    }

    it("on a phone: the focus is never hidden under the bar at the screen's foot (a time reached by the arrow keys while under the bar is scrolled clear of it)", async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await page.getByRole('button', { name: 'First free time' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /11 free times on/ })
        .waitFor();
      const day = salonDate(FIRST_FREE_DAY);
      for (const hour of ['10', '11', '12', '13']) {
        const time = JSON.stringify(`${day} ${hour}:00:00`);
        // Run in the page, as source (these tests have no DOM types): the time's input, its
        // label's box and the bar's.
        const boxes = `const input = document.querySelector('input[value="' + ${time} + '"]');
          const label = input.closest('label').getBoundingClientRect();
          const bar = document.querySelector('.summary-bar').getBoundingClientRect();`;
        // The next time put right under the bar, as a visitor may have scrolled the page.
        await page.evaluate(`(() => { ${boxes}
          window.scrollBy(0, label.top + label.height / 2 - (bar.top + bar.height / 2)); })()`);
        const covered = await page.evaluate<boolean>(`(() => { ${boxes}
          const hit = document.elementFromPoint(label.left + label.width / 2, label.top + label.height / 2);
          return hit !== null && hit.closest('.summary-bar') !== null; })()`);
        assert.equal(covered, true, `${hour}:00 is under the bar before the arrow key`);
        await page.keyboard.press('ArrowDown');
        const seen = await page.evaluate<{ focused: boolean; clear: boolean }>(`(() => { ${boxes}
          return { focused: document.activeElement === input, clear: label.bottom <= bar.top && label.top >= 0 }; })()`);
        assert.deepEqual(seen, { focused: true, clear: true }, `${hour}:00 has the focus, wholly above the bar`);
      }
      watch.assertClean();
    });
  });
}
