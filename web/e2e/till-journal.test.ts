import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService } from '../../test/helpers/bookings.js';
import { DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  browserSkip,
  startBrowserHarness,
  type BrowserHarness,
  type PageWatch,
} from './browser.js';
import { api, assertClean } from './desk.js';

/*
 * The till's records in chromium: sales made through the API (a card sale paid at a standalone
 * terminal, two online sales failed for want of a provider) listed; a void refused as the
 * service names it (voided meanwhile in another tab), then one voided with a reason by a
 * double click that sends one request; the journal read with its chain and checked; the card
 * and online payments listed. English on a desktop as the owner; on a phone in Dutch a stylist
 * opens the sales list and a sale. axe on every state. Browser tests run on SQLite.
 */

type Sale = { id: number; receipt_number: string | null; payment_status: string };

for (const dialect of BROWSER_DIALECTS) {
  describe(
    `the sales list, voids, the till journal and payments in chromium (${dialect})`,
    { skip: browserSkip() },
    () => {
      let h: BrowserHarness;
      let admin: { token: string; email: string };
      let desk: { id: number; email: string; password: string; token: string };
      let paid: Sale;
      let voidedElsewhere: Sale;
      let failed: Sale;

      before(async () => {
        h = await startBrowserHarness(dialect);
        admin = await setupSalon(h.t);
        desk = await createStaff(h.t, 'staff');
        const cut = (await createService(h.t, admin.token, { name: 'Cut', price: 45 })).id;
        const client = await createClient(h.t, admin.token, { name: 'Ada Client' });
        const sell = (payment_method: 'card' | 'online') =>
          api(h.t, desk.token, 'POST', '/api/pos', {
            client_id: client.id,
            staff_id: desk.id,
            payment_method,
            items: [{ type: 'service', id: cut, quantity: 1 }],
          }) as Promise<Sale>;
        // No provider configured: a card sale is paid at a standalone terminal, an online one fails.
        paid = await sell('card');
        voidedElsewhere = await sell('online');
        failed = await sell('online');
        assert.equal(paid.payment_status, 'paid');
        assert.equal(failed.payment_status, 'failed');
      });
      after(() => h.close());

      async function signIn(page: Page, watch: PageWatch, who: { email: string; password: string }, welcome: string) {
        await page.goto('/login');
        await page.getByLabel(/^(Email|E-mail)$/).fill(who.email);
        await page.getByLabel(/^(Password|Wachtwoord)$/).fill(who.password);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: welcome }).waitFor();
        assertClean(watch);
        watch.problems.splice(0, watch.problems.length);
      }

      it('lists the sales, voids a failed one once, reads and checks the journal, lists the payments (en, desktop)', async () => {
        const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
        await signIn(page, watch, { email: admin.email, password: ADMIN_PASSWORD }, 'Today');
        const nav = page.getByRole('navigation', { name: 'Main' });
        for (const name of ['Sales', 'Journal', 'Payments']) await nav.getByRole('link', { name }).waitFor();
        await nav.getByRole('link', { name: 'Sales' }).click();
        await page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor();
        const rows = page.locator('tbody tr');
        await rows.nth(2).waitFor();
        assert.equal(await rows.count(), 3);
        // Newest first: the two failed online sales, then the paid card sale with its receipt number.
        const paidRow = page.getByRole('row', { name: new RegExp(paid.receipt_number!) });
        assert.match(await paidRow.innerText(), /Card[\s\S]*Paid[\s\S]*€45\.00/);
        assert.equal(await paidRow.getByRole('button').count(), 0, 'a paid sale is refunded, not voided');
        await assertAccessible(page, 'the sales list');

        // Voided in another tab after this one listed it: the service's refusal, the reason kept.
        await page.getByRole('button', { name: `Void sale ${voidedElsewhere.id}` }).click();
        const first = page.getByRole('alertdialog', { name: `Void sale ${voidedElsewhere.id}?` });
        await first.getByText(/The sale to Ada Client of 1 item, €45\.00, was never paid/).waitFor();
        await first.getByLabel(/^Reason/).fill('Client walked out');
        await assertAccessible(page, 'the void question');
        await api(h.t, desk.token, 'POST', `/api/pos/${voidedElsewhere.id}/void`, { reason: 'From the other tab' });
        await first.getByRole('button', { name: 'Void the sale' }).click();
        await first.getByText('This sale has already been voided.').waitFor();
        assert.equal(await first.getByLabel(/^Reason/).inputValue(), 'Client walked out');
        await assertAccessible(page, 'a void refused');
        await first.getByRole('button', { name: 'Keep it' }).click();
        await page.getByRole('row', { name: new RegExp(`Sale ${voidedElsewhere.id} .*Voided`) }).waitFor();

        // A double click on the confirmation voids once.
        const voids: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith(`/api/pos/${failed.id}/void`)) voids.push(request.method());
        });
        await page.getByRole('button', { name: `Void sale ${failed.id}` }).click();
        const second = page.getByRole('alertdialog', { name: `Void sale ${failed.id}?` });
        await second.getByLabel(/^Reason/).fill('Payment link never sent');
        await second.getByRole('button', { name: 'Void the sale' }).dblclick();
        await second.waitFor({ state: 'detached' });
        await page.getByRole('row', { name: new RegExp(`Sale ${failed.id} .*Voided`) }).waitFor();
        assert.deepEqual(voids, ['POST']);
        assert.equal(await page.getByRole('button', { name: /^Void sale/ }).count(), 0);
        await assertAccessible(page, 'a sale voided');

        // The sale opens its receipt, where it is refunded.
        await paidRow.getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: `Receipt of order ${paid.id}` }).waitFor();

        // The journal: the sale and the two voids, chained, then checked whole.
        await nav.getByRole('link', { name: 'Journal' }).click();
        await page.getByRole('heading', { level: 1, name: 'Till journal' }).waitFor();
        const entries = page.getByRole('table', { name: 'Entries' }).locator('tbody tr');
        await entries.nth(2).waitFor();
        assert.equal(await entries.count(), 3);
        assert.match(await entries.nth(0).innerText(), /Sale\s+\d+\s+45\.00\s+card\s+00000000…0000/);
        assert.match(await entries.nth(2).innerText(), /Void/);
        assert.equal(await page.getByText('(not the previous entry’s hash)').count(), 0);
        const hashes = await page.locator('.till-hash').evaluateAll((spans) => spans.map((span) => span.title));
        assert.equal(hashes[2], hashes[1], "the second entry's previous hash is the first's hash");
        await assertAccessible(page, 'the journal');
        await page.getByRole('button', { name: 'Check the journal' }).click();
        await page
          .getByRole('status')
          .getByText(/The journal is intact: 3 entries checked, the last \d{4}-0*3/)
          .waitFor();
        await assertAccessible(page, 'the journal checked');
        // The period for an auditor: the service's CSV, every field, saved as a file.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download the period for an auditor (CSV)' }).click(),
        ]);
        assert.match(file.suggestedFilename(), /^till-journal_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
        assert.equal(csv.length, 4, 'the header and the three entries');
        assert.match(csv[0]!, /^id,receipt_number,.*,body,prev_hash,hash$/);

        // The payments through a provider: the two online ones, failed for want of one (a card
        // paid at a standalone terminal took none), each with its sale.
        await nav.getByRole('link', { name: 'Payments' }).click();
        await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
        const online = page.getByRole('row', { name: new RegExp(`Sale ${failed.id}$`) });
        assert.match(await online.innerText(), /Failed\s+none\s+€45\.00\s+Sale/);
        assert.equal(await page.locator('tbody tr').count(), 2);
        await assertAccessible(page, 'the payments');
        await page.getByLabel('Status').selectOption({ label: 'Paid' });
        await page.getByText('No payments match.').waitFor();
        await assertAccessible(page, 'no paid payments');
        assertClean(watch, [409]);
      });

      it('a stylist opens the sales list and a sale on a phone (nl)', async () => {
        const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
        await signIn(page, watch, desk, 'Vandaag');
        await page.goto('/till/sales');
        await page.getByRole('heading', { level: 1, name: 'Verkopen' }).waitFor();
        await page.getByRole('row', { name: new RegExp(`Verkoop ${failed.id} .*Geannuleerd`) }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Kassajournaal' }).count(), 0, 'the journal is the owner’s');
        await assertAccessible(page, 'the sales list (nl, phone)');
        await page.getByRole('link', { name: paid.receipt_number! }).click();
        await page.getByRole('heading', { level: 1, name: `Kassabon van bestelling ${paid.id}` }).waitFor();
        assertClean(watch, []);
      });
    },
  );
}
