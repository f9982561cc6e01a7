import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean } from './desk.js';

/*
 * The client's card whole, in chromium: an admin creates a client (an email in use refused on
 * its field, what was typed kept), edits them (the same refusal), sees the card's figures after
 * a sale and a refund (sales minus refunds, to the cent), merges a duplicate (the preview of
 * what each keeps, then the result), downloads the GDPR export and erases the client with the
 * confirmation that says what is kept; a staff member's card offers none of the admin's
 * actions: English on a desktop. On a phone in Dutch a short check (the spend and a package's
 * last day in Dutch money and dates, an edit saved). axe on every state.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    welcome: 'Today',
    newClient: 'New client',
    name: 'Name',
    phone: 'Phone',
    create: 'Create client',
    language: 'Language of their messages',
    emailTaken: 'This email address is already in use.',
    edit: 'Edit',
    save: 'Save',
    saved: 'Saved.',
    spent: 'Lifetime spend',
    points: 'Loyalty points',
    usableUntil: (date: string) => `Cut and blow-dry (Month of trims): 2 of 2 left, usable until ${date}`,
    expired: (date: string) => `Cut and blow-dry (Week of trims): 2 of 2 left, expired (usable until ${date})`,
    merge: 'Merge a duplicate…',
    searchDuplicate: 'Search the duplicate',
    fromDuplicate: '(from the duplicate)',
    oneSale: '1 sale',
    mergeNow: 'Merge',
    merged: (dup: string, name: string) => `${dup} was merged into ${name}.`,
    download: 'Download their data',
    erase: 'Erase personal data…',
    kept: /Kept, without their name: their appointments and the till’s sales, refunds and receipts/,
    eraseNow: 'Erase',
    erased: (name: string) => `The personal data of ${name} was erased.`,
    messages: 'Messages sent',
    locale: 'en-GB',
  },
  // The phone's short check in Dutch.
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    welcome: 'Vandaag',
    edit: 'Bewerken',
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    usableUntil: (date: string) => `Cut and blow-dry (Month of trims): nog 2 van 2, te gebruiken tot en met ${date}`,
    locale: 'nl-NL',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

for (const dialect of BROWSER_DIALECTS) {
  describe(`the client's card, whole, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string };
    let owner: { email: string; password: string };
    let desk: { email: string; password: string };
    let staffId: number;
    let service: { id: number };
    let monthPackage: number;
    let shortPackage: number;
    let taken: string;

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      owner = await createStaff(h.t, 'admin');
      const staff = await createStaff(h.t, 'staff');
      desk = staff;
      staffId = staff.id;
      await api(h.t, admin.token, 'PUT', '/api/loyalty/settings', { loyalty_enabled: 1, points_per_euro: 1 });
      service = await createService(h.t, admin.token, { name: 'Cut and blow-dry', price: 80 });
      const pack = async (name: string, validDays: number) =>
        (
          await api(h.t, admin.token, 'POST', '/api/packages', {
            name,
            price: 0,
            valid_days: validDays,
            services: [{ service_id: service.id, quantity: 2 }],
          })
        ).id as number;
      monthPackage = await pack('Month of trims', 30);
      shortPackage = await pack('Week of trims', 7);
      taken = (await createClient(h.t, admin.token, { name: 'Someone Else' })).email!;
    });
    after(() => h.close());

    async function signIn(page: Page, watch: PageWatch, words: Words, who: { email: string; password: string }) {
      await page.goto('/login');
      await page.getByLabel(words.email).focus();
      await page.keyboard.type(who.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(who.password);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      // The office asks for a session before there is one: the browser logs that 401, only that.
      assertClean(watch);
      watch.problems.splice(0, watch.problems.length);
    }

    /** The error said on a field: the text its input is described by (React Aria links them). */
    async function fieldError(field: Locator): Promise<string> {
      // Typed structurally: the test's program has no DOM types.
      type Node = {
        getAttribute(name: string): string | null;
        ownerDocument: { getElementById(id: string): { textContent: string | null } | null };
      };
      return field.evaluate((input: Node) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id: string) => input.ownerDocument.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    }

    /** Replaces a field's text by keyboard. */
    async function retype(page: Page, field: Locator, text: string) {
      await field.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
    }

    // The flows in English on a desktop; Dutch on a phone is the short check at the end.
    {
      const [language, viewport, label] = ['en', DESKTOP, 'desktop'] as const;
      const words = WORDS[language];

      it(`create, edit, figures after a sale and a refund, merge, export and erase (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale: words.locale });
        await signIn(page, watch, words, owner);
        await page.goto('/clients');
        const name = `Eva Example ${language}`;

        // Create: an email another client has is refused on its field; what was typed stays.
        await tabTo(page, page.getByRole('button', { name: words.newClient }));
        await page.keyboard.press('Enter');
        const form = page.getByRole('dialog', { name: words.newClient });
        await form.waitFor();
        await page.keyboard.type(name);
        const email = form.getByLabel(words.email, { exact: true });
        await retype(page, email, taken);
        await retype(page, form.getByLabel(words.phone), '06 5555 1234');
        await page.keyboard.press('Enter');
        await form.getByRole('alert').getByText(words.emailTaken).waitFor();
        assert.match(await fieldError(email), new RegExp(words.emailTaken.replace('.', '\\.')));
        assert.equal(await email.getAttribute('aria-invalid'), 'true');
        assert.equal(await form.getByLabel(words.name).inputValue(), name, 'the name typed stays');
        await assertAccessible(page, `the new client's email refused (${language}, ${label})`);
        const own = `eva.${language}.${Date.now()}@example.com`;
        await retype(page, email, own);
        await form.getByLabel(words.language).selectOption('nl');
        await tabTo(page, form.getByRole('button', { name: words.create }));
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name }).waitFor();
        const id = Number(new URL(page.url()).pathname.split('/').pop());
        assert.ok(id > 0);
        await page.getByText('+31655551234').waitFor();
        assert.equal((await api(h.t, admin.token, 'GET', `/api/clients/${id}`)).language, 'nl');

        // Edit: the same refusal on the email field; then saved.
        await tabTo(page, page.getByRole('button', { name: words.edit, exact: true }));
        await page.keyboard.press('Enter');
        const edit = page.getByRole('dialog');
        const editEmail = edit.getByLabel(words.email, { exact: true });
        assert.equal(await editEmail.inputValue(), own, 'the form holds the client');
        await retype(page, editEmail, taken);
        await tabTo(page, edit.getByRole('button', { name: words.save }));
        await page.keyboard.press('Enter');
        await edit.getByRole('alert').getByText(words.emailTaken).waitFor();
        assert.match(await fieldError(editEmail), new RegExp(words.emailTaken.replace('.', '\\.')));
        await assertAccessible(page, `the edit's email refused (${language}, ${label})`);
        await retype(page, editEmail, own);
        await retype(page, edit.getByLabel(/Notes|Notities/), 'Likes tea');
        await tabTo(page, edit.getByRole('button', { name: words.save }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.saved).waitFor();
        await page.getByText('Likes tea').waitFor();

        // A sale of 80.00 and a refund of 27.35 at the till: the card says 52.65 spent and the points.
        const order = await api(h.t, admin.token, 'POST', '/api/pos', {
          client_id: id,
          staff_id: staffId,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        });
        await api(h.t, admin.token, 'POST', `/api/pos/${order.id}/refunds`, {
          reason: 'Fringe too short',
          items: [{ order_item_id: order.items[0].id, amount: 27.35 }],
        });
        await page.reload();
        const figures = page.getByRole('region', { name: /At a glance|In één oogopslag/ });
        const spent = new Intl.NumberFormat(words.locale, { style: 'currency', currency: 'EUR' }).format(52.65);
        await figures.getByText(spent).waitFor();
        const points = (await api(h.t, admin.token, 'GET', `/api/loyalty/clients/${id}`)).balance as number;
        await figures.locator('div', { hasText: words.points }).getByText(String(points), { exact: true }).waitFor();
        await page.getByRole('heading', { level: 2, name: words.messages }).waitFor();
        await assertAccessible(page, `the card after a sale and a refund (${language}, ${label})`);

        // Two free packages (the spend above stays): one valid for 30 days, one whose last day has passed.
        for (const [pkg, pastDays] of [
          [monthPackage, 0],
          [shortPackage, 6],
        ] as const) {
          const bought = await api(h.t, admin.token, 'POST', '/api/pos', {
            client_id: id,
            staff_id: staffId,
            payment_method: 'cash',
            items: [{ type: 'package', id: pkg, quantity: 1 }],
          });
          if (pastDays === 0) continue;
          const lastDay = new Date(Date.now() - pastDays * 86_400_000).toISOString().slice(0, 10);
          await h.t.ctx.db
            .updateTable('client_packages')
            .set({ expires_on: lastDay })
            .where('order_id', '=', bought.id)
            .execute();
        }
        const credits = await api(h.t, admin.token, 'GET', `/api/packages/credits?client_id=${id}`);
        const day = (date: string) =>
          new Intl.DateTimeFormat(words.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
            new Date(`${date}T12:00:00Z`),
          );
        await page.reload();
        await figures.getByText(words.usableUntil(day(credits[0].expires_on))).waitFor();
        await figures.getByText(words.expired(day(credits[1].expires_on))).waitFor();
        await assertAccessible(page, `the card with package credits (${language}, ${label})`);

        // Merge a duplicate: the preview says what each keeps, then the result.
        const dupName = `Eva Duplicate ${language}`;
        const dup = await createClient(h.t, admin.token, {
          name: dupName,
          birthday: '1990-05-06',
          notes: 'Allergic to latex',
        });
        await api(h.t, admin.token, 'POST', '/api/pos', {
          client_id: dup.id,
          staff_id: staffId,
          payment_method: 'cash',
          items: [{ type: 'service', id: service.id, quantity: 1 }],
        });
        await tabTo(page, page.getByRole('button', { name: words.merge }));
        await page.keyboard.press('Enter');
        const merge = page.getByRole('dialog');
        await merge.getByRole('searchbox', { name: words.searchDuplicate }).waitFor();
        await page.keyboard.type('Eva Duplicate');
        const choose = merge.getByRole('button', { name: new RegExp(dupName) });
        await choose.waitFor();
        await assertAccessible(page, `the duplicate found (${language}, ${label})`);
        await tabTo(page, choose);
        await page.keyboard.press('Enter');
        await merge.getByText('1990-05-06').waitFor();
        assert.ok(
          (await merge.getByText(words.fromDuplicate).count()) >= 2,
          'birthday and notes come from the duplicate',
        );
        await merge.getByText(words.oneSale).waitFor();
        await assertAccessible(page, `the merge's preview (${language}, ${label})`);
        await tabTo(page, merge.getByRole('button', { name: words.mergeNow, exact: true }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.merged(dupName, name)).waitFor();
        await page.getByText('Allergic to latex', { exact: false }).waitFor();
        const both = new Intl.NumberFormat(words.locale, { style: 'currency', currency: 'EUR' }).format(132.65);
        await figures.getByText(both).waitFor();
        assert.equal((await api(h.t, admin.token, 'GET', `/api/clients/${dup.id}`)).merged_into_id, id);

        // The GDPR export: a download of the client's file.
        const downloading = page.waitForEvent('download');
        await tabTo(page, page.getByRole('button', { name: words.download }));
        await page.keyboard.press('Enter');
        const download = await downloading;
        assert.equal(download.suggestedFilename(), `client-${id}.json`);
        const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
        assert.equal(exported.client.name, name);
        assert.equal(exported.client.email, own);

        // Erase: the confirmation says what goes and what is kept, and why.
        await tabTo(page, page.getByRole('button', { name: words.erase }));
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('alertdialog');
        await confirm.getByText(words.kept).waitFor();
        await assertAccessible(page, `the erase's confirmation (${language}, ${label})`);
        await tabTo(page, confirm.getByRole('button', { name: words.eraseNow, exact: true }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.erased(name)).waitFor();
        await page.getByRole('heading', { level: 1, name: `Erased client #${id}` }).waitFor();
        assert.equal(await page.getByRole('button', { name: words.edit, exact: true }).count(), 0);
        // The till's records stay: the spend is still counted.
        await figures.getByText(both).waitFor();
        await assertAccessible(page, `the erased client's card (${language}, ${label})`);
        // The browser logs the two refusals of the email (create, edit), and nothing else.
        assert.equal(watch.problems.filter((problem) => problem.includes('status of 409')).length, 2);
        assertClean(watch, [401, 409]);
      });

      it(`a staff member's card offers no merge, export or erase (${language}, ${label})`, async () => {
        const client = await createClient(h.t, admin.token, { name: `Sam Staffview ${language}` });
        const { page, watch } = await h.open({ ...viewport, locale: words.locale });
        await signIn(page, watch, words, desk);
        await page.goto(`/clients/${client.id}`);
        await page.getByRole('heading', { level: 1, name: client.name }).waitFor();
        await page.getByRole('button', { name: words.edit, exact: true }).waitFor();
        for (const admins of [words.merge, words.download, words.erase]) {
          assert.equal(await page.getByRole('button', { name: admins }).count(), 0, `${admins} is not offered`);
        }
        await assertAccessible(page, `a staff member's card (${language}, ${label})`);
        assertClean(watch);
      });
    }

    it('the card on a phone in Dutch: its spend and credits in Dutch money and dates; an edit saved', async () => {
      const words = WORDS.nl;
      const client = await createClient(h.t, admin.token, { name: 'Eva Voorbeeld' });
      // A sale of 80.00 and a refund of 27.35 (52.65 spent), and a package of 2 sessions.
      const order = await api(h.t, admin.token, 'POST', '/api/pos', {
        client_id: client.id,
        staff_id: staffId,
        payment_method: 'cash',
        items: [{ type: 'service', id: service.id, quantity: 1 }],
      });
      await api(h.t, admin.token, 'POST', `/api/pos/${order.id}/refunds`, {
        reason: 'Pony te kort',
        items: [{ order_item_id: order.items[0].id, amount: 27.35 }],
      });
      await api(h.t, admin.token, 'POST', '/api/pos', {
        client_id: client.id,
        staff_id: staffId,
        payment_method: 'cash',
        items: [{ type: 'package', id: monthPackage, quantity: 1 }],
      });
      const [credit] = await api(h.t, admin.token, 'GET', `/api/packages/credits?client_id=${client.id}`);
      const lastDay = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${credit.expires_on}T12:00:00Z`),
      );

      const { page, watch } = await h.open({ ...PHONE, locale: words.locale });
      await signIn(page, watch, words, owner);
      await page.goto(`/clients/${client.id}`);
      const figures = page.getByRole('region', { name: 'In één oogopslag' });
      await figures
        .getByText(new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(52.65))
        .waitFor();
      // Exact: getByText's substring match ignores case, and "29 dec" (nl) would pass as "29 Dec" (en).
      await figures.getByText(words.usableUntil(lastDay), { exact: true }).waitFor();
      await assertAccessible(page, "a client's card (nl, phone)");
      await page.getByRole('button', { name: words.edit, exact: true }).click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel('Notities').fill('Drinkt graag thee');
      await edit.getByRole('button', { name: words.save }).click();
      await page.getByRole('status').getByText(words.saved).waitFor();
      await page.getByText('Drinkt graag thee').waitFor();
      await assertAccessible(page, "a client's card edited (nl, phone)");
      assertClean(watch);
    });
  });
}
