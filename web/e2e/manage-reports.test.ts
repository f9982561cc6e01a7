import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createStaff, setupSalon } from '../../test/helpers/app.js';
import { createClient, createService, nextSlot } from '../../test/helpers/bookings.js';
import { DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * The owner's reports in chromium: the revenue chart with its table, the heatmap read as a
 * table by keyboard, and the VAT report of this month, with a refund in it, exported as CSV
 * (the file read back and its totals checked) and laid out for print. Axe on every state, in
 * English on a desktop and in Dutch on a phone. The sales are the API test's (vat-report.test.ts):
 * 21 %: 180.00 gross, 31.24 VAT; 9 %: 40.00 sold, 20.00 refunded, 1.65 VAT due.
 */

const WORDS = {
  en: {
    reports: 'Reports',
    revenue: 'Revenue over time',
    heatmap: 'Busy hours',
    vat: 'VAT report',
    show: 'Show',
    export: 'Export as CSV',
    chart: /^Revenue per month or week/,
    heatmapTable: 'Bookings per weekday (rows) and starting hour (columns)',
    total: 'Total',
    // The CSV's total row: comma-separated, decimal point.
    csvTotal: 'Total,185.46,34.54,18.35,1.65,167.11,32.89,200.00',
    csvRate9: '9 %,36.70,3.30,18.35,1.65,18.35,1.65,20.00',
    money: '€200.00',
  },
  nl: {
    reports: 'Rapporten',
    revenue: 'Omzet door de tijd',
    heatmap: 'Drukke uren',
    vat: 'Btw-overzicht',
    show: 'Tonen',
    export: 'Exporteren als CSV',
    chart: /^Omzet per maand of week/,
    heatmapTable: 'Afspraken per weekdag (rijen) en beginuur (kolommen)',
    total: 'Totaal',
    // A Dutch spreadsheet reads 200,00 as a number only with ; between fields.
    csvTotal: 'Totaal;185,46;34,54;18,35;1,65;167,11;32,89;200,00',
    csvRate9: '9 %;36,70;3,30;18,35;1,65;18,35;1,65;20,00',
    money: '€ 200,00',
  },
} as const;

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

for (const dialect of BROWSER_DIALECTS) {
  describe(`the owner's reports in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    let month: { from: string; to: string };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      const staff = await createStaff(h.t);
      const rate = async (name: string, percentage: number) =>
        (await api(h.t, admin.token, 'POST', '/api/settings/vat-rates', { name, percentage })).id as number;
      const cut = (
        await createService(h.t, admin.token, { name: 'Cut', price: 45, vat_rate_id: await rate('High', 21) })
      ).id;
      const wax = (await createService(h.t, admin.token, { name: 'Wax', price: 20, vat_rate_id: await rate('Low', 9) }))
        .id;
      const client = await createClient(h.t, admin.token);
      const sell = (items: object[]) =>
        api(h.t, admin.token, 'POST', '/api/pos', {
          client_id: client.id,
          staff_id: staff.id,
          payment_method: 'cash',
          items,
          cash_tendered: 500,
        });
      const first = await sell([
        { type: 'service', id: cut, quantity: 1 },
        { type: 'service', id: wax, quantity: 2 },
      ]);
      await sell([{ type: 'service', id: cut, quantity: 3 }]);
      const waxLine = first.items.find((item: { item_id: number }) => item.item_id === wax);
      await api(h.t, admin.token, 'POST', `/api/pos/${first.id}/refunds`, {
        reason: 'Skin reaction',
        items: [{ order_item_id: waxLine.id, quantity: 1 }],
      });
      // One booking, for the heatmap.
      await api(h.t, admin.token, 'POST', '/api/bookings', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: cut,
        ...nextSlot(),
      });
      const today = (await api(h.t, admin.token, 'GET', '/api/reporting/dashboard')).date as string;
      const [year, number] = today.split('-').map(Number) as [number, number];
      month = {
        from: `${today.slice(0, 8)}01`,
        to: new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10),
      };
    });
    after(() => h.close());

    async function open(page: Page, path: string, heading: string) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`revenue chart with its table, the heatmap by keyboard, the VAT report exported (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale, acceptDownloads: true });
        await signInAtDesk(page, admin.email);
        await open(page, '/manage/reports', words.reports);
        await page.getByRole('table').first().waitFor();
        await assertAccessible(page, `the reports' index (${language}, ${label})`);

        // Revenue: the period in the address, the chart (one labelled picture) and its table.
        await open(page, `/manage/reports/revenue?from=${month.from}&to=${month.to}`, words.revenue);
        const chart = page.getByRole('img', { name: words.chart });
        await chart.waitFor();
        assert.ok((await chart.locator('svg').count()) > 0, 'the chart is drawn');
        const table = page.getByRole('table');
        const totalRow = table.getByRole('row', { name: new RegExp(`^${words.total}`) });
        assert.equal(plain(await totalRow.innerText()).includes(plain(words.money)), true, 'the table sums 200.00');
        await assertAccessible(page, `the revenue chart and table (${language}, ${label})`);

        // The heatmap: a table reached by keyboard, its headers named for each cell.
        await open(page, '/manage/reports/heatmap', words.heatmap);
        const grid = page.getByRole('table', { name: words.heatmapTable });
        await grid.waitFor();
        const region = page.getByRole('region', { name: words.heatmap });
        await tabTo(page, region);
        assert.equal(await region.evaluate(HAS_FOCUS), true, 'the grid is reached by Tab');
        assert.equal(await grid.getByRole('rowheader').count(), 7, 'a row per weekday');
        assert.ok((await grid.getByRole('columnheader').count()) >= 2, 'a column per hour with bookings');
        const cells = await grid.locator('td[data-level="4"]').allInnerTexts();
        assert.deepEqual(cells, ['1'], 'the one booking is the busiest cell');
        await assertAccessible(page, `the heatmap (${language}, ${label})`);

        // The VAT report of this month: the refund counted, the CSV's totals to the cent.
        await open(page, `/manage/reports/vat?from=${month.from}&to=${month.to}`, words.vat);
        const vatTable = page.getByRole('table');
        await vatTable.getByRole('row', { name: new RegExp(`^${words.total}`) }).waitFor();
        await assertAccessible(page, `the VAT report (${language}, ${label})`);
        const exportButton = page.getByRole('button', { name: words.export });
        await tabTo(page, exportButton);
        const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
        assert.equal(download.suggestedFilename(), `vat-${month.from}-${month.to}.csv`);
        const csv = plain(await readFile(await download.path(), 'utf8'));
        const lines = csv
          .replace(/^\ufeff/, '')
          .trim()
          .split(/\r\n/);
        assert.equal(lines.length, 4, 'header, two rates, total');
        assert.equal(lines[2], plain(words.csvRate9));
        assert.equal(lines[3], plain(words.csvTotal));

        // On paper: the picker and the buttons are left off.
        await page.emulateMedia({ media: 'print' });
        assert.equal(await exportButton.isVisible(), false, 'no buttons on paper');
        assert.equal(await vatTable.isVisible(), true);
        await page.emulateMedia({ media: 'screen' });
        assertClean(watch);
      });
    }
  });
}
