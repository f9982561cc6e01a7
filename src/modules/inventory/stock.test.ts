import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct } from '../../../test/helpers/factories.js';
import { moveStock } from './stock.js';

for (const dialect of DIALECTS) {
  describe(`stock moves [${dialect}]`, () => {
    let t: TestApp;
    let admin: { id: number; email: string };
    const context = { publicBaseUrl: PUBLIC_BASE_URL };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const quantity = async (id: number) =>
      (await t.ctx.db.selectFrom('products').select('quantity_on_hand').where('id', '=', id).executeTakeFirstOrThrow())
        .quantity_on_hand;
    const lowStockNotes = async (productName: string) =>
      (
        await t.ctx.db
          .selectFrom('notifications')
          .select(['user_id', 'message'])
          .where('type', '=', 'inventory.low_stock')
          .execute()
      ).filter((n) => n.message.startsWith(productName));

    it('every move changes quantity_on_hand and writes one stock transaction with delta, reason and the quantity after', async () => {
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 20 });
      await t.ctx.db.transaction().execute((trx) =>
        moveStock(
          trx,
          [
            { productId: product.id, delta: 5, reason: 'delivery' },
            { productId: product.id, delta: -3, reason: 'sale', note: 'order 1' },
          ],
          context,
        ),
      );
      assert.equal(await quantity(product.id), 22);
      const rows = await t.ctx.db
        .selectFrom('stock_transactions')
        .selectAll()
        .where('product_id', '=', product.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.delta, r.reason, r.quantity_after, r.note]),
        [
          [5, 'delivery', 25, ''],
          [-3, 'sale', 22, 'order 1'],
        ],
      );
    });

    it('a move rolled back with its transaction leaves neither quantity nor history behind', async () => {
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 20 });
      await t.ctx.db
        .transaction()
        .execute(async (trx) => {
          await moveStock(trx, [{ productId: product.id, delta: -4, reason: 'sale' }], context);
          throw new Error('payment failed');
        })
        .catch(() => undefined);
      assert.equal(await quantity(product.id), 20);
      const rows = await t.ctx.db
        .selectFrom('stock_transactions')
        .select('id')
        .where('product_id', '=', product.id)
        .execute();
      assert.equal(rows.length, 0);
    });

    it('concurrent moves of one product all count', async () => {
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 100, low_stock_threshold: 0 });
      await Promise.all(
        Array.from({ length: 20 }, () =>
          t.ctx.db
            .transaction()
            .execute((trx) => moveStock(trx, [{ productId: product.id, delta: -1, reason: 'sale' }], context)),
        ),
      );
      assert.equal(await quantity(product.id), 80);
      const afters = (
        await t.ctx.db
          .selectFrom('stock_transactions')
          .select('quantity_after')
          .where('product_id', '=', product.id)
          .execute()
      ).map((r) => r.quantity_after);
      assert.deepEqual(
        [...afters].sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => 80 + i),
      );
    });

    it('crossing low_stock_threshold downwards alerts once: one notification and one email per admin, not one per sale', async () => {
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 7, low_stock_threshold: 5 });
      for (let i = 0; i < 4; i++) {
        await t.ctx.db
          .transaction()
          .execute((trx) => moveStock(trx, [{ productId: product.id, delta: -1, reason: 'sale' }], context));
      }
      assert.equal(await quantity(product.id), 3);
      const notes = await lowStockNotes(product.name);
      assert.equal(notes.length, 1);
      assert.equal(notes[0]!.user_id, admin.id);
      await t.drain();
      const emails = t.mail.to(admin.email).filter((m) => m.subject === `Low stock: ${product.name}`);
      assert.equal(emails.length, 1);
      assert.match(emails[0]!.text, /In stock: 5/);
    });

    it('rising above the threshold and falling again alerts again', async () => {
      const product = await insertProduct(t.ctx.db, { quantity_on_hand: 6, low_stock_threshold: 5 });
      const move = (delta: number) =>
        t.ctx.db
          .transaction()
          .execute((trx) =>
            moveStock(trx, [{ productId: product.id, delta, reason: delta > 0 ? 'delivery' : 'sale' }], context),
          );
      await move(-1);
      await move(10);
      await move(-11);
      assert.equal((await lowStockNotes(product.name)).length, 2);
    });

    it('with low_stock_email_enabled = 0 the notification is made but no email is sent', async () => {
      await t.ctx.db.updateTable('settings').set({ low_stock_email_enabled: 0 }).execute();
      try {
        const product = await insertProduct(t.ctx.db, { quantity_on_hand: 6, low_stock_threshold: 5 });
        await t.ctx.db
          .transaction()
          .execute((trx) => moveStock(trx, [{ productId: product.id, delta: -2, reason: 'sale' }], context));
        assert.equal((await lowStockNotes(product.name)).length, 1);
        await t.drain();
        assert.equal(t.mail.to(admin.email).filter((m) => m.subject === `Low stock: ${product.name}`).length, 0);
      } finally {
        await t.ctx.db.updateTable('settings').set({ low_stock_email_enabled: 1 }).execute();
      }
    });

    it("an admin's notification preferences decide the channels", async () => {
      await t.ctx.db
        .insertInto('notification_preferences')
        .values({ user_id: admin.id, type: 'inventory.low_stock', email: 0, push: 0, in_app: 0 })
        .execute();
      try {
        const product = await insertProduct(t.ctx.db, { quantity_on_hand: 6, low_stock_threshold: 5 });
        await t.ctx.db
          .transaction()
          .execute((trx) => moveStock(trx, [{ productId: product.id, delta: -2, reason: 'sale' }], context));
        assert.equal((await lowStockNotes(product.name)).length, 0);
        await t.drain();
        assert.equal(t.mail.to(admin.email).filter((m) => m.subject === `Low stock: ${product.name}`).length, 0);
      } finally {
        await t.ctx.db.deleteFrom('notification_preferences').where('user_id', '=', admin.id).execute();
      }
    });
  });
}
