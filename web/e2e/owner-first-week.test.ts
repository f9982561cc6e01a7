import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { unzip } from '../../test/helpers/unzip.js';
import { setupSalon, uniqueEmail } from '../../test/helpers/app.js';
import { createClient, nextSlot } from '../../test/helpers/bookings.js';
import { TINY_PNG } from '../../test/helpers/multipart.js';
import { DESKTOP, HAS_FOCUS, moveByKeyboard, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';
import { drawByKeyboard } from './roster.js';

/*
 * An owner's first week in the manager's screens, as one flow from a freshly set-up salon, in
 * English on a desktop: a member registered; a category and two services, who performs them
 * (the member at a price of her own), the room the colour service needs, the services reordered
 * by keyboard; the member's default week applied to next month, time off over a booking of hers
 * (the booking shown) and a shift drawn on the roster by keyboard; a supplier and a product of
 * theirs, a purchase order ordered and received with its packing slip (the stock up by the
 * delivery, which the product's history lists), the year's slips downloaded as a ZIP and opened;
 * a CSV of clients imported after its dry run. Axe on every state reached. Then the same salon
 * on a phone in Dutch: three of those screens, one action each. The rules of each screen (the
 * refusals, the limits) are the per-area tests' (manage-*.test.ts); this file proves that the
 * screens make one path.
 */

/** A client list as another system exports it: two good rows and one whose email is no address. */
const CLIENTS_CSV = Buffer.from(
  [
    'name,email,phone',
    'Imke Import,imke@example.com,0612340001',
    'Ids Import,ids@example.com,0612340002',
    'Bad Email,not-an-address,',
  ].join('\r\n') + '\r\n',
);

/** A button or link used by keyboard: focused, then Enter (a phone's scrolling never gets in its way). */
async function activate(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

/** Next month's days (YYYY-MM-DD) after `today`, counted as the calendar does. */
function daysOfNextMonth(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1-based: as a 0-based index, next month
  const days: string[] = [];
  for (let day = new Date(Date.UTC(year, month, 1)); day.getUTCMonth() === month % 12;) {
    days.push(day.toISOString().slice(0, 10));
    day = new Date(day.getTime() + 86_400_000);
  }
  return days;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ZONE = 'Europe/Amsterdam';

for (const dialect of BROWSER_DIALECTS) {
  describe(`an owner's first week in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string; id: number };
    const member = { id: 0, name: 'Mila Janssen' };
    let productPath = '';

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    it('from a new salon: staff, services, a room, rosters, time off, stock received with its slip, the ZIP, clients imported (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', timezoneId: ZONE });
      await signInAtDesk(page, admin.email);

      // Monday: a member, registered with the welcome email.
      await page.goto('/manage/staff');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await assertAccessible(page, 'the staff list');
      await page.getByRole('button', { name: 'Register a member' }).click();
      const register = page.getByRole('dialog', { name: 'Register a member' });
      await register.getByLabel('Name').fill(member.name);
      await register.getByLabel('Email').fill(uniqueEmail('mila'));
      await assertAccessible(page, 'the register dialog');
      await register.getByLabel('Email').press('Enter');
      await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
      const memberPath = new URL(page.url()).pathname;
      member.id = Number(memberPath.split('/').pop());
      assert.ok(member.id > 0, memberPath);
      await assertAccessible(page, "the member's page");

      // The services: a category, then a cut and a colour in it.
      await page.goto('/manage/services');
      await page.getByText('No services yet').waitFor();
      await assertAccessible(page, 'no services yet');
      await page.getByRole('button', { name: 'New category' }).click();
      const categoryDialog = page.getByRole('dialog', { name: 'New category' });
      await categoryDialog.getByLabel('Name').fill('Hair');
      await categoryDialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('grid', { name: 'Categories' }).getByRole('row', { name: 'Hair' }).waitFor();
      for (const [name, minutes, price] of [
        ['Cut', '30', '25'],
        ['Colour', '90', '50'],
      ] as const) {
        await page.getByRole('button', { name: 'New service' }).click();
        const dialog = page.getByRole('dialog', { name: 'New service' });
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByLabel('Category').selectOption({ label: 'Hair' });
        await dialog.getByLabel('Duration (minutes)').fill(minutes);
        await dialog.getByLabel('Price (VAT included)').fill(price);
        if (name === 'Cut') await assertAccessible(page, 'the new service dialog');
        await dialog.getByRole('button', { name: 'Create' }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
        if (name === 'Cut') {
          await page.getByRole('link', { name: 'Back to the services' }).click();
          await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
        }
      }
      const services = async () =>
        (await api(h.t, admin.token, 'GET', '/api/services')) as Array<{
          id: number;
          name: string;
          resource_ids: number[];
        }>;
      const colour = (await services()).find((service) => service.name === 'Colour')!;

      // Who performs the colour: everyone who takes bookings, the member at a price of her own.
      const mila = page.getByRole('form', { name: member.name });
      assert.equal(
        await mila.getByRole('checkbox', { name: `${member.name} performs this service` }).isChecked(),
        true,
      );
      await mila.getByLabel(`Price with ${member.name}`).fill('65');
      await mila.getByRole('button', { name: `Save for ${member.name}` }).click();
      await page.getByRole('status').getByText(`Saved for ${member.name}.`).waitFor();
      await assertAccessible(page, 'the colour service with who performs it');
      const performers = (await api(h.t, admin.token, 'GET', `/api/services/${colour.id}/staff`)) as Array<{
        staff_id: number;
        price: number;
      }>;
      assert.deepEqual(
        performers.map(({ staff_id, price }) => [staff_id, price]).sort(([a], [b]) => a! - b!),
        [
          [admin.id, 50],
          [member.id, 65],
        ],
      );

      // The room the colour service needs, from the rooms screen.
      await page.getByRole('link', { name: 'Back to the services' }).click();
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
      await page.getByRole('link', { name: 'Back to managing the salon' }).click();
      await page.getByRole('link', { name: 'Rooms and equipment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Rooms and equipment' }).waitFor();
      await page.getByRole('button', { name: 'New room or equipment' }).click();
      const roomDialog = page.getByRole('dialog', { name: 'New room or equipment' });
      await roomDialog.getByLabel('Name').fill('Colour bar');
      await roomDialog.getByLabel('Capacity').fill('2');
      await roomDialog.getByRole('checkbox', { name: 'Colour' }).check({ force: true });
      await assertAccessible(page, 'the new room dialog');
      await roomDialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('row', { name: /Colour bar/ }).waitFor();
      await assertAccessible(page, 'the rooms list');
      const rooms = (await api(h.t, admin.token, 'GET', '/api/resources')) as Array<{ id: number; name: string }>;
      const room = rooms.find((candidate) => candidate.name === 'Colour bar');
      assert.ok(room, 'the room is made');
      assert.deepEqual((await services()).find((service) => service.id === colour.id)!.resource_ids, [room.id]);

      // The colour first: its row's drag handle, moved by keyboard.
      await page.getByRole('link', { name: 'Back to managing the salon' }).click();
      await page.getByRole('main').getByRole('link', { name: 'Services', exact: true }).click();
      const serviceGrid = page.getByRole('grid', { name: 'Services' });
      const colourRow = serviceGrid.getByRole('row', { name: /Colour/ });
      await colourRow.waitFor();
      await tabTo(page, serviceGrid);
      for (let i = 0; i < 3 && !(await colourRow.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      assert.equal(await colourRow.getByRole('button').first().evaluate(HAS_FOCUS), true, 'the drag handle');
      await moveByKeyboard(page, 'ArrowUp');
      await page.getByRole('status').getByText('Colour moved to place 1 of 2.').waitFor();
      await waitFor(async () => (await services())[0]!.name === 'Colour', 'the new order saved');
      assert.deepEqual(
        (await services()).map((service) => service.name),
        ['Colour', 'Cut'],
      );
      await assertAccessible(page, 'the services reordered');

      // Tuesday: the member's default week (the first three days of the week), applied to next month.
      await page.goto(memberPath);
      await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add a day' }).click();
      await page.getByRole('button', { name: 'Save the default week' }).click();
      let week: Array<{ day_of_week: number }> = [];
      await waitFor(async () => {
        week = await api(h.t, admin.token, 'GET', `/api/staff/default-shifts?staff_id=${member.id}`);
        return week.length === 3;
      }, 'the default week saved');
      await page.getByRole('button', { name: 'Apply the default week' }).click();
      await page
        .getByRole('status')
        .getByText(/\d+ shifts? created/)
        .waitFor();
      await assertAccessible(page, 'the default week applied');
      const { timezone } = await api(h.t, admin.token, 'GET', '/api/public/salon-page');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
      const workdays = new Set(week.map((row) => row.day_of_week));
      const expected = daysOfNextMonth(today).filter((day) => workdays.has(new Date(`${day}T00:00:00Z`).getUTCDay()));
      const shifts = (await api(h.t, admin.token, 'GET', `/api/staff/shifts?staff_id=${member.id}`)) as Array<{
        date: string;
      }>;
      assert.deepEqual(shifts.map((shift) => shift.date).sort(), expected);

      // Time off over a booking of hers: the booking is shown under it.
      const client = await createClient(h.t, admin.token, { name: 'Fleur de Wit', phone: '+31612340000' });
      const slot = nextSlot();
      await api(h.t, admin.token, 'POST', '/api/bookings', {
        client_id: client.id,
        staff_id: member.id,
        service_id: colour.id,
        start_at: slot.start_at,
        end_at: `${slot.date} 11:30:00`, // the colour's 90 minutes from 10:00
      });
      await page.getByLabel('First day').fill(slot.date);
      await page.getByLabel('Last day').fill(slot.date);
      await page.getByRole('button', { name: 'Add time off', exact: true }).last().click();
      await page.getByText(/1 booking falls inside it/).waitFor();
      await page.getByRole('link', { name: new RegExp(client.name) }).waitFor();
      await assertAccessible(page, 'time off over a booking');

      // The roster: a shift drawn by keyboard on next week's fourth day, 10:00–12:00.
      await page.goto('/manage/staff/roster');
      await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
      await page.getByLabel('Staff member').selectOption(String(member.id));
      await page.getByRole('button', { name: 'Next week' }).click();
      await drawByKeyboard(page, 3, 10, 4);
      await page.getByRole('list').getByText('10:00–12:00').first().waitFor();
      await assertAccessible(page, 'a shift drawn on the roster');
      const drawn = (await api(h.t, admin.token, 'GET', `/api/staff/shifts?staff_id=${member.id}`)) as Array<{
        start_time: string;
        end_time: string;
      }>;
      assert.equal(drawn.length, expected.length + 1, 'next month and the drawn shift');
      assert.ok(drawn.some((shift) => shift.start_time === '10:00' && shift.end_time === '12:00'));

      // Wednesday: a supplier, and a product of theirs with no stock yet.
      await page.goto('/manage/suppliers');
      await page.getByRole('heading', { level: 1, name: 'Suppliers and purchase orders' }).waitFor();
      await assertAccessible(page, 'the suppliers');
      await activate(page.getByRole('button', { name: 'New supplier' }));
      const supplierDialog = page.getByRole('dialog', { name: 'New supplier' });
      await supplierDialog.getByLabel('Name').fill('Haircare Wholesale');
      await supplierDialog.getByLabel('Name').press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Haircare Wholesale' }).waitFor();
      await page.getByText(/^CRED\d{3,}$/).waitFor();
      await assertAccessible(page, "the supplier's card");

      await page.goto('/manage/products');
      await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
      await activate(page.getByRole('button', { name: 'New product' }));
      const productDialog = page.getByRole('dialog', { name: 'New product' });
      await productDialog.getByLabel('Name').fill('Argan Repair Mask');
      await productDialog.getByLabel('SKU', { exact: true }).fill('ARG-1');
      await productDialog.getByLabel('Price (incl. VAT)').fill('24.95');
      await productDialog.getByLabel('Purchase price', { exact: true }).fill('11.5');
      await productDialog.getByLabel('Supplier').selectOption({ label: 'Haircare Wholesale' });
      await assertAccessible(page, "the product's form");
      await activate(productDialog.getByRole('button', { name: 'Add product' }));
      await page.getByRole('heading', { level: 1, name: 'Argan Repair Mask' }).waitFor();
      productPath = new URL(page.url()).pathname;
      const productId = Number(productPath.split('/').pop());
      assert.equal((await api(h.t, admin.token, 'GET', `/api/inventory/products/${productId}`)).quantity_on_hand, 0);
      await assertAccessible(page, "the product's card");

      // A purchase order from the supplier's card, its line from the low-stock suggestion.
      await activate(page.getByRole('link', { name: 'Haircare Wholesale' }));
      await page.getByRole('heading', { level: 1, name: 'Haircare Wholesale' }).waitFor();
      // The supplier's products held back on the way: until they arrive, a suggestion (which
      // would find nothing low) cannot be asked for.
      let release = () => {};
      const heldBack = new Promise<void>((resolve) => (release = resolve));
      const supplierProducts = /\/api\/inventory\/products\?.*supplier_id=/;
      await page.route(supplierProducts, async (route) => {
        await heldBack;
        await route.continue();
      });
      await activate(page.getByRole('button', { name: 'New purchase order' }));
      await page.getByRole('heading', { level: 1, name: /IO\d{6}/ }).waitFor();
      await page.getByRole('button', { name: 'Suggest from low stock', disabled: true }).waitFor();
      release();
      const suggest = page.getByRole('button', { name: 'Suggest from low stock', disabled: false });
      await suggest.waitFor();
      await page.unroute(supplierProducts);
      await activate(suggest);
      await page.getByRole('row', { name: /Argan Repair Mask/ }).waitFor();
      await activate(page.getByRole('button', { name: 'Save lines' }));
      await page.getByText('Lines saved.').waitFor();
      await assertAccessible(page, "the order's lines");
      await activate(page.getByRole('button', { name: 'Mark as ordered' }));
      await page.locator('.stock-status').getByText('Ordered').waitFor();
      await assertAccessible(page, 'the order ordered');

      // Thursday: the delivery, received into stock, and its packing slip shown in the page.
      await activate(page.getByRole('button', { name: 'Receive…' }));
      const receiveDialog = page.getByRole('dialog');
      await receiveDialog.waitFor();
      await assertAccessible(page, 'receiving the order');
      await activate(receiveDialog.getByRole('button', { name: 'Receive into stock' }));
      await page.locator('.stock-status').getByText('Received').waitFor();
      await page
        .getByLabel('Packing slip (PDF or image, at most 10 MB)')
        .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: TINY_PNG });
      await activate(page.getByRole('button', { name: 'Upload' }));
      const slip = page.getByRole('img', { name: /^Packing slip IO\d+_CRED\d+_\d{8}\.png$/ });
      await slip.waitFor();
      const slipName = (await slip.getAttribute('alt'))!.replace(/^Packing slip /, '');
      await assertAccessible(page, 'the packing slip shown');

      // The stock went up by the delivery (the suggestion's quantity), which the history lists.
      const received = await api(h.t, admin.token, 'GET', `/api/inventory/products/${productId}`);
      assert.ok(received.quantity_on_hand > 0, `in stock: ${received.quantity_on_hand}`);
      await page.goto(productPath);
      await page.getByRole('heading', { level: 1, name: 'Argan Repair Mask' }).waitFor();
      await page
        .getByRole('grid', { name: 'Stock history' })
        .getByRole('row')
        .filter({ hasText: `+${received.quantity_on_hand}` })
        .filter({ hasText: 'Delivery' })
        .waitFor();
      await assertAccessible(page, "the product's history after the delivery");

      // The year's packing slips as one ZIP, opened: the slip is in it, byte for byte.
      await page.goto('/manage/suppliers');
      await page.getByRole('heading', { level: 1, name: 'Suppliers and purchase orders' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        activate(page.getByRole('button', { name: 'Download ZIP' })),
      ]);
      const files = await unzip(readFileSync(await download.path()));
      assert.deepEqual([...files.keys()], [slipName]);
      assert.deepEqual(files.get(slipName), TINY_PNG);

      // Friday: the client list from the old system, imported after its dry run.
      await page.goto('/manage/imports');
      await page.getByRole('heading', { level: 1, name: 'Imports' }).waitFor();
      await assertAccessible(page, 'the imports page');
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: CLIENTS_CSV });
      await page.getByRole('button', { name: 'Check the file' }).click();
      const importedClients = async () => {
        const found = await api(h.t, admin.token, 'GET', '/api/clients?search=Import');
        return (Array.isArray(found) ? found : found.data).map((row: { name: string }) => row.name).sort();
      };
      const report = page.getByRole('region', { name: 'What the import would do' });
      await report
        .getByRole('row', { name: /not-an-address/ })
        .getByText(/^email: /)
        .waitFor();
      assert.deepEqual(await importedClients(), [], 'a dry run imports nothing');
      await assertAccessible(page, "the dry run's preview");
      await report.getByRole('button', { name: 'Import 2 rows' }).click();
      await page.getByRole('heading', { level: 2, name: 'Imported' }).waitFor();
      await page.getByRole('region', { name: 'Earlier imports' }).getByText('clients.csv', { exact: false }).waitFor();
      await assertAccessible(page, 'the file imported and in the history');
      assert.deepEqual(await importedClients(), ['Ids Import', 'Imke Import']);
      assertClean(watch);
    });

    it('the same salon on a phone in Dutch: the member with her time off, the roster and a product, one action each', async () => {
      assert.ok(member.id > 0 && productPath, 'the first week ran');
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL', timezoneId: ZONE });
      await signInAtDesk(page, admin.email);

      // The member's page: her time off, with the booking inside it, opens that booking's day.
      await page.goto(`/manage/staff/${member.id}`);
      await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
      await page.getByText(/^1 afspraak valt erin/).waitFor();
      await assertAccessible(page, 'een medewerker met vrije dagen over een afspraak (telefoon)');
      await activate(page.getByRole('link', { name: /Fleur de Wit/ }));
      await page.waitForURL((url) => url.pathname.startsWith('/bookings/'));
      await page.getByText('Fleur de Wit').first().waitFor();
      await assertAccessible(page, 'de afspraak uit de vrije dagen (telefoon)');

      // The roster: a shift drawn by keyboard, the week after next, 14:00–15:00.
      await page.goto('/manage/staff/roster');
      await page.getByRole('heading', { level: 1, name: 'Rooster' }).waitFor();
      await page.getByLabel('Medewerker').selectOption(String(member.id));
      await page.getByRole('button', { name: 'Volgende week' }).click();
      await page.getByRole('button', { name: 'Volgende week' }).click();
      await assertAccessible(page, 'het rooster (telefoon)');
      await drawByKeyboard(page, 4, 14, 2);
      await page.getByRole('list').getByText('14:00–15:00').first().waitFor();
      await assertAccessible(page, 'een dienst getekend (telefoon)');

      // The product's history, filtered to deliveries.
      await page.goto(productPath);
      await page.getByRole('heading', { level: 1, name: 'Argan Repair Mask' }).waitFor();
      await page.getByLabel('Reden').selectOption('delivery');
      const history = page.getByRole('grid', { name: 'Voorraadgeschiedenis' });
      await history.getByRole('row').filter({ hasText: 'Levering' }).waitFor();
      // A function, not a string: while it polls, a string is run through eval in the page, which
      // the pages' Content-Security-Policy (no 'unsafe-eval') refuses.
      await page.waitForFunction(
        (root) => root?.querySelectorAll('[aria-busy="true"]').length === 0,
        await page.locator('body').elementHandle(),
      );
      assert.equal(await history.getByRole('row').count(), 2, 'the header and the delivery');
      await assertAccessible(page, 'de voorraadgeschiedenis (telefoon)');
      assertClean(watch);
    });
  });
}
