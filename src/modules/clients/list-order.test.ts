import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { assertInvalid } from '../../../test/helpers/assertions.js';

/*
 * The clients list's order (`sort`, `order`): an extension of GET /api/clients. Without them
 * the list keeps the interface's order, by name case-insensitively, then id.
 */

interface Listed {
  id: number;
  name: string;
}

for (const dialect of DIALECTS) {
  describe(`clients list order [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    // Names sharing a word no other client has, so a search finds exactly these; added in an
    // order that is neither their names' nor their ids'.
    const word = `Ordo${process.pid}`;
    const seeded = [
      { name: `bram ${word}`, created_at: '2026-03-01T09:00:00.000Z' },
      { name: `Ada ${word}`, created_at: '2026-01-15T09:00:00.000Z' },
      { name: `Chloé ${word}`, created_at: '2026-03-01T09:00:00.000Z' },
      { name: `ada ${word}`, created_at: '2025-12-31T23:00:00.000Z' },
      { name: `Daan ${word}`, created_at: '2026-02-10T12:30:00.000Z' },
    ];
    const ids: number[] = [];

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      for (const row of seeded) {
        const inserted = await t.ctx.db
          .insertInto('clients')
          .values({
            name: row.name,
            phone: '',
            gender: '',
            notes: '',
            marketing_consent: 0,
            created_at: row.created_at,
            updated_at: row.created_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(inserted.id);
      }
    });
    after(() => t.close());

    const list = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/clients?search=${encodeURIComponent(word)}${query}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body;
    };
    const namesOf = (rows: Listed[]) => rows.map((row) => row.name);
    // The expectation derived from the seeded rows, not written out: lower-cased name, then id.
    const byName = () =>
      seeded
        .map((row, index) => ({ ...row, id: ids[index]! }))
        .sort((a, b) =>
          a.name.toLowerCase() < b.name.toLowerCase()
            ? -1
            : a.name.toLowerCase() > b.name.toLowerCase()
              ? 1
              : a.id - b.id,
        )
        .map((row) => row.name);
    const byCreated = () =>
      seeded
        .map((row, index) => ({ ...row, id: ids[index]! }))
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
        .map((row) => row.name);

    it('without sort, the list keeps the interface order: by name case-insensitively, then id', async () => {
      assert.deepEqual(namesOf(await list('')), byName());
      assert.deepEqual(namesOf(await list('&sort=name&order=asc')), byName());
    });

    it('sort=name with order=desc reverses the whole order, ties by id too', async () => {
      assert.deepEqual(namesOf(await list('&sort=name&order=desc')), byName().reverse());
    });

    it('sort=created_at orders by when the client was added, ties by id, ascending by default', async () => {
      assert.deepEqual(namesOf(await list('&sort=created_at')), byCreated());
      assert.deepEqual(namesOf(await list('&sort=created_at&order=desc')), byCreated().reverse());
    });

    it('the order holds across pages: the pages together are the whole sorted list, each row once', async () => {
      const pages: Listed[] = [];
      let total = 0;
      for (let page = 1; page <= 3; page++) {
        const body = await list(`&sort=created_at&order=desc&page=${page}&limit=2`);
        total = body.total;
        pages.push(...body.data);
      }
      assert.equal(total, seeded.length);
      assert.deepEqual(namesOf(pages), byCreated().reverse());
    });

    it('a sort or order the list does not know is refused with 400 naming the parameter', async () => {
      for (const [query, field] of [
        ['&sort=phone', 'sort'],
        ['&sort=', 'sort'],
        ['&sort=NAME', 'sort'],
        ['&order=descending', 'order'],
        ['&sort=name&order=1', 'order'],
      ] as const) {
        const response = await t.request({ method: 'GET', url: `/api/clients?${query.slice(1)}`, token: admin.token });
        assertInvalid(response, field);
      }
    });
  });
}
