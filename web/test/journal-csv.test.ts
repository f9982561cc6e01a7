import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvRows, journalEntries, linksToPrevious, shortHash } from '../src/routes/receipts/journal-csv.js';

const HEADER =
  'id,receipt_number,year,number,kind,created_at,order_id,refund_id,client_id,staff_id,amount,payment_method,body,prev_hash,hash';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const ZERO = '0'.repeat(64);

describe("the till journal's CSV read for its screen", () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF rows and a last row without one', () => {
    assert.deepEqual(csvRows('a,"b,c","say ""hi""\r\nthere"\r\n1,,3'), [
      ['a', 'b,c', 'say "hi"\r\nthere'],
      ['1', '', '3'],
    ]);
  });

  it("names each entry's fields by the header, an empty id as null, and checks each link of the chain", () => {
    const csv = [
      HEADER,
      `1,2026-000001,2026,1,sale,2026-11-28T10:00:00.000Z,7,,3,2,12.50,cash,"{""lines"":[1,2]}",${ZERO},${A}`,
      `2,2026-000002,2026,2,refund,2026-11-28T11:00:00.000Z,7,4,3,2,-5.00,cash,{},${A},${B}`,
      `3,2026-000003,2026,3,void,2026-11-28T12:00:00.000Z,8,,,2,0.00,card,{},${A},${ZERO}`,
      '',
    ].join('\r\n');
    const entries = journalEntries(csv);
    assert.equal(entries.length, 3);
    assert.deepEqual(entries[0], {
      id: 1,
      receiptNumber: '2026-000001',
      kind: 'sale',
      createdAt: '2026-11-28T10:00:00.000Z',
      orderId: 7,
      refundId: null,
      amount: '12.50',
      paymentMethod: 'cash',
      prevHash: ZERO,
      hash: A,
    });
    assert.equal(entries[1]!.refundId, 4);
    assert.deepEqual(linksToPrevious(entries), [true, true, false]);
  });

  it('an empty period is no entries; a hash shows its start and end', () => {
    assert.deepEqual(journalEntries(`${HEADER}\r\n`), []);
    assert.deepEqual(journalEntries(''), []);
    assert.equal(shortHash(`1234abcd${'0'.repeat(52)}ef99`), '1234abcd…ef99');
  });
});
