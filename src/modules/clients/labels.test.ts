import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface Label {
  id: number;
  name: string;
  color: string;
  client_count: number;
  created_at: string;
}

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${process.pid}x${++counter}`;

for (const dialect of DIALECTS) {
  describe(`client labels [${dialect}]`, () => {
    let t: TestApp;
    let staff: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = staff.token) =>
      t.request({ method: 'POST', url: '/api/clients/labels', token, payload });
    const update = (id: number, payload: object, token = staff.token) =>
      t.request({ method: 'PUT', url: `/api/clients/labels/${id}`, token, payload });
    const remove = (id: number, token = staff.token) =>
      t.request({ method: 'DELETE', url: `/api/clients/labels/${id}`, token });
    const list = async (): Promise<Label[]> => {
      const response = await t.request({ method: 'GET', url: '/api/clients/labels', token: staff.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as Label[];
    };
    const createClient = async (payload: object) => {
      const response = await t.request({ method: 'POST', url: '/api/clients', token: staff.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as { id: number; labels: string[] };
    };
    const clientLabels = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/clients/${id}`, token: staff.token })).body.labels as string[];

    it('401 without a token on every label endpoint; staff may use them all', async () => {
      for (const [method, url] of [
        ['GET', '/api/clients/labels'],
        ['POST', '/api/clients/labels'],
        ['PUT', '/api/clients/labels/1'],
        ['DELETE', '/api/clients/labels/1'],
      ] as const) {
        const response = await t.request({
          method,
          url,
          ...(method === 'POST' || method === 'PUT' ? { payload: { name: 'X' } } : {}),
        });
        assertError(response, 401, 'unauthenticated');
      }
      const created = await create({ name: uniqueName('Staff label') });
      assert.equal(created.status, 201);
      assert.equal((await update(created.body.id, { color: '#000000' })).status, 200);
      assert.equal((await remove(created.body.id)).status, 200);
    });

    it('the fixed path /api/clients/labels wins over /api/clients/:id', async () => {
      const name = uniqueName('Routing');
      await create({ name });
      const response = await t.request({ method: 'GET', url: '/api/clients/labels', token: staff.token });
      assert.equal(response.status, 200);
      assert.ok(Array.isArray(response.body), 'a list of labels, not a 400 for a non-numeric client id');
      assert.ok(response.body.some((l: Label) => l.name === name));
    });

    it('creates a label: 201 { id, name, color, client_count, created_at }; colour defaults to #6e56cf', async () => {
      const response = await create({ name: `  ${uniqueName('Balayage')} ` });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.deepEqual(Object.keys(response.body).sort(), ['client_count', 'color', 'created_at', 'id', 'name']);
      assert.ok(!response.body.name.startsWith(' '), 'trimmed');
      assert.equal(response.body.color, '#6e56cf');
      assert.equal(response.body.client_count, 0);
      assert.match(response.body.created_at, DATETIME);
      const coloured = await create({ name: uniqueName('Red'), color: '#FF0000' });
      assert.equal(coloured.body.color, '#ff0000', 'lower-cased');
    });

    it('label names are unique case-insensitively: 409 label_exists', async () => {
      const name = uniqueName('Unique');
      assert.equal((await create({ name })).status, 201);
      assertError(await create({ name: name.toUpperCase() }), 409, 'label_exists');
      assertError(await create({ name: ` ${name} ` }), 409, 'label_exists');
    });

    it('validation: blank name, bad colour, wrong types are 400', async () => {
      assertInvalid(await create({}), 'name');
      assertInvalid(await create({ name: '  ' }), 'name');
      assertInvalid(await create({ name: 'x'.repeat(51) }), 'name');
      assertInvalid(await create({ name: 'Colour', color: 'red' }), 'color');
      assertInvalid(await create({ name: 'Colour', color: '#fff' }), 'color');
      assertInvalid(await create({ name: 7 }), 'name');
    });

    it('the list is ordered by name (case-insensitive), then id, with client counts', async () => {
      const tag = uniqueName('count');
      const b = (await create({ name: `b ${tag}` })).body as Label;
      await createClient({ name: 'Counted 1', labels: [`b ${tag}`, `A ${tag}`] });
      await createClient({ name: 'Counted 2', labels: [`B ${tag}`] });
      const labels = await list();
      const sorted = [...labels].sort((x, y) => {
        const [p, q] = [x.name.toLowerCase(), y.name.toLowerCase()];
        return p < q ? -1 : p > q ? 1 : x.id - y.id;
      });
      assert.deepEqual(
        labels.map((l) => l.id),
        sorted.map((l) => l.id),
      );
      const mine = labels.filter((l) => l.name.endsWith(tag));
      assert.deepEqual(
        mine.map((l) => [l.name, l.client_count]),
        [
          [`A ${tag}`, 1],
          [`b ${tag}`, 2],
        ],
      );
      assert.equal(mine[1]!.id, b.id, 'B matched the existing label b');
    });

    it('PUT renames and recolours; only the fields present change; clients show the new name', async () => {
      const name = uniqueName('Old');
      const label = (await create({ name, color: '#111111' })).body as Label;
      const client = await createClient({ name: 'Renamed label holder', labels: [name] });
      const renamed = await update(label.id, { name: uniqueName('New') });
      assert.equal(renamed.status, 200);
      assert.equal(renamed.body.color, '#111111');
      assert.equal(renamed.body.client_count, 1);
      assert.deepEqual(await clientLabels(client.id), [renamed.body.name]);
      const recoloured = await update(label.id, { color: '#222222' });
      assert.equal(recoloured.body.name, renamed.body.name);
      assert.equal(recoloured.body.color, '#222222');
      assert.deepEqual((await update(label.id, {})).body, recoloured.body);
    });

    it("PUT to another label's name is 409 label_exists; changing only the case is fine", async () => {
      const taken = uniqueName('Taken');
      await create({ name: taken });
      const label = (await create({ name: uniqueName('Mine') })).body as Label;
      assertError(await update(label.id, { name: taken.toLowerCase() }), 409, 'label_exists');
      const recased = await update(label.id, { name: label.name.toUpperCase() });
      assert.equal(recased.status, 200);
      assert.equal(recased.body.name, label.name.toUpperCase());
    });

    it('DELETE removes the label from every client: 200 { ok: true }, 404 afterwards', async () => {
      const name = uniqueName('Doomed');
      const label = (await create({ name })).body as Label;
      const client = await createClient({ name: 'Doomed label holder', labels: [name, 'Survivor'] });
      const response = await remove(label.id);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { ok: true });
      assert.deepEqual(await clientLabels(client.id), ['Survivor']);
      assert.ok(!(await list()).some((l) => l.id === label.id));
      assertError(await remove(label.id), 404, 'not_found');
      assertError(await update(label.id, { name: 'Back' }), 404, 'not_found');
    });

    it('an unknown id is 404; a non-numeric id 400', async () => {
      assertError(await update(987_654, { name: 'Ghost' }), 404, 'not_found');
      assertError(await remove(987_654), 404, 'not_found');
      assertError(
        await t.request({ method: 'DELETE', url: '/api/clients/labels/abc', token: staff.token }),
        400,
        'validation_failed',
      );
    });
  });
}
