import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertClient } from '../../../test/helpers/factories.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';
import type { DB } from '../../db/types.js';
import { IMPORT_MAX_BYTES, importCsv, type ImportOptions, type ImportReport } from './service.js';

/** A CSV file of these lines, with Windows line ends as Excel writes them. */
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
/** The same with the UTF-8 byte-order mark of Excel's "CSV UTF-8". */
const excelCsv = (...lines: string[]) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv(...lines)]);

const actions = (report: ImportReport) =>
  report.rows.map((r) => `${r.line}:${r.action}${r.error ? `:${r.error.code}` : ''}`);

/** A Dutch client list as Excel writes it: BOM, `;`, a surname prefix, Dutch yes/no and dates. */
const DUTCH_CLIENTS = excelCsv(
  'Voornaam;Tussenvoegsel;Achternaam;E-mailadres;Telefoonnummer;Geboortedatum;Nieuwsbrief;Labels;Klantnummer',
  'Jan;van der;Berg;Jan.Berg@Example.com;06 1234 5678;01-04-1990;ja;VIP, Kleuring;1001',
  'Eva;;Jansen;eva@example.com;0612345679;;nee;;1002',
  '"Piet ""PJ""";;de Vries;;+31 6 1111 2222;31-12-1985;;;1003',
  'Ans;;Kort;ans@example;;;;;1004',
  'Jan;;Dubbel;jan.berg@example.com;;;;;1005',
  'Kees;;Toekomst;kees@example.com;;01-01-2999;;;1006',
  'Lies;;Belt;lies@example.com;06 123;;;;1007',
);

for (const dialect of DIALECTS) {
  describe(`imports [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
      staff = await createStaff(t);
      // A Dutch salon: decimal commas, day-first dates, numbers read in the Netherlands.
      await t.ctx.db.updateTable('settings').set({ language: 'nl' }).where('id', '=', 1).execute();
      // An endpoint that wants client events: an import records them as the API does.
      const now = new Date().toISOString();
      await t.ctx.db
        .insertInto('webhook_endpoints')
        .values({
          url: 'https://hooks.example.com/salon',
          event_types: JSON.stringify(['client.created', 'client.updated']),
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    after(() => t.close());

    const run = (kind: ImportOptions['kind'], data: Buffer, options: Partial<ImportOptions> = {}) =>
      importCsv(t.ctx, data, { kind, dryRun: false, userId: admin.id, ...options });

    const count = async (table: keyof DB) =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    describe('clients', () => {
      it('a dry run reports every row and writes nothing', async () => {
        const before = { clients: await count('clients'), events: await count('webhook_events') };
        const report = await run('clients', DUTCH_CLIENTS, { preset: 'nl', dryRun: true });
        assert.equal(report.dry_run, true);
        assert.equal(report.delimiter, ';');
        assert.deepEqual(actions(report), [
          '2:create',
          '3:create',
          '4:create',
          '5:refused:validation_failed',
          '6:refused:duplicate_in_file',
          '7:refused:validation_failed',
          '8:refused:invalid_phone',
        ]);
        assert.ok(report.rows.every((r) => r.id === null));
        assert.deepEqual(report.totals, { rows: 7, create: 3, update: 0, unchanged: 0, refused: 4 });
        assert.deepEqual(
          { clients: await count('clients'), events: await count('webhook_events') },
          before,
          'nothing written',
        );
      });

      it('refused rows say why, in the API’s words, naming the column', async () => {
        const report = await run('clients', DUTCH_CLIENTS, { preset: 'nl', dryRun: true });
        const byLine = new Map(report.rows.map((r) => [r.line, r]));
        assert.deepEqual(byLine.get(5)!.error!.details, [
          { field: 'email', message: 'has an invalid value', column: 'E-mailadres' },
        ]);
        assert.equal(byLine.get(5)!.record, 'ans@example');
        assert.match(byLine.get(6)!.error!.message, /Same email as line 2/);
        assert.deepEqual(byLine.get(7)!.error!.details, [
          { field: 'birthday', message: 'may not be in the future', column: 'Geboortedatum' },
        ]);
        assert.equal(byLine.get(8)!.error!.details![0]!.column, 'Telefoonnummer');
        assert.deepEqual(
          report.columns.map((c) => c.field),
          [
            'first_name',
            'surname_prefix',
            'last_name',
            'email',
            'phone',
            'birthday',
            'marketing_consent',
            'labels',
            null,
          ],
        );
      });

      it('the real run creates the clients as the API would store them, and records their webhook events', async () => {
        const events = await count('webhook_events');
        const report = await run('clients', DUTCH_CLIENTS, { preset: 'nl' });
        assert.deepEqual(report.totals, { rows: 7, create: 3, update: 0, unchanged: 0, refused: 4 });
        const jan = await t.request({ method: 'GET', url: `/api/clients/${report.rows[0]!.id}`, token: admin.token });
        assert.equal(jan.body.name, 'Jan van der Berg');
        assert.equal(jan.body.email, 'jan.berg@example.com');
        assert.equal(jan.body.phone, '+31612345678');
        assert.equal(jan.body.birthday, '1990-04-01');
        assert.equal(jan.body.marketing_consent, 1);
        assert.deepEqual(jan.body.labels, ['Kleuring', 'VIP']);
        const piet = await t.request({ method: 'GET', url: `/api/clients/${report.rows[2]!.id}`, token: admin.token });
        assert.equal(piet.body.name, 'Piet "PJ" de Vries');
        assert.equal(piet.body.email, null);
        assert.equal(await count('webhook_events'), events + 3);
      });

      it('running the same file again changes nothing: every row unchanged, no duplicates', async () => {
        const clients = await count('clients');
        const events = await count('webhook_events');
        const report = await run('clients', DUTCH_CLIENTS, { preset: 'nl' });
        assert.deepEqual(report.totals, { rows: 7, create: 0, update: 0, unchanged: 3, refused: 4 });
        assert.ok(report.rows.filter((r) => r.action === 'unchanged').every((r) => r.id !== null));
        assert.equal(await count('clients'), clients);
        assert.equal(await count('webhook_events'), events);
      });

      it('a changed row updates only what changed; labels are added, never removed', async () => {
        const changed = excelCsv(
          'E-mailadres;Mobiel;Labels;Opmerkingen',
          'jan.berg@example.com;06 9999 0000;Nieuw;Allergisch voor ammoniak',
          'eva@example.com;;;',
        );
        const report = await run('clients', changed, { preset: 'nl' });
        assert.deepEqual(actions(report), ['2:update', '3:unchanged']);
        assert.deepEqual(report.rows[0]!.changes, ['phone', 'notes', 'labels']);
        const jan = await t.request({ method: 'GET', url: `/api/clients/${report.rows[0]!.id}`, token: admin.token });
        assert.equal(jan.body.name, 'Jan van der Berg', 'a column the file lacks is left alone');
        assert.equal(jan.body.phone, '+31699990000');
        assert.deepEqual(jan.body.labels, ['Kleuring', 'Nieuw', 'VIP']);
      });

      it('without an email a client is found by phone, and by name among those with neither', async () => {
        const report = await run(
          'clients',
          csv('Name,Phone', '"Piet ""PJ"" de Vries",+31611112222', 'Nameless Norah,', 'Nameless Norah,'),
        );
        assert.deepEqual(actions(report), ['2:unchanged', '3:create', '4:refused:duplicate_in_file']);
        const again = await run('clients', csv('Name,Phone', 'Nameless Norah,'));
        assert.deepEqual(actions(again), ['2:unchanged']);
      });

      it('a phone two clients share is ambiguous, unless the row has an email', async () => {
        await insertClient(t.ctx.db, { name: 'Parent', email: null, phone: '+31655554444' });
        await insertClient(t.ctx.db, { name: 'Child', email: null, phone: '+31655554444' });
        const report = await run('clients', csv('name;phone', 'Parent;0655554444'));
        assert.deepEqual(actions(report), ['2:refused:ambiguous_match']);
        const withEmail = await run('clients', csv('name;phone;email', 'Parent;0655554444;parent@example.com'), {
          dryRun: true,
        });
        assert.deepEqual(actions(withEmail), ['2:refused:ambiguous_match']);
      });

      it('the fresha preset reads its client export (comma separated, quoted fields)', async () => {
        const report = await run(
          'clients',
          csv(
            'Client ID,First Name,Last Name,Full Name,Mobile Number,Telephone,Email,Gender,Date of Birth,Accepts Marketing,Accepts SMS Marketing,Note',
            '9001,Fleur,Fresha,,+44 7911 123456,,fleur@example.com,Female,1988-07-14,Yes,No,"Likes tea, no sugar"',
          ),
          { preset: 'fresha' },
        );
        assert.deepEqual(actions(report), ['2:create']);
        const fleur = await t.request({ method: 'GET', url: `/api/clients/${report.rows[0]!.id}`, token: admin.token });
        assert.equal(fleur.body.name, 'Fleur Fresha');
        assert.equal(fleur.body.phone, '+447911123456');
        assert.equal(fleur.body.gender, 'female');
        assert.equal(fleur.body.birthday, '1988-07-14');
        assert.equal(fleur.body.marketing_consent, 1);
        assert.equal(fleur.body.sms_consent, 0);
        assert.equal(fleur.body.notes, 'Likes tea, no sugar');
      });

      it('one transaction per batch: rows of several batches are written, a dry run over them writes none', async () => {
        const file = csv(
          'name,email',
          ...Array.from({ length: 5 }, (_, i) => `Batch ${i},batch${i}@example.com`),
          'Broken,not-an-email',
        );
        const clients = await count('clients');
        const dry = await run('clients', file, { batchSize: 2, dryRun: true });
        assert.deepEqual(dry.totals, { rows: 6, create: 5, update: 0, unchanged: 0, refused: 1 });
        assert.equal(await count('clients'), clients);
        const progress: number[] = [];
        const real = await run('clients', file, { batchSize: 2, onProgress: (done) => progress.push(done) });
        assert.deepEqual(real.totals, dry.totals);
        assert.deepEqual(progress, [0, 1, 2, 3, 4, 5, 6]);
        assert.equal(await count('clients'), clients + 5);
      });
    });

    describe('services', () => {
      let dames: number;
      let vatLow: number;

      before(async () => {
        const now = new Date().toISOString();
        dames = (
          await t.ctx.db
            .insertInto('service_categories')
            .values({ name: 'Dames', color: '#6e56cf', position: 0, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        vatLow = (
          await t.ctx.db
            .insertInto('vat_rates')
            .values({ name: 'Laag', percentage: 900, is_default: 0, is_disabled: 0, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      });

      const SERVICES = csv(
        'Behandeling;Categorie;Duur;Prijs;BTW',
        'Knippen;Dames;45;32,50;9%',
        'Kleuren;dames;1:30;€ 65,-;',
        'Föhnen;Onbekend;30;20;',
        'Knippen;Dames;30;25;',
        'Permanent;;2 uur;€ 1.250.000,50;',
        'Watergolf;;0;15;',
        'Epileren;;15;gratis;',
      );

      it('dry run, real run and a second run; unknown categories and values the API refuses say why', async () => {
        const services = await count('services');
        const dry = await run('services', SERVICES, { preset: 'nl', dryRun: true });
        assert.deepEqual(actions(dry), [
          '2:create',
          '3:create',
          '4:refused:unknown_category',
          '5:refused:duplicate_in_file',
          '6:refused:validation_failed',
          '7:refused:validation_failed',
          '8:refused:invalid_value',
        ]);
        assert.equal(await count('services'), services);
        assert.deepEqual(dry.rows[5]!.error!.details, [
          { field: 'duration_min', message: 'must be >= 1', column: 'Duur' },
        ]);
        assert.deepEqual(dry.rows[4]!.error!.details, [
          { field: 'price', message: 'must be <= 1000000', column: 'Prijs' },
        ]);

        const real = await run('services', SERVICES, { preset: 'nl' });
        assert.deepEqual(actions(real), actions(dry));
        const list = await t.request({ method: 'GET', url: '/api/services', token: admin.token });
        const knippen = list.body.find((s: { name: string }) => s.name === 'Knippen');
        assert.deepEqual(
          {
            duration: knippen.duration_min,
            price: knippen.price,
            category: knippen.category_id,
            vat: knippen.vat_rate_id,
          },
          { duration: 45, price: 32.5, category: dames, vat: vatLow },
        );
        const kleuren = list.body.find((s: { name: string }) => s.name === 'Kleuren');
        assert.deepEqual([kleuren.duration_min, kleuren.price], [90, 65]);

        const again = await run('services', SERVICES, { preset: 'nl' });
        assert.deepEqual(again.totals, { rows: 7, create: 0, update: 0, unchanged: 2, refused: 5 });
        assert.equal(await count('services'), services + 2);
      });

      it('two imports of one file at once create each service once', async () => {
        const file = csv('name,duration,price', 'Baard trimmen,20,15', 'Hoofdmassage,15,12.50');
        const services = await count('services');
        const [first, second] = await Promise.all([run('services', file), run('services', file)]);
        assert.deepEqual([...actions(first), ...actions(second)].sort(), [
          '2:create',
          '2:unchanged',
          '3:create',
          '3:unchanged',
        ]);
        assert.equal(await count('services'), services + 2);
      });

      it('a new price updates the service found by name and category', async () => {
        const report = await run('services', csv('name,category,price', 'Knippen,Dames,34.00'));
        assert.deepEqual(actions(report), ['2:update']);
        assert.deepEqual(report.rows[0]!.changes, ['price']);
      });
    });

    describe('products', () => {
      before(async () => {
        const now = new Date().toISOString();
        await t.ctx.db
          .insertInto('product_categories')
          .values({ name: 'Haarverzorging', color: '#6e56cf', position: 0, created_at: now, updated_at: now })
          .execute();
        await t.ctx.db
          .insertInto('suppliers')
          .values({
            name: 'Kappersgroothandel',
            contact_person: '',
            email: '',
            phone: '',
            address: '',
            notes: '',
            website: '',
            active: 1,
            creditor_number: 'CRED-IMPORT-1',
            created_at: now,
            updated_at: now,
          })
          .execute();
      });

      const PRODUCTS = excelCsv(
        'Artikelnummer;EAN;Productnaam;Verkoopprijs;Inkoopprijs;Voorraad;Categorie;Leverancier',
        'SH-250;8710000000017;Shampoo 250 ml;12,95;5,40;12;Haarverzorging;Kappersgroothandel',
        'CO-250;;Conditioner 250 ml;14,50;6,10;;Haarverzorging;',
        'MA-100;;Masker;19,95;;3;;',
        'WAX-1;;Wax;9,95;4;2;;Onbekende BV',
        'sh-250;;Shampoo dubbel;1;1;1;;',
      );

      it('creates products with their initial stock as a stock move; runs twice without duplicates', async () => {
        const products = await count('products');
        const dry = await run('products', PRODUCTS, { preset: 'nl', dryRun: true });
        assert.deepEqual(actions(dry), [
          '2:create',
          '3:create',
          '4:refused:validation_failed',
          '5:refused:unknown_supplier',
          '6:refused:duplicate_in_file',
        ]);
        assert.deepEqual(dry.rows[2]!.error!.details, [
          { field: 'purchase_price', message: 'is required', column: 'Inkoopprijs' },
        ]);
        assert.equal(await count('products'), products);
        assert.equal(await count('stock_transactions'), 0);

        const real = await run('products', PRODUCTS, { preset: 'nl' });
        assert.deepEqual(actions(real), actions(dry));
        const shampoo = await t.request({
          method: 'GET',
          url: `/api/inventory/products/${real.rows[0]!.id}`,
          token: admin.token,
        });
        assert.equal(shampoo.body.sku, 'SH-250');
        assert.equal(shampoo.body.ean_code, '8710000000017');
        assert.equal(shampoo.body.price, 12.95);
        assert.equal(shampoo.body.purchase_price, 5.4);
        assert.equal(shampoo.body.quantity_on_hand, 12);
        assert.equal(shampoo.body.category_name, 'Haarverzorging');
        assert.equal(shampoo.body.supplier_name, 'Kappersgroothandel');
        const moves = await t.ctx.db.selectFrom('stock_transactions').selectAll().execute();
        assert.deepEqual(
          moves.map((m) => [m.product_id, m.delta, m.reason, m.note, m.user_id]),
          [[real.rows[0]!.id, 12, 'adjustment', 'initial stock', admin.id]],
        );
        const conditioner = real.rows[1]!;
        const stock = await t.ctx.db
          .selectFrom('products')
          .select('quantity_on_hand')
          .where('id', '=', conditioner.id!)
          .executeTakeFirstOrThrow();
        assert.equal(stock.quantity_on_hand, 0, 'no stock column: starts at 0');

        const again = await run('products', PRODUCTS, { preset: 'nl' });
        assert.deepEqual(again.totals, { rows: 5, create: 0, update: 0, unchanged: 2, refused: 3 });
        assert.equal(await count('products'), products + 2);
        assert.equal(await count('stock_transactions'), 1);
      });

      it('a new stock count follows the API: refused while purchase orders keep the stock, an adjustment otherwise', async () => {
        const recount = csv('sku,stock', 'SH-250,10');
        await t.ctx.db.updateTable('settings').set({ purchase_orders_enabled: 1 }).where('id', '=', 1).execute();
        const refused = await run('products', recount);
        assert.deepEqual(actions(refused), ['2:refused:stock_managed_by_purchase_orders']);
        await t.ctx.db.updateTable('settings').set({ purchase_orders_enabled: 0 }).where('id', '=', 1).execute();
        const updated = await run('products', recount);
        assert.deepEqual(actions(updated), ['2:update']);
        assert.deepEqual(updated.rows[0]!.changes, ['quantity_on_hand']);
        const last = await t.ctx.db
          .selectFrom('stock_transactions')
          .select(['delta', 'reason'])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(last, { delta: -2, reason: 'adjustment' });
      });

      it('a product is found by its barcode when its SKU is unknown, and by name without either', async () => {
        const report = await run(
          'products',
          csv(
            'SKU,Barcode,Name,Retail Price',
            'SH-250-NEW,8710000000017,Shampoo 250 ml,12.95',
            ',,Conditioner 250 ml,15.00',
          ),
          { preset: 'fresha', dryRun: true },
        );
        assert.deepEqual(actions(report), ['2:update', '3:update']);
        assert.deepEqual(report.rows[0]!.changes, ['sku']);
        assert.deepEqual(report.rows[1]!.changes, ['price']);
      });
    });

    describe('upload: POST /api/imports/:kind (Admin)', () => {
      const upload = (kind: string, data: Buffer, token?: string, query = '', field = 'file') => {
        const { payload, headers } = multipartFile(field, 'export.csv', 'text/csv', data);
        return t.request({
          method: 'POST',
          url: `/api/imports/${kind}${query}`,
          payload,
          headers,
          ...(token ? { token } : {}),
        });
      };

      it('an admin’s upload answers the report; dry_run in the query writes nothing', async () => {
        const file = csv('name,email', 'Uploaded Una,una@example.com');
        const clients = await count('clients');
        const dry = await upload('clients', file, admin.token, '?dry_run=true');
        assert.equal(dry.status, 200, JSON.stringify(dry.body));
        assert.equal(dry.body.dry_run, true);
        assert.deepEqual(dry.body.totals, { rows: 1, create: 1, update: 0, unchanged: 0, refused: 0 });
        assert.equal(await count('clients'), clients);
        const real = await upload('clients', file, admin.token);
        assert.equal(real.status, 200);
        assert.equal(real.body.rows[0].action, 'create');
        assert.equal(typeof real.body.rows[0].id, 'number');
        assert.equal(await count('clients'), clients + 1);
        const again = await upload('clients', file, admin.token);
        assert.equal(again.body.rows[0].action, 'unchanged');
      });

      it('takes the options as form fields too, before or after the file', async () => {
        const file = excelCsv('Naam;Klant-mail', 'Veld Vera;vera@example.com');
        const boundary = 'salonimportboundary';
        const part = (name: string, value: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        const payload = Buffer.concat([
          Buffer.from(part('preset', 'nl')),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\nContent-Type: text/csv\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n${part('dry_run', 'true')}${part('mapping', 'Klant-mail=email')}--${boundary}--\r\n`),
        ]);
        const answer = await t.request({
          method: 'POST',
          url: '/api/imports/clients',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          token: admin.token,
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(answer.body.preset, 'nl');
        assert.equal(answer.body.dry_run, true);
        assert.deepEqual(answer.body.columns, [
          { column: 'Naam', field: 'name' },
          { column: 'Klant-mail', field: 'email' },
        ]);
        const bad = await t.request({
          method: 'POST',
          url: '/api/imports/clients',
          payload: Buffer.concat([Buffer.from(part('preset', 'klingon')), Buffer.from(`--${boundary}--\r\n`)]),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          token: admin.token,
        });
        assert.equal(bad.status, 400);
      });

      it('is refused to staff (403) and without a token (401)', async () => {
        const file = csv('name', 'Nobody');
        const asStaff = await upload('clients', file, staff.token);
        assert.equal(asStaff.status, 403);
        assert.equal(asStaff.body.code, 'forbidden');
        const anonymous = await upload('clients', file);
        assert.equal(anonymous.status, 401);
        assert.equal(anonymous.body.code, 'unauthenticated');
      });

      it('a file over the limit is 413, a binary file 415, a missing file or bad kind 400, all with an error body', async () => {
        const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
        big.write('name\n', 0);
        const tooLarge = await upload('clients', big, admin.token);
        assert.equal(tooLarge.status, 413);
        assert.equal(tooLarge.body.code, 'payload_too_large');
        const image = await upload('clients', TINY_PNG, admin.token);
        assert.equal(image.status, 415);
        assert.equal(image.body.code, 'unsupported_media_type');
        assert.match(image.body.error, /not a CSV/);
        const wrongField = await upload('clients', csv('name', 'X'), admin.token, '', 'upload');
        assert.equal(wrongField.status, 400);
        assert.equal(wrongField.body.code, 'file_required');
        const json = await t.request({ method: 'POST', url: '/api/imports/clients', payload: {}, token: admin.token });
        assert.equal(json.status, 400);
        const kind = await upload('bookings', csv('name', 'X'), admin.token);
        assert.equal(kind.status, 400);
        const noKey = await upload('services', csv('Prijs,Duur', '10,30'), admin.token);
        assert.equal(noKey.status, 400);
        assert.equal(noKey.body.code, 'mapping_incomplete');
      });

      it('GET /api/imports/presets lists each preset’s columns', async () => {
        const answer = await t.request({ method: 'GET', url: '/api/imports/presets', token: admin.token });
        assert.equal(answer.status, 200);
        assert.deepEqual(
          answer.body.map((p: { name: string }) => p.name),
          ['generic', 'nl', 'fresha'],
        );
        const nl = answer.body.find((p: { name: string }) => p.name === 'nl');
        assert.ok(nl.columns.clients.first_name.includes('voornaam'));
      });
    });
  });
}
