import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE, watchForHeading } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The manager's records on their own screens in chromium: a gift card issued, changed on its
 * own page (which a reload keeps) and deleted after a question, a spent one's deletion refused
 * as the rule it breaks; a promotion's form opened from its address; a member added with a
 * password and removed; one shift's times changed on the roster (an overlap refused first); a
 * member's default week cleared. Axe on every state, in English on a desktop; in Dutch on a
 * phone only the gift card's page, its change saved.
 */

/** Today's date in the salon's time zone, as the roster's week starts from it. */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 10);
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`the manager's records on their own screens in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let spent: { id: number; code: string };
    let promotion: { id: number; code: string };
    let rostered: { id: number; name: string };
    let today: string;

    before(async () => {
      // An outbox without a mail server: a card's email is queued, never sent.
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      const staff = await createStaff(h.t, 'staff');
      const service = await createService(h.t, admin.token, { name: 'Blow-dry', price: 20 });
      // A card partly spent at the till: the service keeps it (deactivate, not delete).
      spent = await api(h.t, admin.token, 'POST', '/api/giftcards', { amount: 50, recipient_name: 'Rosa' });
      const client = await createClient(h.t, admin.token);
      await api(h.t, admin.token, 'POST', '/api/pos', {
        client_id: client.id,
        staff_id: staff.id,
        payment_method: 'cash',
        gift_card_code: spent.code,
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      promotion = await api(h.t, admin.token, 'POST', '/api/promotions', {
        code: 'LINKED10',
        name: 'Linked',
        discount_type: 'percentage',
        discount_value: 10,
      });
      // A member with two shifts today (a gap at lunch) and a saved default week.
      rostered = await api(h.t, admin.token, 'POST', '/api/staff/staff', {
        name: 'Roos Rooster',
        email: uniqueEmail('roster'),
        password: 'roster-password-1',
      });
      today = todayIn((await api(h.t, admin.token, 'GET', '/api/public/salon-page')).timezone);
      for (const [start_time, end_time] of [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ]) {
        await api(h.t, admin.token, 'POST', '/api/staff/shifts', {
          staff_id: rostered.id,
          date: today,
          start_time,
          end_time,
        });
      }
      await api(h.t, admin.token, 'POST', '/api/staff/default-shifts/save-week', {
        staff_id: rostered.id,
        shifts: [
          { day_of_week: 1, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 2, start_time: '09:00', end_time: '17:00' },
        ],
      });
    });
    after(() => h.close());

    it('issues, changes and deletes a gift card; a spent one is refused; a promotion opens from its address (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAtDesk(page, admin.email);
      await page.goto('/manage/offers/gift-cards');
      await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();

      await page.getByRole('button', { name: 'Issue a gift card' }).click();
      const issue = page.getByRole('dialog', { name: 'Issue a gift card' });
      await issue.getByLabel('Value', { exact: true }).fill('25');
      await issue.getByLabel("Recipient's name").fill('Noor');
      await assertAccessible(page, 'the issue dialog');
      await issue.getByRole('button', { name: 'Issue the gift card' }).click();
      await page.waitForURL((url) => /^\/manage\/offers\/gift-cards\/\d+$/.test(url.pathname));
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const issued = await api(h.t, admin.token, 'GET', `/api/giftcards/${id}`);
      assert.equal(issued.initial_value, 25);
      assert.equal(issued.recipient_name, 'Noor');

      // The card's own address survives a reload: it is read by its id.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Gift card ${issued.code}` }).waitFor();
      await assertAccessible(page, "a gift card's own page");

      await page.getByLabel('Message').fill('Happy birthday!');
      await page.getByRole('checkbox', { name: /Switched on/ }).uncheck({ force: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Gift card saved.').waitFor();
      const changed = await api(h.t, admin.token, 'GET', `/api/giftcards/${id}`);
      assert.equal(changed.message, 'Happy birthday!');
      assert.equal(changed.active, 0);
      await assertAccessible(page, 'a gift card changed');

      await page.getByRole('button', { name: 'Delete this gift card' }).click();
      const ask = page.getByRole('alertdialog', { name: `Delete gift card ${issued.code}?` });
      await assertAccessible(page, "a gift card's deletion asked");
      await ask.getByRole('button', { name: 'Delete the gift card' }).click();
      await page.waitForURL((url) => url.pathname === '/manage/offers/gift-cards');
      const gone = await h.t.request({ method: 'GET', url: `/api/giftcards/${id}`, token: admin.token });
      assert.equal(gone.status, 404);

      // A spent card: the service refuses, said in the question, which stays open.
      await page.getByRole('row', { name: new RegExp(spent.code) }).click();
      await page.getByRole('heading', { level: 1, name: `Gift card ${spent.code}` }).waitFor();
      await page.getByRole('button', { name: 'Delete this gift card' }).click();
      const refused = page.getByRole('alertdialog', { name: `Delete gift card ${spent.code}?` });
      await refused.getByRole('button', { name: 'Delete the gift card' }).click();
      await refused
        .getByRole('alert')
        .getByText(/was sold at the till or has been spent/)
        .waitFor();
      await assertAccessible(page, "a spent gift card's deletion refused");
      await refused.getByRole('button', { name: 'Cancel' }).click();

      // A promotion's form from its own address, read by id.
      await page.goto(`/manage/offers/promotions/${promotion.id}`);
      const form = page.getByRole('dialog', { name: `Edit ${promotion.code}` });
      assert.equal(await form.getByLabel('Name', { exact: true }).inputValue(), 'Linked');
      await assertAccessible(page, "a promotion's form from its address");
      await form.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.pathname === '/manage/offers/promotions');
      assertClean(watch, [401, 409]);
    });

    it("adds and removes a member, changes one shift's times, clears a default week (en, desktop)", async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAtDesk(page, admin.email);
      await page.goto('/manage/staff');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await page
        .getByRole('grid', { name: 'Accounts' })
        .getByRole('row', { name: /Roos Rooster/ })
        .waitFor();
      await assertAccessible(page, 'the staff list with its accounts');

      await page.getByRole('button', { name: 'Add with a password' }).click();
      const add = page.getByRole('dialog', { name: 'Add with a password' });
      const email = uniqueEmail('added');
      await add.getByLabel('Name').fill('Eva Extra');
      await add.getByLabel('Email').fill(email);
      await add.getByLabel('Password').fill('extra-password-1');
      await assertAccessible(page, 'the add-a-member dialog');
      await add.getByRole('button', { name: 'Add the member' }).click();
      await page.getByRole('heading', { level: 1, name: 'Eva Extra' }).waitFor();
      const added = (await api(h.t, admin.token, 'GET', '/api/staff/staff')).find(
        (member: { email: string }) => member.email === email,
      );
      assert.ok(added, 'the member is added');

      await page.getByRole('button', { name: 'Remove Eva Extra' }).click();
      const remove = page.getByRole('alertdialog', { name: 'Remove Eva Extra' });
      await assertAccessible(page, "a member's removal asked");
      // The member's page never says "not found" on the way out (the list is read again before the page leaves).
      const notFoundSeen = await watchForHeading(page, 'Staff member not found');
      await remove.getByRole('button', { name: 'Remove the member' }).click();
      await page.waitForURL((url) => url.pathname === '/manage/staff');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      assert.equal(await notFoundSeen(), false, 'no "not found" flashed while the member was removed');
      const left = await api(h.t, admin.token, 'GET', '/api/staff/staff?include_inactive=true');
      assert.ok(!left.some((member: { email: string }) => member.email === email), 'the member is removed');

      // One shift's times: stretched into the afternoon's shift first (refused), then to 12:30.
      await page.goto('/manage/staff/roster');
      await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
      await page.getByLabel('Staff member').selectOption(String(rostered.id));
      await page.getByRole('button', { name: /^Change .*09:00–12:00$/ }).click();
      const shift = page.getByRole('dialog', { name: /^Change the shift on / });
      await shift.getByLabel('Until').fill('14:00');
      await shift.getByRole('button', { name: 'Save the shift' }).click();
      await shift
        .getByRole('alert')
        .getByText('This shift overlaps another shift of this member on that day.')
        .waitFor();
      assert.equal(await shift.getByLabel('Until').inputValue(), '14:00', 'what was typed stays');
      await assertAccessible(page, "a shift's overlap refused");
      await shift.getByLabel('Until').fill('12:30');
      await shift.getByRole('button', { name: 'Save the shift' }).click();
      await shift.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Change .*09:00–12:30$/ }).waitFor();
      const shifts = await api(
        h.t,
        admin.token,
        'GET',
        `/api/staff/shifts?staff_id=${rostered.id}&from=${today}&to=${today}`,
      );
      assert.deepEqual(
        shifts.map((item: { start_time: string; end_time: string }) => `${item.start_time}–${item.end_time}`),
        ['09:00–12:30', '13:00–17:00'],
      );
      await assertAccessible(page, 'a shift changed');

      // The member's default week, cleared after a question.
      await page.goto(`/manage/staff/${rostered.id}`);
      await page.getByRole('heading', { level: 1, name: 'Roos Rooster' }).waitFor();
      await page.getByRole('button', { name: 'Clear the default week' }).click();
      const clear = page.getByRole('alertdialog', { name: 'Clear the default week' });
      await assertAccessible(page, "a default week's clearing asked");
      await clear.getByRole('button', { name: 'Clear the default week' }).click();
      await page.getByRole('status').getByText('The default week is cleared.').waitFor();
      assert.deepEqual(await api(h.t, admin.token, 'GET', `/api/staff/default-shifts?staff_id=${rostered.id}`), []);
      await assertAccessible(page, 'a default week cleared');
      assertClean(watch, [401, 409]);
    });

    it("a gift card's own page, its change saved (nl, phone)", async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAtDesk(page, admin.email);
      await page.goto(`/manage/offers/gift-cards/${spent.id}`);
      await page.getByRole('heading', { level: 1, name: `Cadeaubon ${spent.code}` }).waitFor();
      await assertAccessible(page, "a gift card's own page (nl, phone)");
      await page.getByLabel('Naam ontvanger').fill('Rosa de Vries');
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await page.getByRole('status').getByText('Cadeaubon opgeslagen.').waitFor();
      assert.equal((await api(h.t, admin.token, 'GET', `/api/giftcards/${spent.id}`)).recipient_name, 'Rosa de Vries');
      await assertAccessible(page, 'a gift card changed (nl, phone)');
      assertClean(watch, [401]);
    });
  });
}
