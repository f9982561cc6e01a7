import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { formatInstant } from '../../lib/time.js';
import { createStaff, createTestApp, setupSalon, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface Client {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  labels: string[];
  [key: string]: unknown;
}

let counter = 0;
/** A name no other test uses, so that searches find only this test's clients. */
const uniqueName = (prefix: string) => `${prefix} ${process.pid}x${++counter}`;

for (const dialect of DIALECTS) {
  describe(`clients [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = staff.token) =>
      t.request({ method: 'POST', url: '/api/clients', token, payload });
    const created = async (payload: object): Promise<Client> => {
      const response = await create(payload);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Client;
    };
    const update = (id: number, payload: object, token = staff.token) =>
      t.request({ method: 'PUT', url: `/api/clients/${id}`, token, payload });
    const remove = (id: number, token = staff.token) =>
      t.request({ method: 'DELETE', url: `/api/clients/${id}`, token });
    const get = (id: number, token = staff.token) => t.request({ method: 'GET', url: `/api/clients/${id}`, token });
    const list = async (query: string): Promise<Client[]> => {
      const response = await t.request({ method: 'GET', url: `/api/clients${query}`, token: staff.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.ok(Array.isArray(response.body));
      return response.body as Client[];
    };
    const merge = (id: number, duplicateId: number, token = admin.token) =>
      t.request({ method: 'POST', url: `/api/clients/${id}/merge`, token, payload: { duplicate_id: duplicateId } });

    describe('auth: desk staff work with clients; merge is for admins', () => {
      it('a staff member may create, read, list, update and delete clients', async () => {
        const client = await created({ name: uniqueName('Staff made') });
        assert.equal((await get(client.id)).status, 200);
        assert.ok((await list('')).some((c) => c.id === client.id));
        assert.equal((await update(client.id, { phone: '0612345678' })).status, 200);
        assert.equal((await remove(client.id)).status, 200);
      });

      it('a staff member may not merge clients (403)', async () => {
        const a = await created({ name: uniqueName('Keep') });
        const b = await created({ name: uniqueName('Dup') });
        assertError(await merge(a.id, b.id, staff.token), 403, 'forbidden');
        assert.equal((await get(b.id)).body.merged_into_id, null);
      });
    });

    describe('POST /clients', () => {
      it('creates a client: 201 with every field, email lower-cased, labels sorted', async () => {
        const email = uniqueEmail('Client').replace('client', 'CLIENT');
        const response = await create({
          name: '  Anna de Vries ',
          email,
          phone: '+31 6 1234 5678',
          birthday: '1990-02-28',
          gender: 'female',
          notes: 'Allergic to ammonia',
          marketing_consent: true,
          labels: ['VIP', 'blonde', 'vip'],
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        assert.deepEqual(Object.keys(response.body).sort(), [
          'birthday',
          'created_at',
          'email',
          'erased_at',
          'gender',
          'id',
          'labels',
          'language',
          'marketing_consent',
          'merged_into_id',
          'name',
          'notes',
          'phone',
          'sms_consent',
          'updated_at',
        ]);
        const body = response.body;
        assert.equal(body.name, 'Anna de Vries');
        assert.equal(body.email, email.toLowerCase());
        assert.equal(body.phone, '+31612345678', 'stored in E.164');
        assert.equal(body.birthday, '1990-02-28');
        assert.equal(body.gender, 'female');
        assert.equal(body.notes, 'Allergic to ammonia');
        assert.equal(body.marketing_consent, 1);
        assert.deepEqual(body.labels, ['blonde', 'VIP'], 'one label per name whatever the case; sorted');
        assert.equal(body.erased_at, null);
        assert.equal(body.merged_into_id, null);
        assert.match(body.created_at, DATETIME);
        assert.match(body.updated_at, DATETIME);
        assert.deepEqual((await get(body.id)).body, body);
      });

      it('optional fields default: email null, phone/gender/notes empty, birthday null, consent 0, no labels', async () => {
        const body = await created({ name: uniqueName('Bare') });
        assert.equal(body.email, null);
        assert.equal(body.phone, '');
        assert.equal(body.birthday, null);
        assert.equal(body.gender, '');
        assert.equal(body.notes, '');
        assert.equal(body.marketing_consent, 0);
        assert.deepEqual(body.labels, []);
        const empty = await created({ name: uniqueName('Empty email'), email: '' });
        assert.equal(empty.email, null, '"" means no email');
        const nulled = await created({ name: uniqueName('Null email'), email: null, birthday: null });
        assert.equal(nulled.email, null);
      });

      it('datetimes are written YYYY-MM-DD HH:MM:SS in the salon time zone', async () => {
        const body = await created({ name: uniqueName('Zoned') });
        const row = await t.ctx.db
          .selectFrom('clients')
          .select('created_at')
          .where('id', '=', body.id)
          .executeTakeFirstOrThrow();
        assert.equal(body.created_at, formatInstant(row.created_at, 'Europe/Amsterdam'));
      });

      it('name is required and may not be blank (400 with details)', async () => {
        assertInvalid(await create({}), 'name');
        assertInvalid(await create({ name: '' }), 'name');
        assertInvalid(await create({ name: '   ' }), 'name');
        assertInvalid(await create({ name: 42 }), 'name');
      });

      it('email, gender, consent and labels are validated (400)', async () => {
        assertInvalid(await create({ name: 'Bad', email: 'not-an-email' }), 'email');
        assertInvalid(await create({ name: 'Bad', gender: 'unknown' }), 'gender');
        assertInvalid(await create({ name: 'Bad', marketing_consent: 'yes' }), 'marketing_consent');
        assertInvalid(await create({ name: 'Bad', marketing_consent: 2 }), 'marketing_consent');
        assertInvalid(await create({ name: 'Bad', labels: 'VIP' }), 'labels');
        assertInvalid(await create({ name: 'Bad', labels: ['  '] }), 'labels.0');
        assertInvalid(await create({ name: 'Bad', phone: 5 }), 'phone');
      });

      it('every gender value of the list is accepted', async () => {
        for (const gender of ['female', 'male', 'non_binary', 'other', '']) {
          assert.equal((await created({ name: uniqueName('Gender'), gender })).gender, gender);
        }
      });

      it('birthday must be a real date and not in the future (400)', async () => {
        assertInvalid(await create({ name: 'Bad', birthday: '2001-02-30' }), 'birthday');
        assertInvalid(await create({ name: 'Bad', birthday: '01-02-2001' }), 'birthday');
        const tomorrow = DateTime.now().setZone('Europe/Amsterdam').plus({ days: 1 }).toFormat('yyyy-MM-dd');
        assertInvalid(await create({ name: 'Bad', birthday: tomorrow }), 'birthday');
        assertInvalid(await create({ name: 'Bad', birthday: '1899-12-31' }), 'birthday');
        assert.equal((await created({ name: uniqueName('Leap'), birthday: '2000-02-29' })).birthday, '2000-02-29');
      });

      it('email is unique when present, whatever its case: 409 email_taken', async () => {
        const email = uniqueEmail('dup');
        await created({ name: uniqueName('First'), email });
        assertError(await create({ name: 'Second', email: email.toUpperCase() }), 409, 'email_taken');
        // Many clients without an email are fine.
        await created({ name: uniqueName('No email 1') });
        await created({ name: uniqueName('No email 2'), email: '' });
      });

      it('10 concurrent creations with one email: exactly one 201, nine 409 email_taken', async () => {
        const email = uniqueEmail('race');
        const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => create({ name: `Race ${i}`, email })));
        const statuses = responses.map((r) => r.status).sort();
        assert.deepEqual(statuses, [201, ...Array(9).fill(409)], JSON.stringify(responses.map((r) => r.body)));
        for (const r of responses.filter((r) => r.status === 409)) assertError(r, 409, 'email_taken');
      });

      it('concurrent creations with one new label create that label once', async () => {
        const label = uniqueName('Fresh label');
        const responses = await Promise.all(
          Array.from({ length: 8 }, (_, i) => create({ name: `Label race ${i}`, labels: [label] })),
        );
        assert.deepEqual(
          responses.map((r) => r.status),
          Array(8).fill(201),
          JSON.stringify(responses.map((r) => r.body)),
        );
        const rows = await t.ctx.db
          .selectFrom('client_labels')
          .select('id')
          .where('name_key', '=', label.toLowerCase())
          .execute();
        assert.equal(rows.length, 1);
      });

      it('unknown fields and fields the client may not set are ignored', async () => {
        const response = await create({
          name: uniqueName('Mass'),
          id: 999_999,
          created_at: '2000-01-01 00:00:00',
          erased_at: '2000-01-01 00:00:00',
          merged_into_id: 1,
          password_hash: 'x',
        });
        assert.equal(response.status, 201);
        assert.notEqual(response.body.id, 999_999);
        assert.ok(!response.body.created_at.startsWith('2000'));
        assert.equal(response.body.erased_at, null);
        assert.equal(response.body.merged_into_id, null);
        const row = await t.ctx.db
          .selectFrom('clients')
          .select('password_hash')
          .where('id', '=', response.body.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.password_hash, null);
      });
    });

    describe('GET /clients', () => {
      it('a plain array ordered by name (case-insensitive), then id', async () => {
        const tag = uniqueName('order');
        for (const name of [`zeta ${tag}`, `Alpha ${tag}`, `beta ${tag}`, `Alpha ${tag}`]) await created({ name });
        const rows = await list(`?search=${encodeURIComponent(tag)}`);
        assert.deepEqual(
          rows.map((r) => r.name),
          [`Alpha ${tag}`, `Alpha ${tag}`, `beta ${tag}`, `zeta ${tag}`],
        );
        assert.ok(rows[0]!.id < rows[1]!.id);
        const all = await list('');
        const sorted = [...all].sort((a, b) => {
          const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
          return x < y ? -1 : x > y ? 1 : a.id - b.id;
        });
        assert.deepEqual(
          all.map((r) => r.id),
          sorted.map((r) => r.id),
        );
      });

      it('search matches part of the name, email or phone, case-insensitively', async () => {
        const tag = `srch${process.pid}${++counter}`;
        const byName = await created({ name: `Marieke ${tag.toUpperCase()} Jansen` });
        const byEmail = await created({ name: uniqueName('Email match'), email: `${tag}@example.com` });
        const byPhone = await created({ name: uniqueName('Phone match'), phone: '+31 6-4455 9911' });
        const ids = (rows: Client[]) => rows.map((r) => r.id);
        assert.deepEqual(ids(await list(`?search=${tag}`)), [byEmail.id, byName.id]);
        assert.deepEqual(ids(await list(`?search=${tag.toUpperCase()}@EXAMPLE`)), [byEmail.id]);
        assert.deepEqual(ids(await list('?search=644559911')), [byPhone.id], 'spaces and dashes ignored');
        assert.deepEqual(ids(await list(`?search=${encodeURIComponent('4455 99-11')}`)), [byPhone.id]);
      });

      it('search takes % and _ literally', async () => {
        const tag = uniqueName('Pct');
        const literal = await created({ name: `${tag} 100%_done` });
        await created({ name: `${tag} 100xxdone` });
        const rows = await list(`?search=${encodeURIComponent('100%_')}`);
        assert.deepEqual(
          rows.map((r) => r.id),
          [literal.id],
        );
      });

      it('label filters by label name, any case', async () => {
        const label = uniqueName('Curly');
        const tagged = await created({ name: uniqueName('Tagged'), labels: [label, 'Other'] });
        await created({ name: uniqueName('Untagged'), labels: ['Other'] });
        const rows = await list(`?label=${encodeURIComponent(label.toUpperCase())}`);
        assert.deepEqual(
          rows.map((r) => r.id),
          [tagged.id],
        );
        assert.deepEqual(await list(`?label=${encodeURIComponent(uniqueName('no such label'))}`), []);
      });

      it('each client carries its labels, fetched for the whole page', async () => {
        const tag = uniqueName('Many labels');
        const a = await created({ name: `${tag} a`, labels: ['zz', 'Aa', 'mm'] });
        const b = await created({ name: `${tag} b` });
        const rows = await list(`?search=${encodeURIComponent(tag)}`);
        assert.deepEqual(
          rows.map((r) => [r.id, r.labels]),
          [
            [a.id, ['Aa', 'mm', 'zz']],
            [b.id, []],
          ],
        );
      });

      it('page activates pagination: { data, page, limit, total, total_pages }', async () => {
        const tag = uniqueName('Paged');
        for (let i = 0; i < 5; i++) await created({ name: `${tag} ${i}`, labels: [`L${i}`] });
        const response = await t.request({
          method: 'GET',
          url: `/api/clients?search=${encodeURIComponent(tag)}&page=2&limit=2`,
          token: staff.token,
        });
        assert.equal(response.status, 200);
        assert.deepEqual(Object.keys(response.body).sort(), ['data', 'limit', 'page', 'total', 'total_pages']);
        assert.equal(response.body.page, 2);
        assert.equal(response.body.limit, 2);
        assert.equal(response.body.total, 5);
        assert.equal(response.body.total_pages, 3);
        assert.deepEqual(
          response.body.data.map((c: Client) => [c.name, c.labels]),
          [
            [`${tag} 2`, ['L2']],
            [`${tag} 3`, ['L3']],
          ],
        );
        const capped = await t.request({ method: 'GET', url: '/api/clients?page=1&limit=1000', token: staff.token });
        assert.equal(capped.body.limit, 200);
        assertInvalid(await t.request({ method: 'GET', url: '/api/clients?page=0', token: staff.token }), 'page');
        assertInvalid(
          await t.request({ method: 'GET', url: '/api/clients?include_inactive=maybe', token: staff.token }),
          'include_inactive',
        );
      });

      it('erased and merged-away clients are left out unless include_inactive=true', async () => {
        const tag = uniqueName('Inactive');
        const live = await created({ name: `${tag} live` });
        const erased = await created({ name: `${tag} erased`, email: uniqueEmail('gone') });
        const duplicate = await created({ name: `${tag} duplicate` });
        assert.equal(
          (await t.request({ method: 'POST', url: `/api/clients/${erased.id}/erase`, token: admin.token })).status,
          200,
        );
        assert.equal((await merge(live.id, duplicate.id)).status, 200);
        const ids = async (query: string) => (await list(query)).map((r) => r.id);
        assert.ok(!(await ids('')).includes(erased.id));
        assert.ok(!(await ids('')).includes(duplicate.id));
        assert.ok((await ids('')).includes(live.id));
        const all = await ids('?include_inactive=true');
        assert.ok(all.includes(erased.id) && all.includes(duplicate.id) && all.includes(live.id));
        // Still readable one by one, marked as such.
        assert.match((await get(erased.id)).body.erased_at, DATETIME);
        assert.equal((await get(duplicate.id)).body.merged_into_id, live.id);
      });

      it('an unknown id is a 404 { error, code: not_found }; a non-numeric id a 400', async () => {
        assertError(await get(987_654), 404, 'not_found');
        assertError(await get('abc' as unknown as number), 400, 'validation_failed');
      });
    });

    describe('PUT /clients/:id', () => {
      it('only the fields present change; labels replaces the set', async () => {
        const email = uniqueEmail('put');
        const client = await created({
          name: uniqueName('Partial'),
          email,
          phone: '020 123 4567',
          birthday: '1980-05-05',
          gender: 'male',
          labels: ['One', 'Two'],
        });
        const response = await update(client.id, { phone: '010 123 4567' });
        assert.equal(response.status, 200);
        assert.deepEqual({ ...response.body, updated_at: client.updated_at }, { ...client, phone: '+31101234567' });
        const relabelled = await update(client.id, { labels: ['Three'], marketing_consent: 1, gender: '' });
        assert.deepEqual(relabelled.body.labels, ['Three']);
        assert.equal(relabelled.body.marketing_consent, 1);
        assert.equal(relabelled.body.gender, '');
        assert.equal(relabelled.body.email, email);
        const cleared = await update(client.id, { labels: [], email: '', birthday: null });
        assert.deepEqual(cleared.body.labels, []);
        assert.equal(cleared.body.email, null);
        assert.equal(cleared.body.birthday, null);
        assert.deepEqual((await get(client.id)).body, cleared.body);
      });

      it('an empty body changes nothing', async () => {
        const client = await created({ name: uniqueName('Untouched'), labels: ['Kept'] });
        const response = await update(client.id, {});
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, client);
      });

      it("another client's email is 409 email_taken; one's own email again is fine", async () => {
        const email = uniqueEmail('own');
        const owner = await created({ name: uniqueName('Owner'), email });
        const other = await created({ name: uniqueName('Other') });
        assertError(await update(other.id, { email: email.toUpperCase() }), 409, 'email_taken');
        assert.equal((await update(owner.id, { email })).status, 200);
      });

      it('validation on update: blank name, bad email, future birthday, bad gender are 400', async () => {
        const client = await created({ name: uniqueName('Validated') });
        assertInvalid(await update(client.id, { name: '  ' }), 'name');
        assertInvalid(await update(client.id, { email: 'nope' }), 'email');
        assertInvalid(await update(client.id, { birthday: '2999-01-01' }), 'birthday');
        assertInvalid(await update(client.id, { gender: 'f' }), 'gender');
        assertInvalid(await update(client.id, { notes: null }), 'notes');
        assert.equal((await get(client.id)).body.name, client.name);
      });

      it('an unknown id is a 404', async () => {
        assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
      });

      it('an erased client cannot be updated (409 client_erased); a merged-away one neither (409 client_merged)', async () => {
        const erased = await created({ name: uniqueName('Erased') });
        await t.request({ method: 'POST', url: `/api/clients/${erased.id}/erase`, token: admin.token });
        assertError(await update(erased.id, { name: 'Back again' }), 409, 'client_erased');
        const keep = await created({ name: uniqueName('Keep') });
        const dup = await created({ name: uniqueName('Dup') });
        assert.equal((await merge(keep.id, dup.id)).status, 200);
        assertError(await update(dup.id, { phone: '0612345678' }), 409, 'client_merged');
      });
    });

    describe('DELETE /clients/:id', () => {
      it('a client with no history is deleted: 200 { ok: true }, 404 afterwards', async () => {
        const client = await created({ name: uniqueName('Doomed'), labels: ['Doomed label'] });
        const response = await remove(client.id);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assertError(await get(client.id), 404, 'not_found');
        assertError(await remove(client.id), 404, 'not_found');
        const assignments = await t.ctx.db
          .selectFrom('client_label_assignments')
          .select('label_id')
          .where('client_id', '=', client.id)
          .execute();
        assert.deepEqual(assignments, []);
      });

      it('a client with history is 409 client_has_history, pointing to erase, and is kept', async () => {
        // Stands in for bookings and POS orders, whose foreign keys to clients do not cascade.
        await sql`create table client_history_refs (id integer primary key, client_id integer not null references clients(id))`.execute(
          t.ctx.db,
        );
        const client = await created({ name: uniqueName('With history') });
        await sql`insert into client_history_refs (id, client_id) values (1, ${client.id})`.execute(t.ctx.db);
        const response = await remove(client.id);
        assertError(response, 409, 'client_has_history');
        assert.match(response.body.error, /erase/);
        assert.equal((await get(client.id)).status, 200);
      });
    });

    describe('POST /clients/:id/merge', () => {
      it("fills the client's empty fields from the duplicate, appends notes, moves labels", async () => {
        const dupEmail = uniqueEmail('dup');
        const client = await created({ name: uniqueName('Keeper'), notes: 'Likes tea', labels: ['Shared', 'Mine'] });
        const duplicate = await created({
          name: uniqueName('Duplicate'),
          email: dupEmail,
          phone: '0612345678',
          birthday: '1985-07-01',
          gender: 'female',
          notes: 'Prefers Sam',
          labels: ['shared', 'Theirs'],
        });
        const response = await merge(client.id, duplicate.id);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const merged = response.body;
        assert.equal(merged.id, client.id);
        assert.equal(merged.name, client.name, 'own values are kept');
        assert.equal(merged.email, dupEmail);
        assert.equal(merged.phone, '+31612345678');
        assert.equal(merged.birthday, '1985-07-01');
        assert.equal(merged.gender, 'female');
        assert.equal(merged.notes, 'Likes tea\n\nPrefers Sam');
        assert.deepEqual(merged.labels, ['Mine', 'Shared', 'Theirs']);
        assert.deepEqual((await get(client.id)).body, merged);

        const gone = (await get(duplicate.id)).body;
        assert.equal(gone.merged_into_id, client.id);
        assert.equal(gone.email, null);
        assert.equal(gone.phone, '');
        assert.equal(gone.birthday, null);
        assert.equal(gone.gender, '');
        assert.equal(gone.notes, '');
        assert.deepEqual(gone.labels, []);
        assert.ok(!gone.name.includes('Duplicate'));
      });

      it("the client's own values win over the duplicate's", async () => {
        const email = uniqueEmail('own');
        const client = await created({ name: uniqueName('Own'), email, phone: '0611111111', gender: 'male' });
        const duplicate = await created({
          name: uniqueName('Other'),
          email: uniqueEmail('other'),
          phone: '0622222222',
          gender: 'female',
        });
        const merged = (await merge(client.id, duplicate.id)).body;
        assert.equal(merged.email, email);
        assert.equal(merged.phone, '+31611111111');
        assert.equal(merged.gender, 'male');
      });

      it('merging into itself, or an erased or already merged client, is 409', async () => {
        const client = await created({ name: uniqueName('Self') });
        assertError(await merge(client.id, client.id), 409, 'merge_same_client');
        const dup = await created({ name: uniqueName('Twice') });
        assert.equal((await merge(client.id, dup.id)).status, 200);
        assertError(await merge(client.id, dup.id), 409, 'client_merged');
        assertError(await merge(dup.id, client.id), 409, 'client_merged');
        const erased = await created({ name: uniqueName('Erased') });
        await t.request({ method: 'POST', url: `/api/clients/${erased.id}/erase`, token: admin.token });
        assertError(await merge(client.id, erased.id), 409, 'client_erased');
        assertError(await merge(erased.id, client.id), 409, 'client_erased');
      });

      it('an unknown client or duplicate is 404; a missing duplicate_id 400', async () => {
        const client = await created({ name: uniqueName('Lonely') });
        assertError(await merge(987_654, client.id), 404, 'not_found');
        assertError(await merge(client.id, 987_654), 404, 'not_found');
        assertInvalid(
          await t.request({ method: 'POST', url: `/api/clients/${client.id}/merge`, token: admin.token, payload: {} }),
          'duplicate_id',
        );
      });

      it('duplicates merged earlier into the duplicate now point at the kept client', async () => {
        const a = await created({ name: uniqueName('A') });
        const b = await created({ name: uniqueName('B') });
        const c = await created({ name: uniqueName('C') });
        assert.equal((await merge(b.id, c.id)).status, 200);
        assert.equal((await merge(a.id, b.id)).status, 200);
        assert.equal((await get(c.id)).body.merged_into_id, a.id);
      });

      it('deleting a client also removes the empty records merged into it', async () => {
        const a = await created({ name: uniqueName('Deleted keeper') });
        const b = await created({ name: uniqueName('Merged shell') });
        assert.equal((await merge(a.id, b.id)).status, 200);
        assert.equal((await remove(a.id)).status, 200);
        assertError(await get(b.id), 404, 'not_found');
      });
    });
  });
}
