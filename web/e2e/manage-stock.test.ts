import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { DESKTOP, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';
import { api } from './desk.js';

/*
 * The rules of the manager's stock and suppliers in chromium, on a received order and its
 * product made through the API: the count is read-only while purchase orders keep it (and the
 * form says why), a packing slip of the wrong type is refused before sending, deleting a received
 * order says which stock it takes back before it does, and a barcode scanner's keystrokes find
 * the product; with purchase orders off the count is edited by hand and internal consumption
 * says it needs them. The path itself (a supplier and a product made, ordered, received with
 * its slip, the stock history and the ZIP, on a desktop in English and a phone in Dutch) is
 * the owner's first week (owner-first-week.test.ts). axe on every state, English on a desktop.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    edit: 'Edit product',
    inStock: 'In stock',
    locked: /Purchase orders keep the stock count/,
    slipFile: 'Packing slip (PDF or image, at most 10 MB)',
    upload: 'Upload',
    wrongType: 'This is not a PDF or an image (JPEG, PNG, GIF or WebP).',
    deleteOrder: 'Delete order',
    takesBack: (n: number, name: string) => `${n} × ${name}`,
    history: 'Stock history',
    search: 'Search products',
    found: (q: string) => `1 product matches “${q}”`,
    consumeOff: 'Internal consumption needs purchase orders: it is off while purchase orders are off.',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** A button or link used by keyboard: focused, then Enter. */
async function activate(control: Locator): Promise<void> {
  await control.focus();
  await control.press('Enter');
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`the manager's stock and suppliers in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string; id: number };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    /** Opens an address signed out, signs in there, and waits for its heading. */
    async function signInAt(page: Page, watch: PageWatch, words: Words, path: string, heading: string) {
      await page.goto(path);
      await page.getByLabel(words.email).fill(admin.email);
      await page.getByLabel(words.password).fill(ADMIN_PASSWORD);
      await page.getByLabel(words.password).press('Enter');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The office asks for a session as it loads: only that 401 is let through.
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
    }

    it('a received order: the count read-only and why, a slip of the wrong type refused, its deletion says what it takes back; a barcode finds the product (en, desktop)', async () => {
      const words = WORDS.en;
      const productName = 'Argan Repair Mask';
      const ean = '8712345678906';
      const supplier = await api(h.t, admin.token, 'POST', '/api/suppliers', { name: 'Haircare Wholesale' });
      const product = await api(h.t, admin.token, 'POST', '/api/inventory/products', {
        name: productName,
        sku: 'ARG-1',
        ean_code: ean,
        quantity_on_hand: 0,
        price: 24.95,
        purchase_price: 11.5,
        supplier_id: supplier.id,
      });
      const order = await api(h.t, admin.token, 'POST', '/api/suppliers/orders', { supplier_id: supplier.id });
      await api(h.t, admin.token, 'PUT', `/api/suppliers/orders/${order.id}/items`, {
        items: [{ product_id: product.id, quantity: 10, unit_cost: 11.5 }],
      });
      await api(h.t, admin.token, 'PUT', `/api/suppliers/orders/${order.id}`, { status: 'ordered' });
      await api(h.t, admin.token, 'PUT', `/api/suppliers/orders/${order.id}`, { status: 'received' });

      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInAt(page, watch, words, `/manage/products/${product.id}`, productName);

      // While purchase orders keep the count, the edit form shows it read-only and says why.
      await activate(page.getByRole('button', { name: words.edit }));
      const editDialog = page.getByRole('dialog');
      const count = editDialog.getByLabel(words.inStock, { exact: true });
      await count.waitFor();
      assert.equal(await count.getAttribute('readonly'), '');
      await editDialog.getByText(words.locked).waitFor();
      await assertAccessible(page, 'the count read-only while purchase orders keep it');
      await page.keyboard.press('Escape');
      await editDialog.waitFor({ state: 'detached' });

      // The received order: a text file as its slip is refused before anything is sent.
      await page.goto(`/manage/suppliers/orders/${order.id}`);
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().includes('/packing-slip')) sent += 1;
      });
      await page
        .getByLabel(words.slipFile)
        .setInputFiles({ name: 'slip.txt', mimeType: 'text/plain', buffer: Buffer.from('not a slip') });
      await activate(page.getByRole('button', { name: words.upload }));
      await page.getByText(words.wrongType).waitFor();
      assert.equal(sent, 0, 'nothing was uploaded');
      await assertAccessible(page, 'a packing slip of the wrong type');

      // Deleting it says which stock it takes back (here: not confirmed, the stock stays).
      await activate(page.getByRole('button', { name: words.deleteOrder }));
      const deleteDialog = page.getByRole('alertdialog');
      await deleteDialog.getByText(words.takesBack(10, productName)).waitFor();
      await assertAccessible(page, 'deleting a received order');
      await page.keyboard.press('Escape');
      await deleteDialog.waitFor({ state: 'detached' });
      assert.equal((await api(h.t, admin.token, 'GET', `/api/inventory/products/${product.id}`)).quantity_on_hand, 10);

      // A barcode scanner types the EAN fast and presses Enter: the product is found.
      await page.goto('/manage/products');
      const box = page.getByRole('searchbox', { name: words.search });
      await box.focus();
      await page.keyboard.type(ean, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText(words.found(ean)).waitFor();
      const found = page.getByRole('row', { name: new RegExp(productName) });
      await found.waitFor();
      await assertAccessible(page, 'a product found by its barcode');
      // Tab into the table, to its row: Enter opens the card.
      await tabTo(page, found);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: productName }).waitFor();
      watch.assertClean();
    });

    it('with purchase orders off the count is edited by hand and internal consumption says it needs them; an old product link opens the card', async () => {
      const words = WORDS.en;
      const made = await h.t.request({
        method: 'POST',
        url: '/api/inventory/products',
        token: admin.token,
        payload: { name: 'Volume Spray', sku: 'VOL-1', price: 18, purchase_price: 7, quantity_on_hand: 3 },
      });
      assert.equal(made.status, 201);
      const id = (made.body as { id: number }).id;
      const settings = (body: object) =>
        h.t.request({ method: 'PUT', url: '/api/settings', token: admin.token, payload: body });
      assert.equal((await settings({ purchase_orders_enabled: 0 })).status, 200);
      try {
        const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
        // The address of a low-stock notice: the product's card in the manager's area.
        await signInAt(page, watch, words, `/inventory/products/${id}`, 'Volume Spray');
        assert.equal(new URL(page.url()).pathname, `/manage/products/${id}`);
        await page.getByText(words.consumeOff).waitFor();
        await assertAccessible(page, 'internal consumption without purchase orders');
        await activate(page.getByRole('button', { name: words.edit }));
        const dialog = page.getByRole('dialog');
        const count = dialog.getByLabel(words.inStock, { exact: true });
        assert.equal(await count.getAttribute('readonly'), null);
        await count.fill('7');
        await activate(dialog.getByRole('button', { name: 'Save' }));
        await page.getByText('7 (alert at 5)').waitFor();
        await page.getByRole('grid', { name: words.history }).getByRole('row').filter({ hasText: '+4' }).waitFor();
        await assertAccessible(page, 'the count edited by hand');
        watch.assertClean();
      } finally {
        await settings({ purchase_orders_enabled: 1, internal_consumption_enabled: 1 });
      }
    });
  });
}
