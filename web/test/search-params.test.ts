import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  historyMode,
  listSchema,
  listUpdate,
  param,
  readParams,
  writeParams,
  type Values,
} from '../src/lib/search-params.js';

const clients = listSchema({
  sortColumns: ['name', 'last_visit'],
  defaultSort: { column: 'name', direction: 'ascending' },
  pageSizes: [25, 50, 100],
  filters: { q: param.text({ maxLength: 50 }), status: param.oneOf(['active', 'archived'], { default: 'active' }) },
});
const DEFAULTS: Values<typeof clients> = {
  q: '',
  status: 'active',
  sort: { column: 'name', direction: 'ascending' },
  size: 25,
  page: 1,
};

describe('a page’s state in its address (search parameters)', () => {
  it('reads each parameter by its kind: text, one of a list, a sort with its direction, a page', () => {
    assert.deepEqual(readParams(clients, '?q=jan%20de%20vries&status=archived&sort=-last_visit&size=50&page=3'), {
      q: 'jan de vries',
      status: 'archived',
      sort: { column: 'last_visit', direction: 'descending' },
      size: 50,
      page: 3,
    });
    assert.equal(readParams(clients, 'q=a+b').q, 'a b', 'a + is a space, as forms write it');
  });

  it('reads what it cannot as the default, so an old or edited link still opens the page', () => {
    assert.deepEqual(readParams(clients, ''), DEFAULTS);
    assert.deepEqual(
      readParams(clients, '?status=deleted&sort=-phone&size=30&page=0&q=%E0%A4%A'),
      DEFAULTS,
      'an unknown status, a column that cannot be sorted, a size not offered, page 0, a broken escape',
    );
    assert.equal(readParams(clients, '?page=-2').page, 1);
    assert.equal(readParams(clients, '?page=2.5').page, 1);
    assert.equal(readParams(clients, '?page=1e3').page, 1);
    assert.equal(readParams(clients, `?q=${'x'.repeat(80)}`).q.length, 50, 'text is cut at its longest');
    assert.equal(readParams(clients, '?page=4&page=9').page, 4, 'the first of a repeated parameter counts');
  });

  it('leaves defaults out of the address, so the plain list has the plain address', () => {
    assert.equal(writeParams(clients, '', DEFAULTS), '');
    assert.equal(
      writeParams(clients, '', { ...DEFAULTS, sort: { column: 'name', direction: 'descending' }, page: 2 }),
      '?sort=-name&page=2',
    );
  });

  it('keeps the address’s other parameters as written and writes its own readably', () => {
    const values = readParams(clients, '?lang=nl&q=old&x=10%3A00');
    assert.equal(
      writeParams(clients, '?lang=nl&q=old&x=10%3A00', { ...values, q: 'ada@example.com, 10:00 a/b & c=d' }),
      '?lang=nl&x=10%3A00&q=ada@example.com,%2010:00%20a/b%20%26%20c%3Dd',
    );
    const written = writeParams(clients, '', { ...DEFAULTS, q: 'ada@example.com, 10:00 a/b & c=d' });
    assert.equal(readParams(clients, written).q, 'ada@example.com, 10:00 a/b & c=d', 'what is written reads back');
  });

  it('adds a history entry for a new page, and replaces it for a sort, a filter or a page size', () => {
    const before = readParams(clients, '?page=2');
    assert.equal(historyMode(clients, before, { ...before, page: 3 }), 'push');
    assert.equal(historyMode(clients, before, { ...before, q: 'j' }), 'replace');
    assert.equal(
      historyMode(clients, before, { ...before, sort: { column: 'last_visit', direction: 'ascending' } }),
      'replace',
    );
    assert.equal(historyMode(clients, before, { ...before, size: 100 }), 'replace');
    assert.equal(historyMode(clients, before, { ...before }), 'replace', 'no change adds nothing');
  });

  it('starts a list again at page 1 when its sort, a filter or its page size changes, and keeps the sort when the page changes', () => {
    type ClientList = Values<typeof clients>;
    assert.deepEqual(listUpdate<ClientList>({ q: 'jan' }), { q: 'jan', page: 1 });
    assert.deepEqual(listUpdate<ClientList>({ size: 50 }), { size: 50, page: 1 });
    assert.deepEqual(listUpdate<ClientList>({ page: 4 }), { page: 4 });
    const sorted = readParams(clients, '?sort=-last_visit');
    const next = writeParams(clients, '?sort=-last_visit', { ...sorted, ...listUpdate<ClientList>({ page: 2 }) });
    assert.equal(next, '?sort=-last_visit&page=2');
  });

  it('reads integers only within their bounds', () => {
    const hours = { h: param.integer({ default: 9, min: 0, max: 23 }) };
    assert.equal(readParams(hours, '?h=23').h, 23);
    assert.equal(readParams(hours, '?h=24').h, 9);
    assert.equal(readParams(hours, '?h=0').h, 0);
  });
});
