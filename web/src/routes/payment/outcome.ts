/**
 * The fields of the service's answer (`PublicPaymentStatus`) the outcome depends on; the page
 * passes the answer itself, so a change of the API that breaks this fails the type check.
 * (Named structurally so the unit tests, compiled as the service is, need no API types.)
 */
export interface PaymentFacts {
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';
  purpose: string;
  booking: { status: string; deposit_status: string | null } | null;
}

/**
 * What the return page tells the client, from the payment's status and, for a deposit, what
 * became of its booking:
 *
 * - checking: pending, and the page is still polling (the provider's webhook is on its way);
 * - waiting: still pending after the page stopped polling (a slow provider);
 * - unpaid: pending, and the client came back by the checkout's way back without paying;
 * - booked / requested: a deposit paid, the booking scheduled / a request to confirm by email;
 * - late: a deposit paid after its booking was released; bookingCancelled: paid, but the
 *   salon cancelled the booking meanwhile;
 * - paid: any other purpose paid; failed, expired, cancelled: as the status says.
 */
export type Outcome =
  | 'checking'
  | 'waiting'
  | 'unpaid'
  | 'booked'
  | 'requested'
  | 'late'
  | 'bookingCancelled'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'cancelled';

export function outcomeOf(payment: PaymentFacts, cameBackUnpaid: boolean, stoppedPolling: boolean): Outcome {
  switch (payment.status) {
    case 'pending':
      if (cameBackUnpaid) return 'unpaid';
      return stoppedPolling ? 'waiting' : 'checking';
    case 'paid': {
      const booking = payment.booking;
      if (payment.purpose !== 'deposit' || booking === null) return 'paid';
      if (booking.status === 'cancelled') return booking.deposit_status === 'late' ? 'late' : 'bookingCancelled';
      return booking.status === 'provisional' ? 'requested' : 'booked';
    }
    default:
      return payment.status;
  }
}

/** The return URL's query: the payment, its token, and whether the client left without paying. */
export function readReturnQuery(search: string): { paymentId: number; token: string; cancelled: boolean } | null {
  const query = new URLSearchParams(search);
  const paymentId = Number(query.get('payment_id'));
  const token = query.get('token') ?? '';
  if (!Number.isInteger(paymentId) || paymentId < 1 || token === '') return null;
  return { paymentId, token, cancelled: query.get('cancelled') === '1' };
}
