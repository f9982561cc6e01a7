import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { after, before, describe, it } from 'node:test';
import { uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { offeredStarts, publicBooking, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The booking page as a client uses it, in chromium: on a phone and on a desktop, by pointer
 * and by keyboard alone, in English and in Dutch, a time taken meanwhile, a request; axe on
 * every state reached; the API then lists the booking.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`booking page in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string };
    let service: { id: number; name: string };
    let staffName: string;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      const salon = await setupBookingSalon(h.t);
      ({ admin, service } = salon);
      staffName = (
        await h.t.ctx.db.selectFrom('users').select('name').where('id', '=', salon.staff.id).executeTakeFirstOrThrow()
      ).name;
      await setSettings(h.t, admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
    });
    after(() => h.close());

    /** The booking the API lists for the client with `email`. */
    async function listed(email: string) {
      const response = await h.t.request({ method: 'GET', url: '/api/bookings', token: admin.token });
      assert.equal(response.status, 200);
      const client = await h.t.ctx.db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirst();
      assert.ok(client, `no client ${email}`);
      return (
        response.body as Array<{ client_id: number; service_id: number; start_at: string; status: string }>
      ).filter((booking) => booking.client_id === client.id);
    }

    it('on a phone, in English: services, anyone, a day, a time, details (consents unticked), booked; a valid .ics and calendar links without personal data; the API lists it', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      await assertAccessible(page, 'the booking page at first');

      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await page.getByRole('radio', { name: 'Anyone' }).waitFor();
      await page.getByRole('heading', { name: '3. Choose a day' }).waitFor();
      await assertAccessible(page, 'a service chosen');

      const date = salonDate(2);
      await (await dayButton(page, date, 'en-GB', 'Next month')).click();
      await page
        .getByRole('status')
        .filter({ hasText: /free times? on/ })
        .waitFor();
      await assertAccessible(page, 'the times of a day');
      const [start] = await offeredStarts(h.t, { date, service_id: service.id });
      await choose(page.getByRole('radio', { name: new RegExp(`${start} to`) }));

      assert.equal(await page.getByRole('checkbox', { name: /news and offers/ }).isChecked(), false);
      assert.equal(await page.getByRole('checkbox', { name: /text message/ }).isChecked(), false);
      const email = uniqueEmail('phone');
      await page.getByLabel('Name', { exact: true }).fill('Petra Phone');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Phone (optional)').fill('+31 6 12345678');
      await assertAccessible(page, 'the details filled in');
      await page.getByRole('button', { name: 'Book' }).click();

      await page.getByRole('heading', { name: "You're booked" }).waitFor();
      await assertAccessible(page, 'booked');

      // Next: the appointment into the client's calendar, as a file and as Google's and
      // Outlook's forms, carrying the salon's side only (never the client's name or email).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download for your calendar (.ics)' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /\.ics$/);
      const ics = await readFile(await download.path(), 'utf8');
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
      const startsAt = DateTime.fromFormat(`${date} ${start}`, 'yyyy-MM-dd HH:mm', { zone: 'Europe/Amsterdam' });
      assert.equal(event.startDate.toJSDate().getTime(), startsAt.toMillis(), 'DTSTART is the booked instant');
      assert.equal(event.endDate.toJSDate().getTime(), startsAt.plus({ minutes: 60 }).toMillis());
      assert.match(event.summary, new RegExp(service.name));
      for (const personal of ['Petra', email, '12345678'])
        assert.ok(!ics.includes(personal), `no ${personal} in the file`);
      for (const name of ['Google Calendar', 'Outlook Calendar']) {
        const link = page.getByRole('link', { name });
        const href = new URL((await link.getAttribute('href'))!);
        assert.ok(['calendar.google.com', 'outlook.live.com'].includes(href.hostname), href.hostname);
        assert.match(href.search, new RegExp(encodeURIComponent(service.name).replace(/%20/g, '(\\+|%20)')));
        for (const personal of ['Petra', email]) assert.ok(!href.href.includes(encodeURIComponent(personal)));
        assert.equal(await link.getAttribute('target'), '_blank');
      }
      assert.equal(
        await page.getByRole('link', { name: 'Manage your booking' }).getAttribute('href'),
        '/client/bookings',
      );
      await assertAccessible(page, 'booked, what next');
      watch.assertClean();

      const bookings = await listed(email);
      assert.equal(bookings.length, 1);
      assert.equal(bookings[0]!.start_at, `${date} ${start}:00`);
      assert.equal(bookings[0]!.status, 'scheduled');
    });

    it('on a desktop, in Dutch, by keyboard alone: booked; the API lists it', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();

      await tabTo(page, page.getByRole('checkbox', { name: new RegExp(service.name) }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('radio', { name: 'Maakt niet uit' }));
      // Arrow keys move the choice along the members, to the one who works every day.
      const member = page.getByRole('radio', { name: staffName });
      for (let i = 0; i < 5 && !(await member.isChecked()); i++) await page.keyboard.press('ArrowRight');
      assert.equal(await member.isChecked(), true);
      await page.getByRole('heading', { name: '3. Kies een dag' }).waitFor();
      await assertAccessible(page, 'Dutch, a service and a member chosen');

      // The calendar's focused day is today; two days on by arrow keys.
      await tabTo(page, page.locator('.calendar [role="gridcell"] [tabindex="0"]'));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: /vrije tijd(en)? op/ })
        .waitFor();
      await assertAccessible(page, 'Dutch, the times of a day');

      const times = page.getByRole('region', { name: '4. Kies een tijd' });
      await tabTo(page, times.getByRole('radio').first());
      await page.keyboard.press('Space');
      await times.getByRole('radio', { checked: true }).waitFor();

      const email = uniqueEmail('keyboard');
      await tabTo(page, page.getByLabel('Naam', { exact: true }));
      await page.keyboard.type('Karel Keyboard');
      await page.keyboard.press('Tab');
      await page.keyboard.type(email);
      await tabTo(page, page.getByRole('button', { name: 'Boeken' }));
      await assertAccessible(page, 'Dutch, details filled in');
      await page.keyboard.press('Enter');

      await page.getByRole('heading', { name: 'Je afspraak staat' }).waitFor();
      assert.ok(await page.getByRole('heading', { name: 'Je afspraak staat' }).evaluate(HAS_FOCUS));
      await assertAccessible(page, 'Dutch, booked');
      watch.assertClean();

      const bookings = await listed(email);
      assert.equal(bookings.length, 1);
      assert.equal(bookings[0]!.start_at.slice(0, 10), salonDate(2));
    });

    it('a time taken meanwhile: a clear message, fresh times without it, the details kept; another time books', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', timezoneId: 'America/New_York' });
      await page.goto('/book');
      await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
      const date = salonDate(3);
      await (await dayButton(page, date, 'en-GB', 'Next month')).click();
      await page.getByText("Times are in the salon's time zone (Europe/Amsterdam).").waitFor();
      const [first, second] = await offeredStarts(h.t, { date, service_id: service.id });
      await choose(page.getByRole('radio', { name: new RegExp(`${first} to`) }));
      const email = uniqueEmail('taken');
      await page.getByLabel('Name', { exact: true }).fill('Tara Taken');
      await page.getByLabel('Email', { exact: true }).fill(email);

      // Someone else books that time first.
      const other = await publicBooking(h.t, { service_id: service.id, start_at: `${date} ${first}:00` });
      assert.equal(other.status, 201, JSON.stringify(other.body));

      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('alert').filter({ hasText: 'that time was just taken' }).waitFor();
      // The fresh times arrive after the alert: the taken one leaves the list (waited for, not
      // counted at once, which raced the refetch), the others stay.
      await page.getByRole('radio', { name: new RegExp(`${first} to`) }).waitFor({ state: 'detached' });
      await page.getByRole('radio', { name: new RegExp(`${second} to`) }).waitFor();
      assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Tara Taken');
      assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), email);
      await assertAccessible(page, 'a time taken meanwhile');
      // The 409 is logged by the browser as a failed resource: expected here.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('409')),
        [],
      );

      await choose(page.getByRole('radio', { name: new RegExp(`${second} to`) }));
      await page.getByRole('button', { name: 'Book' }).click();
      await page.getByRole('heading', { name: "You're booked" }).waitFor();
      const bookings = await listed(email);
      assert.deepEqual(
        bookings.map((booking) => booking.start_at),
        [`${date} ${second}:00`],
      );
    });

    it('booking_mode request: the page says the request is sent and to confirm by email', async () => {
      await setSettings(h.t, admin.token, { booking_mode: 'request' });
      try {
        const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
        await page.goto('/book');
        await choose(page.getByRole('checkbox', { name: new RegExp(service.name) }));
        const date = salonDate(4);
        await (await dayButton(page, date, 'en-GB', 'Next month')).click();
        const [start] = await offeredStarts(h.t, { date, service_id: service.id });
        await choose(page.getByRole('radio', { name: new RegExp(`${start} to`) }));
        const email = uniqueEmail('request');
        await page.getByLabel('Name', { exact: true }).fill('Rita Request');
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByRole('button', { name: 'Send request' }).click();
        await page.getByRole('heading', { name: 'Request sent' }).waitFor();
        await page.getByText(/confirm your appointment with the link/).waitFor();
        await assertAccessible(page, 'a request sent');
        watch.assertClean();
        assert.equal((await listed(email))[0]?.status, 'provisional');
      } finally {
        await setSettings(h.t, admin.token, { booking_mode: 'direct' });
      }
    });
  });
}
