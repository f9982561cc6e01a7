import { queryOptions } from '@tanstack/react-query';
import type { SlotSource } from './availability';
import { api, unwrap, type Schemas } from './client';

/*
 * The links of the booking emails, which work without signing in: the token in the link is the
 * proof. Reading what a token allows never uses it up; each action is one explicit POST, so a
 * mail scanner that opens the link does nothing.
 */

export type BookingActions = Schemas['BookingActions'];
export type PublicBooking = Schemas['PublicBooking'];

/** What a self-service link's token allows now: the booking, the salon's name, each action's verdict. */
export const bookingActionsQuery = (token: string) =>
  queryOptions({
    queryKey: ['get', '/api/public/booking-actions', { token }],
    queryFn: ({ signal }) => unwrap(api.GET('/api/public/booking-actions', { params: { query: { token } }, signal })),
    // The verdicts change with the clock (the cancellation window) and with the salon's changes.
    staleTime: 0,
  });

/** The client's answer to a provisional booking: confirmed (scheduled) or declined (cancelled). */
export function answerProvisional(answer: 'confirm' | 'decline', token: string): Promise<PublicBooking> {
  return answer === 'confirm'
    ? unwrap(api.POST('/api/public/bookings/confirm', { body: { token } }))
    : unwrap(api.POST('/api/public/bookings/decline', { body: { token } }));
}

/** The attend link: the client says they will come. */
export function attendByLink(token: string): Promise<PublicBooking> {
  return unwrap(api.POST('/api/public/booking-actions/attend', { body: { token } }));
}

/** The cancel link: the booking is cancelled (within the salon's cancellation window). */
export function cancelByLink(token: string): Promise<PublicBooking> {
  return unwrap(api.POST('/api/public/booking-actions/cancel', { body: { token } }));
}

/** The move link: the booking moves to a start availability offers, with the same member unless one is named. */
export function moveByLink(token: string, startAt: string, staffId?: number): Promise<PublicBooking> {
  return unwrap(
    api.POST('/api/public/booking-actions/move', {
      body: { token, start_at: startAt, ...(staffId === undefined ? {} : { staff_id: staffId }) },
    }),
  );
}

/**
 * The times a move link's booking can move to, for the day and time picker: exactly the starts
 * the move accepts (the booking's own time not busy). Reading does not use the token up.
 */
export const moveLinkSlots = (token: string): SlotSource => ({
  key: ['move-link', token],
  fetch: (date, signal) =>
    unwrap(api.GET('/api/public/booking-actions/availability', { params: { query: { token, date } }, signal })),
});
