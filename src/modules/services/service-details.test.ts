import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';

/*
 * A service's description and photo (additive fields): what the manager sets, what the booking
 * page is given, and the photo's upload judged by its bytes.
 */

type Service = { id: number; description: string | null; photo_url: string | null };
type PublicService = { id: number; description?: string; photo_url?: string };

for (const dialect of DIALECTS) {
  describe(`service description and photo [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const service = async (payload: object = {}) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/services',
        token: admin.token,
        payload: { name: 'Colour', duration_min: 60, price: 50, ...payload },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Service;
    };
    const upload = (id: number, file: ReturnType<typeof multipartFile>, token = admin.token) =>
      t.request({
        method: 'POST',
        url: `/api/services/${id}/photo`,
        token,
        payload: file.payload,
        headers: file.headers,
      });
    const publicService = async (id: number) => {
      const list = (await t.request({ method: 'GET', url: '/api/public/services' })).body as PublicService[];
      return list.find((item) => item.id === id);
    };
    const stored = (id: number) =>
      t.ctx.db
        .selectFrom('services')
        .select(['photo_key', 'photo_content_type'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('a service written to the spec alone has description and photo_url null', async () => {
      const created = await service();
      assert.equal(created.description, null);
      assert.equal(created.photo_url, null);
      const shown = await publicService(created.id);
      assert.ok(shown);
      assert.ok(!('description' in shown) && !('photo_url' in shown), 'absent on the booking page when not set');
    });

    it('the description is trimmed, changed by PUT, removed by blank or null, and shown on the booking page', async () => {
      const created = await service({ description: '  Full colour, root to tip.  ' });
      assert.equal(created.description, 'Full colour, root to tip.');
      assert.equal((await publicService(created.id))?.description, 'Full colour, root to tip.');
      const url = `/api/services/${created.id}`;
      let changed = await t.request({ method: 'PUT', url, token: admin.token, payload: { price: 55 } });
      assert.equal(changed.body.description, 'Full colour, root to tip.', 'unchanged when absent');
      changed = await t.request({ method: 'PUT', url, token: admin.token, payload: { description: '   ' } });
      assert.equal(changed.body.description, null);
      await t.request({ method: 'PUT', url, token: admin.token, payload: { description: 'Again' } });
      changed = await t.request({ method: 'PUT', url, token: admin.token, payload: { description: null } });
      assert.equal(changed.body.description, null);
    });

    it('a description over 1000 characters is 400 validation_failed naming description', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/services',
        token: admin.token,
        payload: { name: 'Long', duration_min: 30, price: 10, description: 'x'.repeat(1001) },
      });
      assertError(response, 400, 'validation_failed');
      assert.ok(JSON.stringify(response.body.details).includes('description'));
    });

    it('a PNG named .jpg is accepted as a PNG; its public address serves it, cached for a year at its version', async () => {
      const created = await service();
      const response = await upload(created.id, multipartFile('photo', 'photo.jpg', 'image/jpeg', TINY_PNG));
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const path = response.body.photo_url as string;
      assert.match(path, new RegExp(`^/api/public/services/${created.id}/photo\\?v=[a-f0-9]{8}$`));
      assert.equal((await stored(created.id)).photo_content_type, 'image/png');
      assert.match((await stored(created.id)).photo_key ?? '', /^service-photos\/[a-f0-9]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.deepEqual(served.rawPayload, TINY_PNG);
      const unversioned = await t.app.inject({ method: 'GET', url: `/api/public/services/${created.id}/photo` });
      assert.equal(unversioned.headers['cache-control'], 'public, max-age=300');
      assert.equal((await publicService(created.id))?.photo_url, path);
      const read = await t.request({ method: 'GET', url: '/api/services', token: admin.token });
      assert.equal((read.body as Service[]).find((item) => item.id === created.id)?.photo_url, path);
    });

    it('a text file is refused 415 whatever its name; an SVG or GIF too; nothing stored', async () => {
      const created = await service();
      const text = Buffer.from('just some words, not a picture');
      assertError(
        await upload(created.id, multipartFile('photo', 'photo.png', 'image/png', text)),
        415,
        'unsupported_media_type',
      );
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
      assertError(
        await upload(created.id, multipartFile('photo', 'p.svg', 'image/svg+xml', svg)),
        415,
        'unsupported_media_type',
      );
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      assertError(
        await upload(created.id, multipartFile('photo', 'p.gif', 'image/gif', gif)),
        415,
        'unsupported_media_type',
      );
      assert.equal((await stored(created.id)).photo_key, null);
    });

    it('a photo over 2 MB is refused 413 and changes nothing', async () => {
      const created = await service();
      await upload(created.id, multipartFile('photo', 'a.png', 'image/png', TINY_PNG));
      const before = await stored(created.id);
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const response = await upload(created.id, multipartFile('photo', 'big.png', 'image/png', big));
      assertError(response, 413, 'payload_too_large');
      assert.deepEqual(await stored(created.id), before);
    });

    it('a new upload replaces the old file; DELETE removes the photo and its address answers 404', async () => {
      const created = await service();
      await upload(created.id, multipartFile('photo', 'a.png', 'image/png', TINY_PNG));
      const first = (await stored(created.id)).photo_key!;
      const second = await upload(created.id, multipartFile('photo', 'b.png', 'image/png', TINY_PNG));
      const secondKey = (await stored(created.id)).photo_key!;
      assert.notEqual(first, secondKey);
      assert.equal(await t.ctx.storage.get(first), null, 'old file removed');
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/services/${created.id}/photo`,
        token: admin.token,
      });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body, { ok: true });
      assert.deepEqual(await stored(created.id), { photo_key: null, photo_content_type: null });
      assert.equal(await t.ctx.storage.get(secondKey), null);
      assertError(await t.app.inject({ method: 'GET', url: second.body.photo_url }).then(asResponse), 404, 'not_found');
      const again = await t.request({ method: 'DELETE', url: `/api/services/${created.id}/photo`, token: admin.token });
      assert.equal(again.status, 200, 'removing a photo that is not there changes nothing');
    });

    it('deleting a service nothing refers to lets its photo file go', async () => {
      const created = await service();
      await upload(created.id, multipartFile('photo', 'a.png', 'image/png', TINY_PNG));
      const key = (await stored(created.id)).photo_key!;
      const deleted = await t.request({ method: 'DELETE', url: `/api/services/${created.id}`, token: admin.token });
      assert.equal(deleted.body.archived, false);
      assert.equal(await t.ctx.storage.get(key), null);
    });

    it('upload and delete need an admin, the field "photo" and a known service', async () => {
      const created = await service();
      const file = () => multipartFile('photo', 'a.png', 'image/png', TINY_PNG);
      assert.equal((await upload(created.id, file(), staff.token)).status, 403);
      const asStaff = await t.request({
        method: 'DELETE',
        url: `/api/services/${created.id}/photo`,
        token: staff.token,
      });
      assert.equal(asStaff.status, 403);
      assertError(
        await upload(created.id, multipartFile('image', 'a.png', 'image/png', TINY_PNG)),
        400,
        'photo_required',
      );
      const json = await t.request({
        method: 'POST',
        url: `/api/services/${created.id}/photo`,
        token: admin.token,
        payload: { photo: 'x' },
      });
      assertError(json, 400, 'photo_required');
      assertError(await upload(999_999, file()), 404, 'not_found');
      const missing = await t.request({ method: 'DELETE', url: '/api/services/999999/photo', token: admin.token });
      assertError(missing, 404, 'not_found');
    });
  });
}

function asResponse(response: { statusCode: number; json: () => unknown }) {
  return { status: response.statusCode, body: response.json() as any };
}
