import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { clientRow, uniqueLetters } from '../../../test/helpers/factories.js';
import { BROAD, searchPage } from './search-results.js';

/*
 * A broad search's matches are kept in process (search-results.ts) under the database's client
 * search generation (migration 0083). Whatever is kept, every page and its total must be what
 * the search finds in the database right now, after any change by any writer.
 */

interface ClientPage {
  data: Array<{ id: number; name: string }>;
  total: number;
  total_pages: number;
}

for (const dialect of DIALECTS) {
  describe(`broad client searches kept between requests [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const db = () => t.ctx.db;
    const generation = async () =>
      Number(
        (await sql<{ g: number | string }>`select generation as g from client_search_generation`.execute(db())).rows[0]!
          .g,
      );
    /** `count` clients named `<Given> <surname>` (given names in a scrambled order), as an import writes them. */
    const imported = async (surname: string, count: number) => {
      const values = Array.from({ length: count }, (_, i) =>
        clientRow({
          name: `${String.fromCharCode(65 + ((i * 7) % 26))}nna${(i * 37) % count} ${surname}`,
          email: null,
        }),
      );
      await db().insertInto('clients').values(values).execute();
    };
    /** An API call as the admin that must answer `status`; its body. */
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status = 200) => {
      const response = await t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });
      assert.equal(response.status, status, JSON.stringify(response.body));
      return response.body as { id: number };
    };
    const page = async (text: string, number = 1, limit = 8, extra = ''): Promise<ClientPage> => {
      const response = await t.request({
        method: 'GET',
        url: `/api/clients?search=${encodeURIComponent(text)}&page=${number}&limit=${limit}${extra}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as ClientPage;
    };
    /** What the search finds, straight from the table: every match by name (case folded), then id. */
    const expected = async (surname: string, inactiveToo = false) =>
      (
        await db()
          .selectFrom('clients')
          .select(['id', 'name'])
          .where('name', 'like', `%${surname}%`)
          .$if(!inactiveToo, (q) => q.where('erased_at', 'is', null).where('merged_into_id', 'is', null))
          .execute()
      ).sort((a, b) =>
        a.name.toLowerCase() < b.name.toLowerCase()
          ? -1
          : a.name.toLowerCase() > b.name.toLowerCase()
            ? 1
            : a.id - b.id,
      );
    /** Asks three times (read as one statement, then its ids read and kept, then kept) and checks each against the table. */
    const assertFound = async (surname: string, pages: number[] = [1, 2, 7]) => {
      const all = await expected(surname);
      for (let round = 0; round < 3; round += 1) {
        for (const number of pages) {
          const answer = await page(surname, number);
          assert.equal(answer.total, all.length, `total, round ${round}, page ${number}`);
          assert.equal(answer.total_pages, Math.ceil(all.length / 8));
          assert.deepEqual(
            answer.data.map((c) => c.id),
            all.slice((number - 1) * 8, number * 8).map((c) => c.id),
            `page ${number}, round ${round}`,
          );
        }
      }
    };

    it('a broad search answers every page and its total as the table holds them, asked again and again', async () => {
      const surname = uniqueLetters();
      await imported(surname, BROAD + 20);
      await assertFound(surname, [1, 2, 7, 66, 999]);
    });

    it('a client added, renamed away, erased, merged or deleted is seen by the next broad search', async () => {
      const surname = uniqueLetters();
      await imported(surname, BROAD + 5);
      await assertFound(surname);

      const added = await call('POST', '/api/clients', { name: `Aaron ${surname}` }, 201);
      const first = await page(surname);
      assert.equal(first.total, BROAD + 6);
      assert.equal(first.data[0]!.id, added.id, 'Aaron sorts first');
      await assertFound(surname);

      const [one, two, three, four] = (await expected(surname)).slice(10, 14);
      await call('PUT', `/api/clients/${one!.id}`, { name: 'Someone Else' });
      await assertFound(surname);

      await call('POST', `/api/clients/${two!.id}/erase`);
      await assertFound(surname);

      await call('POST', `/api/clients/${three!.id}/merge`, { duplicate_id: four!.id });
      await assertFound(surname);
      assert.equal((await page(surname)).total, BROAD + 3);

      await call('DELETE', `/api/clients/${three!.id}`);
      await assertFound(surname);
      assert.equal((await page(surname)).total, BROAD + 2);
    });

    it('a change written past the service (an operator in the database) is seen by the next broad search', async () => {
      const surname = uniqueLetters();
      await imported(surname, BROAD);
      await assertFound(surname);
      const victim = (await expected(surname))[3]!;
      if (dialect === 'postgres') {
        // Another connection than the service's own pool, as another process would be.
        const other = new pg.Client({ connectionString: t.testDb.url });
        await other.connect();
        try {
          await other.query('update clients set name = $1 where id = $2', ['Zz Gone', victim.id]);
        } finally {
          await other.end();
        }
      } else {
        await sql`update clients set name = ${'Zz Gone'} where id = ${victim.id}`.execute(db());
      }
      await assertFound(surname);
      assert.equal((await page(surname)).total, BROAD - 1);
    });

    it('the generation moves with what a search finds, not with the notes or consents', async () => {
      const surname = uniqueLetters();
      await imported(surname, 3);
      const [client] = await expected(surname);
      const before = await generation();
      await call('PUT', `/api/clients/${client!.id}`, { notes: 'likes tea' });
      assert.equal(await generation(), before, 'notes change no search');
      await call('PUT', `/api/clients/${client!.id}`, { email: `${surname}@example.com` });
      assert.equal(await generation(), before + 1, 'an email is searched');
    });

    it('a broad search asked for inactive clients too, or narrowed by a label, is its own search', async () => {
      const surname = uniqueLetters();
      await imported(surname, BROAD + 3);
      await assertFound(surname, [1]);
      const [inactive, labelled] = await expected(surname);
      // Left inactive with its name (a merge or an erase renames it): only include_inactive finds it.
      await db()
        .updateTable('clients')
        .set({ erased_at: '2026-01-02 10:00:00' })
        .where('id', '=', inactive!.id)
        .execute();
      await call('PUT', `/api/clients/${labelled!.id}`, { labels: [`vip ${surname}`] });
      const all = await expected(surname, true);
      assert.equal(all.length, BROAD + 3);
      for (let round = 0; round < 3; round += 1) {
        assert.equal((await page(surname)).total, BROAD + 2, `active only, round ${round}`);
        const inactiveToo = await page(surname, 1, 8, '&include_inactive=true');
        assert.equal(inactiveToo.total, BROAD + 3, `inactive too, round ${round}`);
        assert.deepEqual(
          inactiveToo.data.map((c) => c.id),
          all.slice(0, 8).map((c) => c.id),
        );
        const byLabel = await page(surname, 1, 8, `&label=${encodeURIComponent(`vip ${surname}`)}`);
        assert.deepEqual(
          byLabel.data.map((c) => c.id),
          [labelled!.id],
          `by label, round ${round}`,
        );
      }
    });

    if (dialect === 'postgres') {
      it('writers of clients in concurrent transactions never deadlock on the generation', async () => {
        const surname = uniqueLetters();
        await imported(surname, 2);
        const [a, b] = await expected(surname);
        const connect = async () => {
          const client = new pg.Client({ connectionString: t.testDb.url });
          await client.connect();
          // A writer held up by the other's lock fails here instead of hanging the test.
          await client.query('set statement_timeout = 5000');
          return client;
        };
        const [one, two] = await Promise.all([connect(), connect()]);
        try {
          const before = await generation();
          await one.query('begin');
          await two.query('begin');
          // Phones: a rename also moves the calendar's version (an immediate trigger of its own).
          const setPhone = 'update clients set phone = $1 where id = $2';
          await one.query(setPhone, ['+31611111111', a!.id]);
          await two.query(setPhone, ['+31622222222', b!.id]);
          // Each now writes the client the other wrote: one waits for two's commit.
          const oneWaits = one.query(setPhone, ['+31633333333', b!.id]);
          await two.query('commit');
          await oneWaits;
          await one.query('commit');
          assert.equal(await generation(), before + 2, 'one step per transaction, however many clients it wrote');
        } finally {
          await Promise.all([one.end(), two.end()]);
        }
      });
    }
  });
}

for (const dialect of DIALECTS) {
  describe(`a broad search's matches read once for concurrent searches [${dialect}]`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(() => t.close());

    it('searches that miss under the same generation share one read of the ids', async () => {
      const ids = Array.from({ length: BROAD }, (_, i) => i + 1);
      let reads = 0;
      const reader = {
        pageAndTotal: async () => ({ data: [], page: 1, limit: 8, total: BROAD, total_pages: Math.ceil(BROAD / 8) }),
        orderedIds: async () => {
          reads += 1;
          return ids;
        },
        rowsOf: async (page: number[]) => page.map((id) => ({ id })),
      };
      const key = `shared ${uniqueLetters()}`;
      await searchPage(t.ctx.db, key, { page: 1, limit: 8 }, reader);
      assert.equal(reads, 0, 'not known to be broad yet: one statement');
      const pages = await Promise.all(
        Array.from({ length: 20 }, (_, i) => searchPage(t.ctx.db, key, { page: i + 1, limit: 8 }, reader)),
      );
      assert.equal(reads, 1, 'twenty searches, one read');
      assert.deepEqual(
        pages.map((p) => p.data[0]?.id),
        Array.from({ length: 20 }, (_, i) => i * 8 + 1),
      );
      await searchPage(t.ctx.db, key, { page: 2, limit: 8 }, reader);
      assert.equal(reads, 1, 'kept');
      await sql`update client_search_generation set generation = generation + 1`.execute(t.ctx.db);
      await Promise.all(Array.from({ length: 5 }, () => searchPage(t.ctx.db, key, { page: 1, limit: 8 }, reader)));
      assert.equal(reads, 2, 'read again once after the generation moved');
    });
  });
}
