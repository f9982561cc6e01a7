import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

for (const dialect of DIALECTS) {
  describe(`staff photo and bio [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string; id: number };
    let memberId: number;
    let memberToken: string;

    const upload = (id: number, file: ReturnType<typeof multipartFile>, token = admin.token) =>
      t.request({
        method: 'POST',
        url: `/api/staff/staff/${id}/photo`,
        token,
        payload: file.payload,
        headers: file.headers,
      });
    const publicStaff = async () =>
      (await t.request({ method: 'GET', url: '/api/public/staff' })).body as Array<Record<string, unknown>>;

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await setSettings(t, admin.token, { booking_allow_staff_choice: 1 });
      const email = uniqueEmail('photo');
      const created = await t.request({
        method: 'POST',
        url: '/api/staff/staff',
        token: admin.token,
        payload: { name: 'Pia Photo', email, password: 'member-pass-1' },
      });
      assert.equal(created.status, 201);
      memberId = created.body.id;
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'member-pass-1' },
      });
      memberToken = login.body.token;
    });
    after(() => t.close());

    it('a member without a bio or photo is answered without those fields, as the interface has it', async () => {
      const mine = (await publicStaff()).find((member) => member.id === memberId);
      assert.deepEqual(Object.keys(mine!).sort(), ['id', 'name']);
    });

    it('a bio is set on create or update, trimmed, and shown on the public staff list', async () => {
      const updated = await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${memberId}`,
        token: admin.token,
        payload: { bio: '  Colour specialist, ten years in Amsterdam.  ' },
      });
      assert.equal(updated.status, 200);
      assert.equal(updated.body.bio, 'Colour specialist, ten years in Amsterdam.');
      const mine = (await publicStaff()).find((member) => member.id === memberId);
      assert.equal(mine!.bio, 'Colour specialist, ten years in Amsterdam.');
      const created = await t.request({
        method: 'POST',
        url: '/api/staff/staff',
        token: admin.token,
        payload: { name: 'Bo Bio', email: uniqueEmail('bio'), password: 'member-pass-1', bio: 'Barber' },
      });
      assert.equal(created.status, 201);
      assert.equal(created.body.bio, 'Barber');
    });

    it('a bio longer than 500 characters is refused with 400 on the field', async () => {
      const response = await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${memberId}`,
        token: admin.token,
        payload: { bio: 'x'.repeat(501) },
      });
      assertInvalid(response, 'bio');
    });

    it('a PNG named .jpg is accepted (the bytes decide), served publicly and cacheable at its versioned address', async () => {
      const response = await upload(memberId, multipartFile('photo', 'me.jpg', 'image/jpeg', TINY_PNG));
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const url = response.body.photo_url as string;
      assert.match(url, new RegExp(`^/api/staff/staff/${memberId}/photo\\?v=[a-f0-9]{8}$`));
      const served = await t.app.inject({ method: 'GET', url });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.deepEqual(served.rawPayload, TINY_PNG);
      const unversioned = await t.app.inject({ method: 'GET', url: `/api/staff/staff/${memberId}/photo` });
      assert.equal(unversioned.headers['cache-control'], 'public, max-age=300');
      const mine = (await publicStaff()).find((member) => member.id === memberId);
      assert.equal(mine!.photo_url, url);
      const listed = (await t.request({ method: 'GET', url: '/api/staff/staff', token: admin.token })).body;
      assert.equal(listed.find((member: { id: number }) => member.id === memberId).photo_url, url);
    });

    it('a new upload replaces the old file and changes the address', async () => {
      const first = (await upload(memberId, multipartFile('photo', 'a.png', 'image/png', TINY_PNG))).body.photo_url;
      const key = async () =>
        (await t.ctx.db.selectFrom('users').select('photo_key').where('id', '=', memberId).executeTakeFirstOrThrow())
          .photo_key!;
      const firstKey = await key();
      const second = await upload(memberId, multipartFile('photo', 'b.jpg', 'image/jpeg', JPEG));
      assert.equal(second.status, 200);
      assert.notEqual(second.body.photo_url, first);
      assert.equal(await t.ctx.storage.get(firstKey), null, 'old file removed');
      const served = await t.app.inject({ method: 'GET', url: second.body.photo_url });
      assert.equal(served.headers['content-type'], 'image/jpeg');
    });

    it('a text file (whatever its name) is refused with 415 and changes nothing', async () => {
      const before = (await publicStaff()).find((member) => member.id === memberId)!.photo_url;
      const text = Buffer.from('just some words, not a picture at all\n');
      assertError(
        await upload(memberId, multipartFile('photo', 'me.png', 'image/png', text)),
        415,
        'unsupported_media_type',
      );
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
      assertError(
        await upload(memberId, multipartFile('photo', 'me.gif', 'image/gif', gif)),
        415,
        'unsupported_media_type',
      );
      assert.equal((await publicStaff()).find((member) => member.id === memberId)!.photo_url, before);
    });

    it('a photo over 2 MB is refused with 413', async () => {
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
      assertError(
        await upload(memberId, multipartFile('photo', 'big.png', 'image/png', big)),
        413,
        'payload_too_large',
      );
    });

    it('uploads and deletes need an admin, the field "photo" and a known member', async () => {
      const file = () => multipartFile('photo', 'a.png', 'image/png', TINY_PNG);
      assert.equal((await upload(memberId, file(), memberToken)).status, 403);
      assert.equal((await upload(memberId, multipartFile('image', 'a.png', 'image/png', TINY_PNG))).status, 400);
      assertError(await upload(999_999, file()), 404, 'not_found');
      const remove = (id: number, token: string) =>
        t.request({ method: 'DELETE', url: `/api/staff/staff/${id}/photo`, token });
      assert.equal((await remove(memberId, memberToken)).status, 403);
      assertError(await remove(999_999, admin.token), 404, 'not_found');
    });

    it('delete removes the photo and its file; the address answers 404 and the list leaves it out', async () => {
      await upload(memberId, multipartFile('photo', 'a.png', 'image/png', TINY_PNG));
      const key = (
        await t.ctx.db.selectFrom('users').select('photo_key').where('id', '=', memberId).executeTakeFirstOrThrow()
      ).photo_key!;
      const response = await t.request({
        method: 'DELETE',
        url: `/api/staff/staff/${memberId}/photo`,
        token: admin.token,
      });
      assert.deepEqual(response.body, { ok: true });
      assert.equal(await t.ctx.storage.get(key), null);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/staff/staff/${memberId}/photo` })).statusCode, 404);
      assert.ok(!('photo_url' in (await publicStaff()).find((member) => member.id === memberId)!));
      const again = await t.request({
        method: 'DELETE',
        url: `/api/staff/staff/${memberId}/photo`,
        token: admin.token,
      });
      assert.equal(again.status, 200, 'deleting no photo is fine');
    });

    it('a deactivated member’s photo is no longer served', async () => {
      await upload(memberId, multipartFile('photo', 'a.png', 'image/png', TINY_PNG));
      await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${memberId}`,
        token: admin.token,
        payload: { active: false },
      });
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/staff/staff/${memberId}/photo` })).statusCode, 404);
      await t.request({
        method: 'PUT',
        url: `/api/staff/staff/${memberId}`,
        token: admin.token,
        payload: { active: true },
      });
    });
  });
}
