import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { forSerializer } from './serializer-schema.js';

const Booking = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]),
  visit_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The visit' }),
  // A keyword that is not neutral for writing (minLength): the union is kept as it is.
  token: Type.Union([Type.String({ minLength: 0 }), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  price: Type.Union([Type.Integer(), Type.Number()]),
  parts: Type.Array(Type.Object({ at: Type.Union([Type.String(), Type.Null()]) })),
  client: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
});

describe('response schemas as the serializer needs them', () => {
  it('a union of scalars becomes a list of types; descriptions stay; other unions are left alone', () => {
    const schema = forSerializer(Booking) as { properties: Record<string, unknown> };
    assert.deepEqual(schema.properties.status, { type: 'string' });
    assert.deepEqual(schema.properties.visit_id, { type: ['integer', 'null'], description: 'The visit' });
    assert.deepEqual(schema.properties.name, { type: ['string', 'null'] });
    assert.deepEqual(schema.properties.token, Booking.properties.token);
    assert.deepEqual(schema.properties.at, Booking.properties.at);
    assert.deepEqual(schema.properties.price, { type: 'number' });
    assert.deepEqual((schema.properties.parts as { items: { properties: { at: unknown } } }).items.properties.at, {
      type: ['string', 'null'],
    });
    assert.deepEqual(schema.properties.client, Booking.properties.client);
  });

  it('writes every value exactly as the schema it came from', () => {
    const before = fastJson(Booking as object);
    const after = fastJson(forSerializer(Booking) as object);
    const values = [
      {
        id: 1,
        status: 'scheduled',
        visit_id: null,
        token: null,
        name: null,
        at: null,
        price: 12,
        parts: [],
        client: null,
      },
      {
        id: 2,
        status: 'cancelled',
        visit_id: 7,
        token: 'a"b\\c\u2028',
        name: 'Zoë',
        at: '2026-11-24T10:00:00.000Z',
        price: 12.5,
        parts: [{ at: '2026-11-24 10:00:00' }, { at: null }],
        client: { name: 'Zoë "Z" <z>' },
      },
    ];
    for (const value of values) assert.equal(after(value), before(value));
  });

  it('leaves the schema it was given unchanged', () => {
    const copy = structuredClone(Booking);
    forSerializer(Booking);
    assert.deepEqual(Booking, copy);
  });
});
