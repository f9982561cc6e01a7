import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, PUBLIC_BASE_URL, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, createService, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertProduct } from '../../../test/helpers/factories.js';
import { renderEmail } from '../../mail/render-email.js';
import { CATALOGUES, LANGUAGES, placeholdersOf, type Language } from '../../messages/index.js';
import { moveStock } from '../inventory/stock.js';
import { NOTIFICATION_TEXTS, type NoticeKey } from './texts.js';

describe('notification texts', () => {
  it('every notification key has both languages with exactly its parameters, and none is left unlisted', () => {
    for (const [key, parameters] of Object.entries(NOTIFICATION_TEXTS)) {
      for (const language of LANGUAGES) {
        const text = CATALOGUES[language][key as NoticeKey];
        assert.ok(text?.trim(), `${language} ${key} has no text`);
        assert.deepEqual(placeholdersOf(text), [...parameters].sort(), `${language} ${key}`);
      }
    }
    const listed = Object.keys(NOTIFICATION_TEXTS).sort();
    for (const language of LANGUAGES) {
      const inCatalogue = Object.keys(CATALOGUES[language]).filter((key) => key.startsWith('notification.'));
      assert.deepEqual(inCatalogue.sort(), listed, language);
    }
  });
});

describe("the admins' failed-payment email", () => {
  const text = async (data: object, language: Language) => {
    const brand = { salonName: 'Studio', logoUrl: null, address: '', postcode: '', city: '', phone: '' };
    const email = {
      template: 'payments.failed',
      data: JSON.stringify({ link: 'https://salon.test/payments/3', ...data }),
    };
    return (await renderEmail(email, { ...brand, language, timeFormat: '24h', currency: 'EUR' })).text;
  };
  const failed = { purpose: 'pos_order', reference: 12, amountCents: 4550, currency: 'EUR', reason: null };

  it("names what failed, the amount and a missing reason in the salon's language", async () => {
    const dutch = (await text(failed, 'nl')).replace(/\u00a0/g, ' ');
    assert.ok(
      dutch.includes('De betaling van € 45,50 voor kassaverkoop 12 is mislukt.\n\nReden: onbekende reden'),
      dutch,
    );
    const english = await text({ ...failed, purpose: 'deposit', reason: 'card declined' }, 'en');
    assert.ok(
      english.includes('The payment of €45.50 for deposit of booking 12 failed.\n\nReason: card declined'),
      english,
    );
  });

  it('an email queued before, with its English parts, still renders them', async () => {
    const old = { subjectLine: 'POS order 9', amount: 'EUR 10.00', error: 'unknown reason' };
    assert.ok((await text(old, 'en')).includes('The payment of EUR 10.00 for POS order 9 failed.'));
  });
});

for (const dialect of DIALECTS) {
  describe(`notifications in the salon's language [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let client: { id: number };
    let service: { id: number };
    let day = 0;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      client = await createClient(t, admin.token, { name: 'Noor Jansen' });
      service = await createService(t, admin.token, { name: 'Knippen', price: 45 });
      // A device, so the staff member's booking.new push (on by default) is queued too.
      const device = await t.request({
        method: 'POST',
        url: '/api/auth/device',
        token: staff.token,
        payload: { token: randomBytes(32).toString('hex'), platform: 'ios' },
      });
      assert.ok(device.status < 300, JSON.stringify(device.body));
    });
    after(() => t.close());

    /** Books 14:30 on a Friday: 28 November 2031, then a week later each time. */
    const book = async () => {
      const date = new Date(Date.UTC(2031, 10, 28) + day++ * 7 * 86_400_000).toISOString().slice(0, 10);
      const response = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: admin.token,
        payload: {
          client_id: client.id,
          staff_id: staff.id,
          service_id: service.id,
          start_at: `${date} 14:30:00`,
          end_at: `${date} 15:30:00`,
        },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return date;
    };
    const latest = (userId: number, type: string) =>
      t.ctx.db
        .selectFrom('notifications')
        .select(['title', 'message'])
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const latestPush = async () => {
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select('payload')
        .where('name', '=', 'push.send')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const { message } = JSON.parse(job.payload) as { message: { title: string; body: string } };
      return { title: message.title, message: message.body };
    };
    /** Sells 3 of a product with 6 in stock and a threshold of 5: its admins' notification. */
    const lowStock = async (sku: string) => {
      const product = await insertProduct(t.ctx.db, {
        name: 'Arganolie',
        sku,
        quantity_on_hand: 6,
        low_stock_threshold: 5,
      });
      await t.ctx.db
        .transaction()
        .execute((trx) =>
          moveStock(trx, [{ productId: product.id, delta: -3, reason: 'sale' }], { publicBaseUrl: PUBLIC_BASE_URL }),
        );
      return latest(admin.id, 'inventory.low_stock');
    };

    it('a salon in nl: the booking and low-stock notifications, and the push, are in Dutch', async () => {
      await setSettings(t, admin.token, { language: 'nl' });
      await book();
      // 2031-11-28 is a Friday.
      const dutch = { title: 'Nieuwe boeking', message: 'Noor Jansen: Knippen, vrijdag 28 november 2031 om 14:30' };
      assert.deepEqual(await latest(staff.id, 'booking.new'), dutch);
      assert.deepEqual(await latestPush(), dutch);
      assert.deepEqual(await lowStock('AO-1'), {
        title: 'Weinig voorraad: Arganolie',
        message: 'Arganolie (AO-1): nog 3 op voorraad; de meldingsgrens is 5.',
      });
    });

    it('a salon in en: the same notifications in English', async () => {
      await setSettings(t, admin.token, { language: 'en' });
      await book();
      const english = { title: 'New booking', message: 'Noor Jansen: Knippen, Friday 5 December 2031 at 14:30' };
      assert.deepEqual(await latest(staff.id, 'booking.new'), english);
      assert.deepEqual(await latestPush(), english);
      assert.deepEqual(await lowStock('AO-2'), {
        title: 'Low stock: Arganolie',
        message: 'Arganolie (AO-2) has 3 left; the alert threshold is 5.',
      });
    });

    it('a language without texts of its own falls back to English', async () => {
      await t.ctx.db.updateTable('settings').set({ language: 'de' }).execute();
      try {
        await book();
        assert.deepEqual(await latest(staff.id, 'booking.new'), {
          title: 'New booking',
          message: 'Noor Jansen: Knippen, Friday 12 December 2031 at 14:30',
        });
      } finally {
        await t.ctx.db.updateTable('settings').set({ language: 'en' }).execute();
      }
    });
  });
}
