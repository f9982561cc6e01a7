import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outcomeOf, readReturnQuery, type PaymentFacts } from '../src/routes/payment/outcome.js';

const deposit = (
  status: PaymentFacts['status'],
  booking: { status: string; deposit_status: 'pending' | 'paid' | 'expired' | 'late' | null } | null,
): PaymentFacts => ({ purpose: 'deposit', status, booking });

describe('what the payment return page tells the client', () => {
  it('pending: checking while the page asks, waiting once it stopped, unpaid when the client came back without paying', () => {
    const held = deposit('pending', { status: 'provisional', deposit_status: 'pending' });
    assert.equal(outcomeOf(held, false, false), 'checking');
    assert.equal(outcomeOf(held, false, true), 'waiting');
    assert.equal(outcomeOf(held, true, false), 'unpaid');
    assert.equal(outcomeOf(held, true, true), 'unpaid');
  });

  it('a deposit paid: booked when scheduled, a request when provisional, late or cancelled when the booking is', () => {
    assert.equal(outcomeOf(deposit('paid', { status: 'scheduled', deposit_status: 'paid' }), false, false), 'booked');
    assert.equal(
      outcomeOf(deposit('paid', { status: 'provisional', deposit_status: 'paid' }), false, false),
      'requested',
    );
    assert.equal(outcomeOf(deposit('paid', { status: 'cancelled', deposit_status: 'late' }), false, false), 'late');
    assert.equal(
      outcomeOf(deposit('paid', { status: 'cancelled', deposit_status: 'paid' }), true, false),
      'bookingCancelled',
    );
  });

  it('other purposes paid: paid; failed, expired and cancelled as the status says, whatever the way back', () => {
    assert.equal(outcomeOf({ ...deposit('paid', null), purpose: 'pos_order' }, false, false), 'paid');
    assert.equal(outcomeOf({ ...deposit('paid', null), purpose: 'noshow_fee' }, true, false), 'paid');
    assert.equal(
      outcomeOf(deposit('failed', { status: 'cancelled', deposit_status: 'expired' }), true, false),
      'failed',
    );
    assert.equal(
      outcomeOf(deposit('expired', { status: 'cancelled', deposit_status: 'expired' }), true, true),
      'expired',
    );
    assert.equal(outcomeOf({ ...deposit('cancelled', null), purpose: 'pos_order' }, false, false), 'cancelled');
  });

  it('the return URL needs a positive payment id and a token; cancelled=1 marks the way back without paying', () => {
    assert.deepEqual(readReturnQuery('?payment_id=12&token=abc'), { paymentId: 12, token: 'abc', cancelled: false });
    assert.deepEqual(readReturnQuery('payment_id=12&token=abc&cancelled=1'), {
      paymentId: 12,
      token: 'abc',
      cancelled: true,
    });
    for (const search of [
      '',
      'payment_id=12',
      'token=abc',
      'payment_id=0&token=a',
      'payment_id=1.5&token=a',
      'payment_id=x&token=a',
    ]) {
      assert.equal(readReturnQuery(search), null, search);
    }
  });
});
