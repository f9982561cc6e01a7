import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { blankDatabase } from '../../test/helpers/blank-database.js';
import { DIALECTS } from '../../test/helpers/database.js';
import { converterFor, copyOrder, copyTable, describePostgresTables, type TargetTable } from './copy-to-postgres.js';
import { kindOf, normalizeValue, postgresChecksum, renderRow, sqliteChecksum } from './table-checksums.js';

describe('checksum normalization: one canonical text per stored value, whichever engine it came from', () => {
  it('null is null for every kind, and differs from the text "null" and from the empty string', () => {
    for (const kind of [
      'boolean',
      'integer',
      'decimal',
      'timestamptz',
      'timestamp',
      'date',
      'json',
      'bytes',
      'text',
    ] as const) {
      assert.equal(normalizeValue(kind, null), null, kind);
      assert.equal(normalizeValue(kind, undefined), null, kind);
    }
    assert.notEqual(renderRow(['text'], [null]), renderRow(['text'], ['null']));
    assert.notEqual(renderRow(['text'], [null]), renderRow(['text'], ['']));
    assert.equal(renderRow(['text', 'integer'], [null, 5]), '[null,"5"]');
  });

  it("booleans: SQLite's 1/0 and PostgreSQL's true/false and t/f are the same value; anything else is marked", () => {
    for (const yes of [true, 1, 1n, 't', 'true', '1']) assert.equal(normalizeValue('boolean', yes), true, String(yes));
    for (const no of [false, 0, 0n, 'f', 'false', '0']) assert.equal(normalizeValue('boolean', no), false, String(no));
    assert.equal(normalizeValue('boolean', 7), '?7');
    assert.notEqual(normalizeValue('boolean', 7), normalizeValue('boolean', 1));
  });

  it('integers: numbers, bigints and PostgreSQL text agree, exact beyond 2^53', () => {
    assert.equal(normalizeValue('integer', 42), '42');
    assert.equal(normalizeValue('integer', 42n), '42');
    assert.equal(normalizeValue('integer', '42'), '42');
    assert.equal(normalizeValue('integer', -7), '-7');
    assert.equal(normalizeValue('integer', 2n ** 60n), '1152921504606846976');
    assert.equal(normalizeValue('integer', '1152921504606846976'), '1152921504606846976');
    // A double that lost the last digits does not pass for the exact value.
    assert.notEqual(normalizeValue('integer', Number(2n ** 60n + 1n)), normalizeValue('integer', 2n ** 60n + 1n));
    assert.equal(normalizeValue('integer', 2.5), '?2.5');
  });

  it("decimals: PostgreSQL's numeric text and SQLite's double agree on the shortest form", () => {
    assert.equal(normalizeValue('decimal', '12.50'), '12.5');
    assert.equal(normalizeValue('decimal', 12.5), '12.5');
    assert.equal(normalizeValue('decimal', '0.1'), normalizeValue('decimal', 0.1));
    assert.equal(normalizeValue('decimal', 3n), '3');
    assert.equal(normalizeValue('decimal', 'abc'), '?abc');
    assert.equal(normalizeValue('decimal', ''), '?');
  });

  it('instants (timestamptz): the same instant in UTC with milliseconds, however it was written', () => {
    const expected = '2026-03-29T01:30:00.000Z';
    assert.equal(normalizeValue('timestamptz', new Date(expected)), expected);
    assert.equal(normalizeValue('timestamptz', '2026-03-29T01:30:00Z'), expected);
    assert.equal(normalizeValue('timestamptz', '2026-03-29T01:30:00.000Z'), expected);
    assert.equal(normalizeValue('timestamptz', '2026-03-29 03:30:00+02'), expected, "PostgreSQL's text form");
    assert.equal(normalizeValue('timestamptz', '2026-03-29T03:30:00+02:00'), expected);
    assert.equal(normalizeValue('timestamptz', '2026-03-29 01:30:00'), expected, 'no zone: UTC');
    assert.equal(normalizeValue('timestamptz', Date.parse(expected)), expected, 'a number: Unix milliseconds');
    assert.equal(normalizeValue('timestamptz', '2026-03-29T01:30:00.123456Z'), '2026-03-29T01:30:00.123Z');
    assert.equal(normalizeValue('timestamptz', 'yesterday'), '?yesterday');
  });

  it('wall-clock timestamps and dates: as PostgreSQL keeps them (a zone in the text is dropped)', () => {
    assert.equal(normalizeValue('timestamp', '2026-05-01 10:00:00'), '2026-05-01T10:00:00.000');
    assert.equal(normalizeValue('timestamp', '2026-05-01T10:00:00.5Z'), '2026-05-01T10:00:00.500');
    assert.equal(normalizeValue('timestamp', '2026-05-01T10:00:00+02:00'), '2026-05-01T10:00:00.000');
    assert.equal(normalizeValue('timestamp', '2026-05-01'), '2026-05-01T00:00:00.000');
    assert.equal(normalizeValue('date', '2026-05-01'), '2026-05-01');
    assert.equal(normalizeValue('date', '2026-05-01 10:00:00'), '2026-05-01');
    assert.equal(normalizeValue('date', 'soon'), '?soon');
  });

  it("JSON: key order and spacing (jsonb's rewriting) do not count; values do", () => {
    assert.equal(
      normalizeValue('json', '{"b": 1, "a": [1, {"d": null, "c": "x"}]}'),
      '{"a":[1,{"c":"x","d":null}],"b":1}',
    );
    assert.equal(normalizeValue('json', '{"a":1,"b":1}'), normalizeValue('json', '{ "b": 1, "a": 1 }'));
    assert.notEqual(normalizeValue('json', '{"a":1}'), normalizeValue('json', '{"a":2}'));
    assert.equal(normalizeValue('json', '{oops'), '?{oops');
  });

  it('bytes as lower-case hex; text as itself', () => {
    assert.equal(normalizeValue('bytes', Buffer.from([0xde, 0xad, 0xbe, 0xef])), 'deadbeef');
    assert.equal(normalizeValue('bytes', 'hi'), '6869');
    assert.equal(normalizeValue('text', 'Zoë'), 'Zoë');
    assert.equal(normalizeValue('text', Buffer.from('Zoë')), 'Zoë');
    assert.equal(normalizeValue('text', 12), '12');
  });

  it('the kind comes from the PostgreSQL column type', () => {
    assert.equal(kindOf('boolean'), 'boolean');
    assert.equal(kindOf('bigint'), 'integer');
    assert.equal(kindOf('numeric'), 'decimal');
    assert.equal(kindOf('timestamp with time zone'), 'timestamptz');
    assert.equal(kindOf('timestamp without time zone'), 'timestamp');
    assert.equal(kindOf('jsonb'), 'json');
    assert.equal(kindOf('bytea'), 'bytes');
    assert.equal(kindOf('character varying'), 'text');
  });

  it('the copy hands SQLite values over as PostgreSQL reads them', () => {
    assert.equal(converterFor('boolean')!(1), true);
    assert.equal(converterFor('boolean')!(0n), false);
    assert.equal(converterFor('timestamptz')!(Date.parse('2026-01-01T00:00:00Z')), '2026-01-01T00:00:00.000Z');
    assert.deepEqual(converterFor('bytes')!('hi'), Buffer.from('hi'));
    assert.equal(converterFor('text')!(Buffer.from('x')), 'x');
    assert.equal(converterFor('integer'), null, 'integers pass as they are (bigint as exact text)');
  });

  it('tables are copied after the tables they refer to', () => {
    const table = (name: string, references: string[] = []): TargetTable => ({
      name,
      columns: [],
      primaryKey: [],
      references,
    });
    const order = copyOrder([
      table('bookings', ['clients', 'users']),
      table('clients', ['clients']),
      table('users'),
      table('a_loop', ['b_loop']),
      table('b_loop', ['a_loop']),
    ]).map((t) => t.name);
    assert.ok(order.indexOf('clients') < order.indexOf('bookings'));
    assert.ok(order.indexOf('users') < order.indexOf('bookings'));
    assert.deepEqual([...order].sort(), ['a_loop', 'b_loop', 'bookings', 'clients', 'users']);
  });
});

/*
 * The app's own tables hold only text and integers; these are the PostgreSQL types a future
 * migration may bring. A table of each is copied from SQLite as the app would have written it
 * there, and both checksums must agree.
 */
for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`copy and checksum of every column type [${dialect}]`, () => {
    let target: Awaited<ReturnType<typeof blankDatabase>>;
    let client: pg.Client;
    let sqlite: SqliteDatabase.Database;
    let table: TargetTable;

    before(async () => {
      target = await blankDatabase(dialect);
      client = new pg.Client({ connectionString: target.url });
      await client.connect();
      // As the copy's own session has it (copyDatabase): zone-less text in a timestamptz column is UTC.
      await client.query(`set timezone = 'UTC'`);
      await client.query(`create table typed (
        code text primary key,
        flag boolean, amount numeric(10, 2), ratio double precision, big bigint,
        at timestamptz, local_at timestamp, day date, doc jsonb, raw json, data bytea, label varchar(20)
      )`);
      sqlite = new SqliteDatabase(':memory:');
      sqlite.exec(`create table typed (
        code text primary key, flag integer, amount real, ratio real, big integer,
        at text, local_at text, day text, doc text, raw text, data blob, label text
      )`);
      const insert = sqlite.prepare('insert into typed values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      insert.run(
        'b',
        1,
        12.5,
        0.1,
        2n ** 60n,
        '2026-03-29T01:30:00.000Z',
        '2026-05-01 10:00:00',
        '2026-05-01',
        '{"b": 1, "a": [true, null]}',
        '{"z": 0, "y": "ü"}',
        Buffer.from([0, 1, 254, 255]),
        'Zoë',
      );
      insert.run(
        'a',
        0,
        3,
        -1e-7,
        -5,
        '2026-03-29 01:30:00',
        '2026-05-01T10:00:00.250Z',
        '2026-05-01 00:00',
        '[]',
        '1',
        'text in a blob column',
        '',
      );
      insert.run('B', null, null, null, null, null, null, null, null, null, null, null);
      insert.run(
        'Ä',
        1,
        0,
        1e21,
        0,
        '2026-01-01T00:00:00+01:00',
        '2026-01-01',
        '2026-01-01',
        '{}',
        '"x"',
        Buffer.alloc(0),
        'z',
      );
      const tables = await describePostgresTables(client);
      table = tables.find((t) => t.name === 'typed')!;
      await copyTable(sqlite, client, table, () => undefined);
    });
    after(async () => {
      sqlite.close();
      await client.end();
      await target.drop();
    });

    it('the target types are read from information_schema', () => {
      assert.deepEqual(
        table.columns.map((c) => c.kind),
        [
          'text',
          'boolean',
          'decimal',
          'decimal',
          'integer',
          'timestamptz',
          'timestamp',
          'date',
          'json',
          'json',
          'bytes',
          'text',
        ],
      );
      assert.deepEqual(table.primaryKey, ['code']);
    });

    it('the values arrive as PostgreSQL types, and both checksums agree', async () => {
      const { rows } = await client.query(`select flag, big::text, at, doc, data from typed where code = 'b'`);
      assert.deepEqual(rows[0], {
        flag: true,
        big: '1152921504606846976',
        at: new Date('2026-03-29T01:30:00.000Z'),
        doc: { a: [true, null], b: 1 },
        data: Buffer.from([0, 1, 254, 255]),
      });
      await client.query('begin');
      const fromPostgres = await postgresChecksum(client, table);
      await client.query('commit');
      const fromSqlite = sqliteChecksum(sqlite, table);
      assert.equal(fromSqlite.rows, 4);
      assert.deepEqual(fromPostgres, fromSqlite);
    });

    it('one changed value changes the checksum', async () => {
      await client.query('begin');
      await client.query(`update typed set at = at + interval '1 millisecond' where code = 'a'`);
      const changed = await postgresChecksum(client, table);
      await client.query('rollback');
      assert.notEqual(changed.checksum, sqliteChecksum(sqlite, table).checksum);
    });
  });
}
