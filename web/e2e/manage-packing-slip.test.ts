import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { multipartFile, TINY_PNG } from '../../test/helpers/multipart.js';
import { DESKTOP, PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { setupSalon } from '../../test/helpers/app.js';
import { api, assertClean, signInAtDesk } from './desk.js';

/*
 * A received order's packing slip shown inside the office's page: a PDF in a frame (the
 * browser's viewer), an image as an image, both from the slip's five-minute view address,
 * which the office's policy lets a frame load (no violation in the console) and whose own
 * policy sandboxes it. axe on both states; desktop in English, a phone in Dutch.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

for (const dialect of BROWSER_DIALECTS) {
  describe(`a packing slip shown in the page, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    const orders = { pdf: 0, image: 0 };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
      const supplier = await api(h.t, admin.token, 'POST', '/api/suppliers', { name: 'Slip & Co' });
      for (const [kind, name, type, data] of [
        ['pdf', 'slip.pdf', 'application/pdf', PDF],
        ['image', 'slip.png', 'image/png', TINY_PNG],
      ] as const) {
        const order = await api(h.t, admin.token, 'POST', '/api/suppliers/orders', { supplier_id: supplier.id });
        await api(h.t, admin.token, 'PUT', `/api/suppliers/orders/${order.id}`, { status: 'ordered' });
        await api(h.t, admin.token, 'PUT', `/api/suppliers/orders/${order.id}`, { status: 'received' });
        const file = multipartFile('file', name, type, data);
        const uploaded = await h.t.request({
          method: 'POST',
          url: `/api/suppliers/orders/${order.id}/packing-slip`,
          token: admin.token,
          payload: file.payload,
          headers: file.headers,
        });
        assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
        orders[kind] = order.id;
      }
    });
    after(() => h.close());

    /** The order's page, and the answer its slip was shown from (the view address, not the download). */
    async function openOrder(page: Page, id: number) {
      const shown = page.waitForResponse((response) => /\/packing-slip\/view\//.test(response.url()));
      await page.goto(`/manage/suppliers/orders/${id}`);
      const response = await shown;
      assert.equal(response.status(), 200);
      const headers = await response.allHeaders();
      assert.match(headers['content-security-policy'] ?? '', /sandbox/);
      assert.equal(headers['x-content-type-options'], 'nosniff');
      assert.match(headers['content-disposition'] ?? '', /^inline;/);
      return headers;
    }

    it('a PDF slip in a frame and an image slip as an image, no policy violation (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAtDesk(page, admin.email);

      const pdfHeaders = await openOrder(page, orders.pdf);
      assert.equal(pdfHeaders['content-type'], 'application/pdf');
      const frame = page.locator('iframe.stock-slip-frame');
      await frame.waitFor();
      assert.match((await frame.getAttribute('title')) ?? '', /^Packing slip IO\d+_CRED\d+_\d{8}\.pdf$/);
      // The frame holds the slip's own document (the browser's viewer inside it), not an error page.
      assert.match((await frame.getAttribute('src')) ?? '', /\/packing-slip\/view\//);
      for (let i = 0; i < 50 && !page.frames().some((f) => f.url().includes('/packing-slip/view/')); i++) {
        await page.waitForTimeout(100);
      }
      const slipFrame = page.frames().find((candidate) => candidate.url().includes('/packing-slip/view/'));
      assert.ok(slipFrame, 'the frame navigated to the slip');
      await assertAccessible(page, 'a PDF packing slip in its frame');

      const imageHeaders = await openOrder(page, orders.image);
      assert.equal(imageHeaders['content-type'], 'image/png');
      const image = page.getByRole('img', { name: /^Packing slip IO\d+_CRED\d+_\d{8}\.png$/ });
      await image.waitFor();
      const loaded = () =>
        image.evaluate((element) => {
          const shown = element as unknown as { complete: boolean; naturalWidth: number };
          return shown.complete && shown.naturalWidth > 0;
        });
      for (let i = 0; i < 50 && !(await loaded()); i++) await page.waitForTimeout(100);
      assert.equal(await loaded(), true, 'the image slip loaded');
      await assertAccessible(page, 'an image packing slip');
      // No "Refused to frame" or "Refused to load the image": the console has nothing but the sign-in's 401.
      assertClean(watch);
    });

    it('the PDF slip on a phone in Dutch', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAtDesk(page, admin.email);
      await openOrder(page, orders.pdf);
      const frame = page.locator('iframe.stock-slip-frame');
      await frame.waitFor();
      assert.match((await frame.getAttribute('title')) ?? '', /^Pakbon IO\d+_CRED\d+_\d{8}\.pdf$/);
      await assertAccessible(page, 'een pdf-pakbon (telefoon)');
      assertClean(watch);
    });
  });
}
