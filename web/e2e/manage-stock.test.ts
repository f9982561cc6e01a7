import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { DESKTOP, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';

/*
 * The manager's stock and suppliers in chromium: an owner adds a supplier and a product of
 * theirs, orders it from the low-stock suggestion, marks the order ordered and receives it with
 * its packing slip (stock goes up, the delivery is in the product's history), downloads the
 * year's slips as a ZIP and finds the product by a barcode scanner's keystrokes; the rules
 * (the count while purchase orders keep it, internal consumption without purchase orders, a
 * slip of the wrong type) are said where they apply. axe on every state, English on a desktop
 * and Dutch on a phone.
 */

const WORDS = {
  en: {
    email: 'Email',
    password: 'Password',
    suppliers: 'Suppliers and purchase orders',
    newSupplier: 'New supplier',
    addSupplier: 'Add supplier',
    name: 'Name',
    stock: 'Stock',
    newProduct: 'New product',
    addProduct: 'Add product',
    sku: 'SKU',
    ean: 'EAN (barcode)',
    price: 'Price (incl. VAT)',
    purchasePrice: 'Purchase price',
    inStock: 'In stock',
    supplier: 'Supplier',
    edit: 'Edit product',
    locked: /Purchase orders keep the stock count/,
    byOrders: /^Purchase orders are on/,
    cancel: 'Cancel',
    newOrder: 'New purchase order',
    suggest: 'Suggest from low stock',
    saveLines: 'Save lines',
    saved: 'Lines saved.',
    markOrdered: 'Mark as ordered',
    ordered: 'Ordered',
    receive: 'Receive…',
    receiveInto: 'Receive into stock',
    received: 'Received',
    slipFile: 'Packing slip (PDF or image, at most 10 MB)',
    upload: 'Upload',
    wrongType: 'This is not a PDF or an image (JPEG, PNG, GIF or WebP).',
    slipShown: /^Packing slip IO\d+_CRED\d+_\d{8}\.png$/,
    deleteOrder: 'Delete order',
    takesBack: (n: number, name: string) => `${n} × ${name}`,
    history: 'Stock history',
    delivery: 'Delivery',
    reason: 'Reason',
    search: 'Search products',
    found: (q: string) => `1 product matches “${q}”`,
    zip: 'Download ZIP',
    consumeOff: 'Internal consumption needs purchase orders: it is off while purchase orders are off.',
  },
  nl: {
    email: 'E-mail',
    password: 'Wachtwoord',
    suppliers: 'Leveranciers en inkooporders',
    newSupplier: 'Nieuwe leverancier',
    addSupplier: 'Leverancier toevoegen',
    name: 'Naam',
    stock: 'Voorraad',
    newProduct: 'Nieuw product',
    addProduct: 'Product toevoegen',
    sku: 'SKU',
    ean: 'EAN (barcode)',
    price: 'Prijs (incl. btw)',
    purchasePrice: 'Inkoopprijs',
    inStock: 'Voorraad',
    supplier: 'Leverancier',
    edit: 'Product bewerken',
    locked: /Inkooporders houden de voorraad bij/,
    byOrders: /^Inkooporders staan aan/,
    cancel: 'Annuleren',
    newOrder: 'Nieuwe inkooporder',
    suggest: 'Voorstel uit lage voorraad',
    saveLines: 'Regels opslaan',
    saved: 'Regels opgeslagen.',
    markOrdered: 'Markeren als besteld',
    ordered: 'Besteld',
    receive: 'Ontvangen…',
    receiveInto: 'In voorraad nemen',
    received: 'Ontvangen',
    slipFile: 'Pakbon (pdf of afbeelding, hoogstens 10 MB)',
    upload: 'Uploaden',
    wrongType: 'Dit is geen pdf of afbeelding (JPEG, PNG, GIF of WebP).',
    slipShown: /^Pakbon IO\d+_CRED\d+_\d{8}\.png$/,
    deleteOrder: 'Order verwijderen',
    takesBack: (n: number, name: string) => `${n} × ${name}`,
    history: 'Voorraadgeschiedenis',
    delivery: 'Levering',
    reason: 'Reden',
    search: 'Producten zoeken',
    found: (q: string) => `1 product gevonden voor “${q}”`,
    zip: 'Zip downloaden',
    consumeOff: 'Eigen gebruik vraagt om inkooporders: het staat uit zolang inkooporders uit staan.',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** A 1×1 PNG: the packing slip's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A button or link used by keyboard: focused, then Enter (a phone's scrolling never gets in its way). */
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

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];
      const supplierName = `Haircare Wholesale ${language}`;
      const productName = `Argan Repair Mask ${language}`;
      const ean = language === 'en' ? '8712345678906' : '8712345678913';

      it(`a product with a supplier, ordered and received with its packing slip, the ZIP and the barcode search (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInAt(page, watch, words, '/manage/suppliers', words.suppliers);
        assert.equal(await page.locator('html').getAttribute('lang'), language);
        await assertAccessible(page, `the suppliers (${language}, ${label})`);

        // A supplier: its card, with its generated creditor number.
        await activate(page.getByRole('button', { name: words.newSupplier }));
        const supplierDialog = page.getByRole('dialog', { name: words.newSupplier });
        await supplierDialog.getByLabel(words.name).fill(supplierName);
        await assertAccessible(page, `the supplier's form (${language}, ${label})`);
        await supplierDialog.getByLabel(words.name).press('Enter');
        await page.getByRole('heading', { level: 1, name: supplierName }).waitFor();
        await page.getByText(/^CRED\d{3,}$/).waitFor();
        await assertAccessible(page, `the supplier's card (${language}, ${label})`);

        // A product of that supplier, with no stock (so it is low).
        await page.goto('/manage/products');
        await page.getByRole('heading', { level: 1, name: words.stock }).waitFor();
        await activate(page.getByRole('button', { name: words.newProduct }));
        const productDialog = page.getByRole('dialog', { name: words.newProduct });
        await productDialog.getByLabel(words.name).fill(productName);
        await productDialog.getByLabel(words.sku, { exact: true }).fill(`ARG-${language}`);
        await productDialog.getByLabel(words.ean).fill(ean);
        await productDialog.getByLabel(words.price).fill('24.95');
        await productDialog.getByLabel(words.purchasePrice, { exact: true }).fill('11.5');
        await productDialog.getByLabel(words.supplier).selectOption({ label: supplierName });
        await assertAccessible(page, `the product's form (${language}, ${label})`);
        await activate(productDialog.getByRole('button', { name: words.addProduct }));
        await page.getByRole('heading', { level: 1, name: productName }).waitFor();
        const productPath = new URL(page.url()).pathname;
        assert.match(productPath, /^\/manage\/products\/\d+$/);
        await page.getByText(words.byOrders).waitFor();
        await assertAccessible(page, `the product's card (${language}, ${label})`);

        // While purchase orders keep the count, the edit form shows it read-only and says why.
        await activate(page.getByRole('button', { name: words.edit }));
        const editDialog = page.getByRole('dialog');
        const count = editDialog.getByLabel(words.inStock, { exact: true });
        await count.waitFor();
        assert.equal(await count.getAttribute('readonly'), '');
        await editDialog.getByText(words.locked).waitFor();
        await assertAccessible(page, `the count read-only while purchase orders keep it (${language}, ${label})`);
        // Escape closes it (on a phone its buttons are further down the scrolled dialog).
        await page.keyboard.press('Escape');
        await editDialog.waitFor({ state: 'detached' });

        // An order from the supplier's card: the low-stock suggestion fills its line.
        await activate(page.getByRole('link', { name: supplierName }));
        await page.getByRole('heading', { level: 1, name: supplierName }).waitFor();
        await activate(page.getByRole('button', { name: words.newOrder }));
        await page.getByRole('heading', { level: 1, name: /IO\d{6}/ }).waitFor();
        await assertAccessible(page, `a new purchase order (${language}, ${label})`);
        await activate(page.getByRole('button', { name: words.suggest }));
        await page.getByRole('row', { name: new RegExp(productName) }).waitFor();
        await activate(page.getByRole('button', { name: words.saveLines }));
        await page.getByText(words.saved).waitFor();
        await assertAccessible(page, `the order's lines (${language}, ${label})`);
        await activate(page.getByRole('button', { name: words.markOrdered }));
        await page.locator('.stock-status').getByText(words.ordered).waitFor();

        // Received: every line into stock.
        await activate(page.getByRole('button', { name: words.receive }));
        const receiveDialog = page.getByRole('dialog');
        await receiveDialog.waitFor();
        await assertAccessible(page, `receiving the order (${language}, ${label})`);
        await activate(receiveDialog.getByRole('button', { name: words.receiveInto }));
        await page.locator('.stock-status').getByText(words.received).waitFor();

        // The packing slip: a text file is refused before sending; a photo is uploaded and shown.
        const fileInput = page.getByLabel(words.slipFile);
        await fileInput.setInputFiles({ name: 'slip.txt', mimeType: 'text/plain', buffer: Buffer.from('not a slip') });
        await activate(page.getByRole('button', { name: words.upload }));
        await page.getByText(words.wrongType).waitFor();
        await assertAccessible(page, `a packing slip of the wrong type (${language}, ${label})`);
        await fileInput.setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
        await activate(page.getByRole('button', { name: words.upload }));
        await page.getByRole('img', { name: words.slipShown }).waitFor();
        await assertAccessible(page, `the packing slip shown (${language}, ${label})`);

        // Deleting the received order says which stock it takes back (here: not confirmed).
        await activate(page.getByRole('button', { name: words.deleteOrder }));
        const deleteDialog = page.getByRole('alertdialog');
        await deleteDialog.getByText(words.takesBack(10, productName)).waitFor();
        await assertAccessible(page, `deleting a received order (${language}, ${label})`);
        await page.keyboard.press('Escape');
        await deleteDialog.waitFor({ state: 'detached' });

        // The product's stock went up by the delivery, which its history lists.
        await page.goto(productPath);
        await page.getByRole('heading', { level: 1, name: productName }).waitFor();
        const history = page.getByRole('grid', { name: words.history });
        // (A row is named by its time, its row header: found by its text.)
        await history.getByRole('row').filter({ hasText: '+10' }).filter({ hasText: words.delivery }).waitFor();
        await page.getByLabel(words.reason).selectOption('delivery');
        await page.waitForFunction(`document.querySelectorAll('[aria-busy="true"]').length === 0`);
        assert.equal(await history.getByRole('row').count(), 2, 'the header and the delivery');
        await assertAccessible(page, `the product's history after the delivery (${language}, ${label})`);

        // The year's packing slips as one ZIP.
        await page.goto('/manage/suppliers');
        await page.getByRole('heading', { level: 1, name: words.suppliers }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          activate(page.getByRole('button', { name: words.zip })),
        ]);
        const zip = readFileSync(await download.path());
        assert.equal(zip.subarray(0, 2).toString(), 'PK', 'a ZIP archive');
        assert.ok(zip.includes(Buffer.from('.png')), 'holding the packing slip');

        // A barcode scanner types the EAN fast and presses Enter: the product is found.
        await page.goto('/manage/products');
        const box = page.getByRole('searchbox', { name: words.search });
        await box.focus();
        await page.keyboard.type(ean, { delay: 5 });
        await page.keyboard.press('Enter');
        await page.getByRole('status').getByText(words.found(ean)).waitFor();
        const found = page.getByRole('row', { name: new RegExp(productName) });
        await found.waitFor();
        await assertAccessible(page, `a product found by its barcode (${language}, ${label})`);
        // Tab into the table, to its row: Enter opens the card.
        await tabTo(page, found);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: productName }).waitFor();
        watch.assertClean();
      });
    }

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
