import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';
import { packingSlipViewLink } from './packing-slip-view.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

for (const dialect of DIALECTS) {
  describe(`a packing slip shown inline through its view address [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };
    let supplierId: number;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      supplierId = (
        await t.request({
          method: 'POST',
          url: '/api/suppliers',
          token: admin.token,
          payload: { name: 'View supplier' },
        })
      ).body.id;
    });
    after(() => t.close());

    const orderWithSlip = async (name: string, type: string, data: Buffer) => {
      const order = await t.request({
        method: 'POST',
        url: '/api/suppliers/orders',
        token: admin.token,
        payload: { supplier_id: supplierId },
      });
      const file = multipartFile('file', name, type, data);
      const uploaded = await t.request({
        method: 'POST',
        url: `/api/suppliers/orders/${order.body.id}/packing-slip`,
        token: admin.token,
        payload: file.payload,
        headers: file.headers,
      });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      return order.body.id as number;
    };
    const linkOf = async (id: number, token = staff.token) => {
      const response = await t.request({
        method: 'POST',
        url: `/api/suppliers/orders/${id}/packing-slip/view-link`,
        token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as { url: string; expires_at: string };
    };
    const view = (url: string) => t.app.inject({ method: 'GET', url });
    /** Refused as if the address did not exist. */
    const refused = async (url: string) => {
      const response = await view(url);
      assertError({ status: response.statusCode, body: response.json() }, 404, 'not_found');
    };

    it('a PDF: its bytes inline as application/pdf, nosniff, its own sandboxed policy, without a token', async () => {
      const id = await orderWithSlip('scan.pdf', 'application/pdf', PDF);
      const link = await linkOf(id);
      assert.match(link.url, new RegExp(`^/api/suppliers/orders/${id}/packing-slip/view/`));
      const expiresIn = Date.parse(link.expires_at) - Date.now();
      assert.ok(expiresIn > 4 * 60_000 && expiresIn <= 5 * 60_000, `expires in five minutes (${expiresIn} ms)`);
      const response = await view(link.url);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.rawPayload, PDF);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.match(String(response.headers['content-disposition']), /^inline; filename="[^"]+\.pdf"$/);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      const policy = String(response.headers['content-security-policy']);
      assert.match(policy, /(^|; )sandbox(;|$)/);
      assert.match(policy, /default-src 'none'/);
      assert.match(policy, /frame-ancestors 'self'/);
      assert.equal(response.headers['cache-control'], 'private, no-store');
    });

    it('an image: served as the image type found in its bytes, whatever the upload said', async () => {
      const id = await orderWithSlip('scan.pdf', 'application/pdf', TINY_PNG);
      const response = await view((await linkOf(id)).url);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/png');
      assert.match(String(response.headers['content-disposition']), /^inline; filename="[^"]+\.png"$/);
    });

    it("a forged, expired, other order's or outdated address answers 404; no slip: 404; no token for the link: 401", async () => {
      const id = await orderWithSlip('scan.pdf', 'application/pdf', PDF);
      const other = await orderWithSlip('other.pdf', 'application/pdf', PDF);
      const { url } = await linkOf(id);
      const token = url.slice(url.lastIndexOf('/') + 1);
      const [expires, mac] = token.split('.');
      await refused(
        url.replace(
          mac!,
          mac!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        ),
      );
      await refused(url.replace(`${expires}.`, `${Number(expires) + 60}.`));
      await refused(`/api/suppliers/orders/${other}/packing-slip/view/${token}`);
      await refused(`/api/suppliers/orders/${id}/packing-slip/view/nonsense`);
      const past = await packingSlipViewLink(t.ctx, id, new Date(Date.now() - 6 * 60_000));
      await refused(past.url);
      // A new slip replaces the file: the old address stops at once.
      const file = multipartFile('file', 'again.pdf', 'application/pdf', PDF);
      await t.request({
        method: 'POST',
        url: `/api/suppliers/orders/${id}/packing-slip`,
        token: admin.token,
        payload: file.payload,
        headers: file.headers,
      });
      await refused(url);

      const bare = await t.request({
        method: 'POST',
        url: '/api/suppliers/orders',
        token: admin.token,
        payload: { supplier_id: supplierId },
      });
      const none = await t.request({
        method: 'POST',
        url: `/api/suppliers/orders/${bare.body.id}/packing-slip/view-link`,
        token: admin.token,
      });
      assertError(none, 404, 'not_found');
      const anonymous = await t.request({ method: 'POST', url: `/api/suppliers/orders/${id}/packing-slip/view-link` });
      assert.equal(anonymous.status, 401);
    });
  });
}
