import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planStable } from './sqlite-stable-plan.js';

describe('SQLite plans that do not depend on request values', () => {
  it('request values are bound as +? and the query’s constants written into the SQL', () => {
    const stable = planStable({
      sql: 'select "b"."id" from "bookings" as "b" where "b"."status" <> ? and "b"."id" = ? and "b"."price" > ? limit ?',
      slots: [null, 'id', null, 'limit'],
      constants: ['cancelled', 'x', -5, 'y'],
    });
    assert.equal(
      stable.sql,
      'select "b"."id" from "bookings" as "b" where "b"."status" <> \'cancelled\' and "b"."id" = +? and "b"."price" > (-5) limit +?',
    );
    assert.deepEqual(stable.slots, ['id', 'limit']);
    assert.deepEqual(stable.constants, ['x', 'y']);
  });

  it('a constant’s quotes are doubled, and a ? inside quotes is not a placeholder', () => {
    const stable = planStable({
      sql: `select '?' as "why?", ? as "a" where "x" = ? and "y" = ?`,
      slots: [null, 'x', null],
      constants: ["O'Brien; --", 'x', null],
    });
    assert.equal(stable.sql, `select '?' as "why?", 'O''Brien; --' as "a" where "x" = +? and "y" = null`);
    assert.deepEqual(stable.slots, ['x']);
  });

  it('numbers keep their value: integers, decimals, big integers', () => {
    const stable = planStable({
      sql: 'select ?, ?, ?, ?',
      slots: [null, null, null, null],
      constants: [7, 0.25, 2n ** 60n, -0.5],
    });
    assert.equal(stable.sql, `select 7, 0.25, ${(2n ** 60n).toString()}, (-0.5)`);
  });

  it('a constant without an SQL literal (a buffer) stays bound', () => {
    const buffer = Buffer.from('ab');
    const stable = planStable({ sql: 'select ?, ?', slots: [null, 'v'], constants: [buffer, 'v'] });
    assert.equal(stable.sql, 'select ?, +?');
    assert.deepEqual(stable.slots, [null, 'v']);
    assert.deepEqual(stable.constants, [buffer, 'v']);
  });

  it('a count of placeholders that does not match the parameters is refused', () => {
    assert.throws(() => planStable({ sql: 'select ?, ?', slots: [null], constants: [1] }), /more placeholders/);
    assert.throws(() => planStable({ sql: 'select ?', slots: [null, null], constants: [1, 2] }), /fewer placeholders/);
  });
});
