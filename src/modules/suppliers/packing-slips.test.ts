import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unzip } from '../../../test/helpers/unzip.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';
import { todayIn } from '../../lib/time.js';

const ZONE = 'Europe/Amsterdam';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);

const compact = (date: string) => date.replaceAll('-', '');

for (const dialect of DIALECTS) {
  describe(`packing slips [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let supplier: { id: number; creditor_number: string };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      supplier = (
        await t.request({
          method: 'POST',
          url: '/api/suppliers',
          token: admin.token,
          payload: { name: 'Slip supplier' },
        })
      ).body;
    });
    after(() => t.close());

    const newOrder = async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/suppliers/orders',
        token: admin.token,
        payload: { supplier_id: supplier.id },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; order_number: string };
    };
    const receive = (id: number, received_date?: string) =>
      t.request({
        method: 'PUT',
        url: `/api/suppliers/orders/${id}`,
        token: admin.token,
        payload: { status: 'received', ...(received_date ? { received_date } : {}) },
      });
    const upload = (id: number, file: ReturnType<typeof multipartFile>, token = admin.token) =>
      t.request({
        method: 'POST',
        url: `/api/suppliers/orders/${id}/packing-slip`,
        token,
        payload: file.payload,
        headers: file.headers,
      });
    const uploadPdf = async (id: number, data = PDF) => {
      const response = await upload(id, multipartFile('file', 'scan.pdf', 'application/pdf', data));
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.filename as string;
    };
    /** A GET whose body is kept as bytes; `null`: without a token. */
    const raw = (url: string, token: string | null = admin.token) =>
      t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const download = (id: number, token: string | null = admin.token) =>
      raw(`/api/suppliers/orders/${id}/packing-slip`, token);
    const zipOf = async (query: string) => {
      const response = await raw(`/api/suppliers/packing-slips/zip${query}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/zip');
      return unzip(response.rawPayload);
    };
    const slipKey = async (id: number) =>
      (
        await t.ctx.db
          .selectFrom('purchase_orders')
          .select('packing_slip_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).packing_slip_key;

    describe('POST /suppliers/orders/:id/packing-slip', () => {
      it('stores the file as {order_number}_{creditor_number}_{YYYYMMDD}.pdf: today while not received', async () => {
        const order = await newOrder();
        const response = await upload(order.id, multipartFile('file', '../../etc/passwd.pdf', 'application/pdf', PDF));
        assert.equal(response.status, 200);
        const expected = `${order.order_number}_${supplier.creditor_number}_${compact(todayIn(ZONE))}.pdf`;
        assert.deepEqual(response.body, { ok: true, filename: expected });
        const detail = await t.request({ method: 'GET', url: `/api/suppliers/orders/${order.id}`, token: admin.token });
        assert.equal(detail.body.packing_slip, expected);
        const key = await slipKey(order.id);
        assert.match(key!, /^packing-slips\/[a-f0-9]{32}\.pdf$/, 'a generated storage key, never the client’s name');
      });

      it('the date in the name is the received_date of a received order', async () => {
        const order = await newOrder();
        await receive(order.id, '2026-03-15');
        const filename = await uploadPdf(order.id);
        assert.equal(filename, `${order.order_number}_${supplier.creditor_number}_20260315.pdf`);
      });

      it('the name follows the received date when the order is received after the upload', async () => {
        const order = await newOrder();
        await uploadPdf(order.id);
        const received = await receive(order.id, '2026-07-04');
        const expected = `${order.order_number}_${supplier.creditor_number}_20260704.pdf`;
        assert.equal(received.body.packing_slip, expected);
        const response = await download(order.id);
        assert.equal(response.headers['content-disposition'], `attachment; filename="${expected}"`);
        const corrected = await t.request({
          method: 'PUT',
          url: `/api/suppliers/orders/${order.id}`,
          token: admin.token,
          payload: { received_date: '2026-07-03' },
        });
        assert.equal(corrected.body.packing_slip, `${order.order_number}_${supplier.creditor_number}_20260703.pdf`);
      });

      it('an order that is not received refuses a received_date (409 order_not_received), and its slip is never filed under one', async () => {
        const order = await newOrder();
        const today = `${order.order_number}_${supplier.creditor_number}_${compact(todayIn(ZONE))}.pdf`;
        assert.equal(await uploadPdf(order.id), today);
        const update = (payload: object) =>
          t.request({ method: 'PUT', url: `/api/suppliers/orders/${order.id}`, token: admin.token, payload });
        assertError(await update({ received_date: '2030-06-01' }), 409, 'order_not_received');
        // Nothing of a refused request is saved, the status change with it included.
        assertError(
          await update({ status: 'ordered', notes: 'x', received_date: '2030-06-01' }),
          409,
          'order_not_received',
        );
        let detail = await t.request({ method: 'GET', url: `/api/suppliers/orders/${order.id}`, token: admin.token });
        assert.equal(detail.body.status, 'created');
        assert.equal(detail.body.notes, '');
        assert.equal(detail.body.received_date, null);
        assert.equal(detail.body.packing_slip, today);

        // A date stored before this rule existed is not a receipt either.
        await t.ctx.db
          .updateTable('purchase_orders')
          .set({ received_date: '2030-06-01' })
          .where('id', '=', order.id)
          .execute();
        assert.equal(await uploadPdf(order.id), today, 'filed under the upload date');
        detail = await t.request({ method: 'GET', url: `/api/suppliers/orders/${order.id}`, token: admin.token });
        assert.equal(detail.body.received_date, null);
        assert.ok(!(await zipOf('?year=2030')).has(today), 'not in the year of the stray date');
        assert.ok((await zipOf('')).has(today), 'in the year of its upload');

        // Received, with its date: the slip follows that date.
        const received = await update({ status: 'received', received_date: '2030-06-02' });
        assert.equal(received.status, 200, JSON.stringify(received.body));
        assert.equal(received.body.packing_slip, `${order.order_number}_${supplier.creditor_number}_20300602.pdf`);
      });

      it('the type is decided by the bytes: JPEG, PNG, GIF and WebP get their real extension', async () => {
        const samples: Array<[Buffer, string, string]> = [
          [JPEG, 'jpg', 'image/jpeg'],
          [TINY_PNG, 'png', 'image/png'],
          [GIF, 'gif', 'image/gif'],
          [WEBP, 'webp', 'image/webp'],
        ];
        for (const [bytes, extension, type] of samples) {
          const order = await newOrder();
          const response = await upload(order.id, multipartFile('file', 'slip.pdf', 'application/pdf', bytes));
          assert.equal(response.status, 200, extension);
          assert.ok(response.body.filename.endsWith(`.${extension}`), response.body.filename);
          const served = await download(order.id);
          assert.equal(served.statusCode, 200);
          assert.equal(served.headers['content-type'], type);
          assert.deepEqual(served.rawPayload, bytes);
        }
      });

      it('any other type is a 415 and changes nothing: HTML named .pdf, SVG, text, an empty file', async () => {
        const order = await newOrder();
        const filename = await uploadPdf(order.id);
        const key = await slipKey(order.id);
        const refused: Array<[string, string, Buffer]> = [
          ['slip.pdf', 'application/pdf', Buffer.from('<html><body><script>alert(1)</script></body></html>')],
          ['slip.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')],
          ['slip.txt', 'text/plain', Buffer.from('just text')],
          ['empty.pdf', 'application/pdf', Buffer.alloc(0)],
        ];
        for (const [name, type, bytes] of refused) {
          assertError(await upload(order.id, multipartFile('file', name, type, bytes)), 415, 'unsupported_media_type');
        }
        assert.equal(await slipKey(order.id), key);
        const detail = await t.request({ method: 'GET', url: `/api/suppliers/orders/${order.id}`, token: admin.token });
        assert.equal(detail.body.packing_slip, filename);
      });

      it('a file over 10 MB is a 413 and changes nothing; 9.5 MB is accepted', async () => {
        const order = await newOrder();
        const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
        assertError(
          await upload(order.id, multipartFile('file', 'big.pdf', 'application/pdf', big)),
          413,
          'payload_too_large',
        );
        assert.equal(await slipKey(order.id), null);
        const large = Buffer.concat([PDF, Buffer.alloc(9.5 * 1024 * 1024)]);
        const response = await upload(order.id, multipartFile('file', 'large.pdf', 'application/pdf', large));
        assert.equal(response.status, 200);
        assert.equal((await download(order.id)).rawPayload.length, large.length);
      });

      it('a new upload replaces the old file and removes it from storage', async () => {
        const order = await newOrder();
        await uploadPdf(order.id);
        const first = (await slipKey(order.id))!;
        const response = await upload(order.id, multipartFile('file', 'photo.png', 'image/png', TINY_PNG));
        assert.equal(response.status, 200);
        assert.ok(response.body.filename.endsWith('.png'));
        const second = (await slipKey(order.id))!;
        assert.notEqual(second, first);
        assert.equal(await t.ctx.storage.get(first), null, 'old file removed');
        assert.deepEqual(await t.ctx.storage.get(second), TINY_PNG);
        assert.deepEqual((await download(order.id)).rawPayload, TINY_PNG);
      });

      it('needs the multipart field "file" (400), an existing order (404), an admin (403) and a token (401)', async () => {
        const order = await newOrder();
        const wrongField = await upload(order.id, multipartFile('slip', 'slip.pdf', 'application/pdf', PDF));
        assertError(wrongField, 400, 'file_required');
        const json = await t.request({
          method: 'POST',
          url: `/api/suppliers/orders/${order.id}/packing-slip`,
          token: admin.token,
          payload: { file: 'x' },
        });
        assertError(json, 400, 'file_required');
        assertError(await upload(987_654, multipartFile('file', 's.pdf', 'application/pdf', PDF)), 404, 'not_found');
        assertError(
          await upload(order.id, multipartFile('file', 's.pdf', 'application/pdf', PDF), staff.token),
          403,
          'forbidden',
        );
        const anonymous = multipartFile('file', 's.pdf', 'application/pdf', PDF);
        const unauthenticated = await t.request({
          method: 'POST',
          url: `/api/suppliers/orders/${order.id}/packing-slip`,
          payload: anonymous.payload,
          headers: anonymous.headers,
        });
        assertError(unauthenticated, 401, 'unauthenticated');
        assert.equal(await slipKey(order.id), null);
      });
    });

    describe('GET /suppliers/orders/:id/packing-slip', () => {
      it('serves the file with its content type as an attachment under its name; staff may download', async () => {
        const order = await newOrder();
        const filename = await uploadPdf(order.id);
        const response = await download(order.id, staff.token);
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/pdf');
        assert.equal(response.headers['content-disposition'], `attachment; filename="${filename}"`);
        assert.deepEqual(response.rawPayload, PDF);
      });

      it('404 when the order has no packing slip or does not exist; 401 without a token', async () => {
        const order = await newOrder();
        const none = await download(order.id);
        assert.equal(none.statusCode, 404);
        assert.equal(none.json().code, 'not_found');
        assert.equal((await download(987_654)).statusCode, 404);
        assert.equal((await download(order.id, null)).statusCode, 401);
      });

      it('deleting the order removes its packing slip file (after the commit)', async () => {
        const order = await newOrder();
        await uploadPdf(order.id);
        const key = (await slipKey(order.id))!;
        assert.ok(await t.ctx.storage.get(key));
        const response = await t.request({
          method: 'DELETE',
          url: `/api/suppliers/orders/${order.id}`,
          token: admin.token,
        });
        assert.equal(response.status, 200);
        assert.equal(await t.ctx.storage.get(key), null);
        assert.equal((await download(order.id)).statusCode, 404);
      });

      it('deleting a received order removes its packing slip file too', async () => {
        const order = await newOrder();
        await receive(order.id, '2026-02-02');
        await uploadPdf(order.id);
        const key = (await slipKey(order.id))!;
        await t.request({ method: 'DELETE', url: `/api/suppliers/orders/${order.id}`, token: admin.token });
        assert.equal(await t.ctx.storage.get(key), null);
      });
    });

    describe('GET /suppliers/packing-slips/zip', () => {
      it("a ZIP of the year's slips (by received_date) under their names, with their bytes", async () => {
        const early = await newOrder();
        const late = await newOrder();
        const otherYear = await newOrder();
        await receive(early.id, '2031-01-01');
        await receive(late.id, '2031-12-31');
        await receive(otherYear.id, '2032-01-01');
        const earlyName = await uploadPdf(early.id);
        const lateBytes = Buffer.concat([PDF, Buffer.from('late')]);
        const lateName = await uploadPdf(late.id, lateBytes);
        const otherName = await uploadPdf(otherYear.id);

        const files = await zipOf('?year=2031');
        assert.deepEqual([...files.keys()].sort(), [earlyName, lateName].sort());
        assert.deepEqual(files.get(earlyName), PDF);
        assert.deepEqual(files.get(lateName), lateBytes);
        assert.deepEqual([...(await zipOf('?year=2032')).keys()], [otherName]);
      });

      it('a slip of an order not received counts for its upload year; year defaults to the current year', async () => {
        const order = await newOrder();
        const filename = await uploadPdf(order.id);
        const year = todayIn(ZONE).slice(0, 4);
        const byDefault = await zipOf('');
        assert.ok(byDefault.has(filename), [...byDefault.keys()].join(', '));
        assert.deepEqual(byDefault.get(filename), PDF);
        assert.deepEqual([...byDefault.keys()].sort(), [...(await zipOf(`?year=${year}`)).keys()].sort());
        assert.ok(!(await zipOf(`?year=${Number(year) - 1}`)).has(filename));
      });

      it('an empty year gives a valid, empty ZIP as an attachment', async () => {
        const response = await raw('/api/suppliers/packing-slips/zip?year=2039');
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/zip');
        assert.equal(response.headers['content-disposition'], 'attachment; filename="packing-slips-2039.zip"');
        assert.equal((await unzip(response.rawPayload)).size, 0);
      });

      it('files are opened one at a time while the archive streams', async () => {
        for (const day of ['01', '02', '03', '04']) {
          const order = await newOrder();
          await receive(order.id, `2033-05-${day}`);
          await uploadPdf(order.id, Buffer.concat([PDF, Buffer.alloc(256 * 1024, day)]));
        }
        const storage = t.ctx.storage;
        const original = storage.stream.bind(storage);
        // "Being read": from the moment a file is opened until its last byte was consumed.
        let reading = 0;
        let most = 0;
        let opened = 0;
        let closed = 0;
        storage.stream = async (key: string) => {
          const stream = await original(key);
          if (stream) {
            reading += 1;
            opened += 1;
            most = Math.max(most, reading);
            stream.on('end', () => (reading -= 1));
            stream.on('close', () => (closed += 1));
          }
          return stream;
        };
        try {
          const files = await zipOf('?year=2033');
          assert.equal(files.size, 4);
          assert.equal(opened, 4);
          assert.equal(most, 1, 'a file is opened only after the previous one was read to its end');
          for (let i = 0; i < 100 && closed < 4; i++) await new Promise((resolve) => setTimeout(resolve, 10));
          assert.equal(closed, 4, 'every file closed');
        } finally {
          storage.stream = original;
        }
      });

      it('a slip missing from storage is zipped empty; the archive stays valid', async () => {
        const order = await newOrder();
        await receive(order.id, '2034-04-04');
        const filename = await uploadPdf(order.id);
        await t.ctx.storage.delete((await slipKey(order.id))!);
        const files = await zipOf('?year=2034');
        assert.deepEqual([...files.keys()], [filename]);
        assert.equal(files.get(filename)!.length, 0);
      });

      it('needs an admin (403 for staff, 401 without a token); year must be a 4-digit year (400)', async () => {
        assert.equal((await raw('/api/suppliers/packing-slips/zip', staff.token)).statusCode, 403);
        assert.equal((await raw('/api/suppliers/packing-slips/zip', null)).statusCode, 401);
        for (const year of ['abc', '1999', '20260']) {
          const response = await raw(`/api/suppliers/packing-slips/zip?year=${year}`);
          assert.equal(response.statusCode, 400, year);
          assert.equal(response.json().details[0].field, 'year');
        }
      });
    });
  });
}
