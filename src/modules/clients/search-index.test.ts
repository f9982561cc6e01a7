import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertClient, uniqueLetters } from '../../../test/helpers/factories.js';

/*
 * The client search runs on a trigram index (PostgreSQL pg_trgm, SQLite FTS5 trigram kept by
 * triggers). What it finds must stay what a contains-match of every client finds, and the
 * index must follow every write.
 */

interface Client {
  id: number;
  name: string;
  email: string | null;
  phone: string;
}

let counter = 0;
/** A Dutch mobile number no other test uses. */
const mobile = () => `06 ${String(10_000_000 + ((process.pid * 97 + ++counter * 7919) % 89_999_999)).slice(0, 8)}`;

for (const dialect of DIALECTS) {
  describe(`client search index [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const created = async (payload: object): Promise<Client> => {
      const response = await t.request({ method: 'POST', url: '/api/clients', token: admin.token, payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body as Client;
    };
    const search = async (text: string, extra = ''): Promise<number[]> => {
      const response = await t.request({
        method: 'GET',
        url: `/api/clients?search=${encodeURIComponent(text)}${extra}`,
        token: admin.token,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return (response.body as Client[]).map((c) => c.id);
    };
    const post = async (url: string, payload?: object) => {
      const response = await t.request({ method: 'POST', url, token: admin.token, payload });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };

    it('search finds a client by a phone typed with spaces', async () => {
      const typed = mobile();
      const client = await created({ name: `Phone ${uniqueLetters()}`, phone: typed });
      assert.match(client.phone, /^\+316\d{8}$/, 'stored in E.164');
      assert.deepEqual(await search(typed), [client.id], 'as the client said it: 06 1234 5678');
      const digits = typed.replace(/\s/g, '');
      assert.deepEqual(await search(`${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7)}`), [client.id]);
      assert.deepEqual(await search(`+31 ${digits.slice(1)}`), [client.id]);
    });

    it('a 2-character search still finds', async () => {
      const word = uniqueLetters();
      const client = await created({ name: `Short ${word}`, email: `${word}@example.com` });
      const two = word.slice(-2).toUpperCase();
      const found = await search(two);
      assert.ok(found.includes(client.id), `${two} finds ${word}`);
      // One character too.
      assert.ok((await search(word.slice(-1))).includes(client.id));
    });

    it('what search finds through the index is what a contains-match of every client finds, in the same order', async () => {
      const word = uniqueLetters();
      await created({ name: `Zoë ${word} Jansen`, email: `zoe.${word}@example.com`, phone: mobile() });
      await created({ name: `ZOË ${word}-Janssen`, phone: mobile() });
      await created({ name: `100%_${word}`, email: null });
      await created({ name: `Anna "${word}"`, email: `anna@${word}.nl` });
      await created({ name: `Bram de Vries`, email: `${word}.bram@example.com` });
      const everyone = (await (
        await t.request({ method: 'GET', url: '/api/clients?include_inactive=true', token: admin.token })
      ).body) as Client[];
      // In the list's own order (lower(name), then id, which is the search's order too), so
      // only what is found is compared, not how each engine lower-cases an Ë.
      const scan = (text: string) => {
        const lower = text.toLowerCase();
        const phone = text.replace(/[\s-]/g, '').toLowerCase();
        return everyone
          .filter(
            (c) =>
              c.name.toLowerCase().includes(lower) ||
              (c.email ?? '').toLowerCase().includes(lower) ||
              (phone !== '' && c.phone.replace(/[ -]/g, '').includes(phone)),
          )
          .map((c) => c.id);
      };
      for (const text of [
        word,
        word.toUpperCase(),
        `${word} jansen`,
        `${word}-jans`,
        `zoe.${word}`,
        `@${word}.NL`,
        `%_${word}`,
        `"${word}"`,
        `${word.slice(1, 4)}`,
        'jansen',
        'de vries',
        '@example.com',
      ]) {
        assert.deepEqual(await search(text, '&include_inactive=true'), scan(text), text);
      }
    });

    it('a search that looks like an email also finds a name holding it, and no client whose name and email each hold part of it', async () => {
      const word = uniqueLetters();
      const named = await created({ name: `Mail ${word}@home`, email: null });
      const mailed = await created({ name: `Other ${uniqueLetters()}`, email: `${word}@home.example.com` });
      // Every trigram of `${word}@home` is in this client's name or email, but the text in neither.
      await created({ name: `${word}@h ${uniqueLetters()}`, email: `z@home.${uniqueLetters()}.example.com` });
      assert.deepEqual(
        (await search(`${word}@home`)).sort((a, b) => a - b),
        [named.id, mailed.id].sort((a, b) => a - b),
      );
    });

    it('a phone kept as typed, letters and all, is found by them, and its change is followed', async () => {
      // Phones that were not numbers stayed as typed (migration 0023); the API stores no new one.
      const word = uniqueLetters();
      const client = await insertClient(t.ctx.db, { name: `Legacy ${uniqueLetters()}`, email: null, phone: `ask ${word}-desk` }); // prettier-ignore
      assert.deepEqual(await search(`k ${word}-de`), [client.id], 'spaces and dashes left out of the phone');
      assert.deepEqual(await search(`${word}desk`), [client.id]);
      await t.ctx.db
        .updateTable('clients')
        .set({ phone: `ask ${word}-home` })
        .where('id', '=', client.id)
        .execute();
      assert.deepEqual(await search(`${word}desk`), [], 'the old phone is gone from the index');
      assert.deepEqual(await search(`${word}home`), [client.id]);
    });

    it('a name longer than the sixteen characters of it an index keeps at a time is found by any part, and after a rename by the new name only', async () => {
      const word = uniqueLetters();
      const client = await created({ name: `Annemarie van den Berg ${word}`, email: null });
      assert.deepEqual(await search(`van den berg ${word}`), [client.id], 'a text longer than sixteen characters');
      assert.deepEqual(await search(`ERG ${word}`), [client.id], 'a part past the sixteenth character');
      const renamed = await t.request({
        method: 'PUT',
        url: `/api/clients/${client.id}`,
        token: admin.token,
        payload: { name: `Annemarie van den Bosch ${word}` },
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      assert.deepEqual(await search(`van den berg ${word}`), [], 'the old name is gone from the index');
      assert.deepEqual(await search(`bosch ${word}`), [client.id]);
      assert.deepEqual(await search(`van den bosch ${word.slice(0, 2)}`), [client.id]);
    });

    // The index of names is SQLite's own: PostgreSQL searches `clients` through pg_trgm.
    if (dialect === 'sqlite') {
      it("an erased client's name leaves nothing of itself in SQLite's index of names, and a deleted client nothing at all", async () => {
        const word = uniqueLetters();
        const suffixesOf = async (clientId: number) =>
          (
            await sql<{
              suffix: string;
            }>`select suffix from clients_search_name_suffixes where client_id = ${clientId} order by suffix`.execute(
              t.ctx.db,
            )
          ).rows.map((row) => row.suffix);
        const erased = await created({ name: `Gone ${word}`, email: null });
        assert.ok((await suffixesOf(erased.id)).includes(word), 'the name is indexed');
        await post(`/api/clients/${erased.id}/erase`);
        const kept = await suffixesOf(erased.id);
        assert.ok(kept.length > 0 && kept.every((suffix) => !suffix.includes(word)), kept.join(' | '));
        assert.ok(
          kept.some((suffix) => suffix.startsWith('erased client #')),
          'the name it has now is indexed',
        );
        const deleted = await created({ name: `Deleted ${word}`, email: null });
        const removed = await t.request({ method: 'DELETE', url: `/api/clients/${deleted.id}`, token: admin.token });
        assert.equal(removed.status, 200, JSON.stringify(removed.body));
        assert.deepEqual(await suffixesOf(deleted.id), []);
      });
    }

    it('a trigram no client held when first searched is found once a client holds it', async () => {
      const word = uniqueLetters();
      assert.deepEqual(await search(`${word}qz`), [], 'nobody yet');
      const client = await created({ name: `Later ${word}qz` });
      assert.deepEqual(await search(`${word}qz`), [client.id]);
      assert.deepEqual(await search(`r ${word}q`), [client.id], 'the rarest trigram spans the space');
    });

    it('a page of a search carries the exact total, whether or not the page is full', async () => {
      const word = uniqueLetters();
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await created({ name: `Paged ${word} ${i}` })).id);
      const page = async (number: number, limit: number, order = '') => {
        const response = await t.request({
          method: 'GET',
          url: `/api/clients?search=${word}&page=${number}&limit=${limit}${order}`,
          token: admin.token,
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const body = response.body as { data: Client[]; total: number; total_pages: number };
        return [body.data.map((c) => c.id), body.total, body.total_pages];
      };
      assert.deepEqual(await page(1, 8), [ids, 5, 1], 'a short first page');
      assert.deepEqual(await page(1, 2), [ids.slice(0, 2), 5, 3], 'a full first page');
      assert.deepEqual(await page(3, 2), [ids.slice(4), 5, 3], 'a short last page');
      assert.deepEqual(await page(4, 2), [[], 5, 3], 'past the end');
      assert.deepEqual(await page(1, 5), [ids, 5, 1], 'a page exactly full');
      const newestFirst = [...ids].reverse();
      assert.deepEqual(await page(1, 2, '&order=desc'), [newestFirst.slice(0, 2), 5, 3], 'by name, descending');
      assert.deepEqual(
        await page(2, 2, '&sort=created_at&order=desc'),
        [newestFirst.slice(2, 4), 5, 3],
        'newest first',
      );
    });

    it('a new, changed, merged, erased or deleted client is found as it is now', async () => {
      const [a, b, c, d] = [uniqueLetters(), uniqueLetters(), uniqueLetters(), uniqueLetters()];
      const first = await created({ name: `Kept ${a}`, email: `${a}@example.com` });
      assert.deepEqual(await search(a), [first.id], 'a new client is found at once');

      const changed = await t.request({
        method: 'PUT',
        url: `/api/clients/${first.id}`,
        token: admin.token,
        payload: { name: `Kept ${b}`, email: `${b}@example.com`, phone: mobile() },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual(await search(a, '&include_inactive=true'), [], 'the old name and email are gone');
      assert.deepEqual(await search(b), [first.id]);
      assert.deepEqual(await search((changed.body as Client).phone.slice(-7)), [first.id], 'the new phone');

      const duplicate = await created({ name: `Duplicate ${c}` });
      await post(`/api/clients/${first.id}/merge`, { duplicate_id: duplicate.id });
      assert.deepEqual(await search(c, '&include_inactive=true'), [], 'a merged-away client keeps no personal data');
      const pointer = `Merged into client #${first.id}`;
      assert.ok((await search(pointer, '&include_inactive=true')).includes(duplicate.id));
      assert.ok(!(await search(pointer)).includes(duplicate.id), 'and is left out of a plain search');

      const phone = mobile();
      const erased = await created({ name: `Erased ${d}`, email: `${d}@example.com`, phone });
      await post(`/api/clients/${erased.id}/erase`);
      assert.deepEqual(await search(d, '&include_inactive=true'), [], 'no trace of the name or the email');
      assert.deepEqual(await search(phone, '&include_inactive=true'), [], 'nor of the phone');
      assert.ok((await search(`Erased client #${erased.id}`, '&include_inactive=true')).includes(erased.id));

      const gone = await created({ name: `Deleted ${uniqueLetters()}` });
      const removed = await t.request({ method: 'DELETE', url: `/api/clients/${gone.id}`, token: admin.token });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      assert.deepEqual(await search(gone.name, '&include_inactive=true'), []);
    });
  });
}
