import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile } from '../../../test/helpers/multipart.js';

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

for (const dialect of DIALECTS) {
  describe(`the history of imports: GET /api/imports [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const upload = (fileName: string, data: Buffer, query = '') => {
      const { payload, headers } = multipartFile('file', fileName, 'text/csv', data);
      return t.request({ method: 'POST', url: `/api/imports/clients${query}`, payload, headers, token: admin.token });
    };

    it('a file imported for real is listed newest first with its name, who ran it and its totals; a dry run is not', async () => {
      const file = csv('name,email', 'Hanna History,hanna@example.com', 'Refused Row,not-an-email');
      assert.equal((await upload('checked.csv', file, '?dry_run=true')).status, 200);
      const empty = await t.request({ method: 'GET', url: '/api/imports?page=1', token: admin.token });
      assert.equal(empty.status, 200);
      assert.equal(empty.body.total, 0, 'a dry run leaves no trace');

      assert.equal((await upload('first.csv', file)).status, 200);
      assert.equal((await upload('again.csv', file)).status, 200);
      const listed = await t.request({ method: 'GET', url: '/api/imports?page=1&limit=10', token: admin.token });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.total, 2);
      const [again, first] = listed.body.data;
      assert.equal(again.file_name, 'again.csv', 'newest first');
      assert.equal(first.file_name, 'first.csv');
      assert.equal(first.kind, 'clients');
      assert.equal(first.preset, 'generic');
      assert.equal(first.user_id, admin.id);
      assert.equal(typeof first.user_name, 'string');
      assert.deepEqual(first.totals, { rows: 2, create: 1, update: 0, unchanged: 0, refused: 1 });
      assert.deepEqual(again.totals, { rows: 2, create: 0, update: 0, unchanged: 1, refused: 1 });
      assert.match(first.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    });

    it('the history is for admins only (staff 403)', async () => {
      assertError(await t.request({ method: 'GET', url: '/api/imports', token: staff.token }), 403, 'forbidden');
    });
  });
}
