import { Type, type Static } from 'typebox';
import { BookingStatus, DateTimeText, named, PageQuery } from '../../http/schemas.js';

/* The schemas of a client's visit history, GET /api/clients/:id/history. */

const HistoryBooking = named(
  'ClientHistoryBooking',
  Type.Object({
    id: Type.Integer(),
    start_at: DateTimeText,
    end_at: DateTimeText,
    status: BookingStatus,
    service_id: Type.Integer(),
    service_name: Type.String(),
    staff_id: Type.Integer(),
    staff_name: Type.String(),
    price: Type.Number({ description: 'The price it was booked at, currency units' }),
  }),
);

/** One page of a client's bookings with the figures of their whole history: a page type like every paginated list's. */
export const ClientHistoryOut = named(
  'ClientHistoryPage',
  Type.Object({
    client_id: Type.Integer(),
    visit_count: Type.Integer({ minimum: 0, description: 'Completed bookings' }),
    total_spent: Type.Number({
      description:
        'Lifetime spend: the totals of the client’s paid POS orders minus their completed refunds, currency units',
    }),
    first_visit: Type.Union([DateTimeText, Type.Null()], { description: 'start_at of the first completed booking' }),
    last_visit: Type.Union([DateTimeText, Type.Null()], { description: 'start_at of the latest completed booking' }),
    no_show_count: Type.Integer({ minimum: 0 }),
    cancelled_count: Type.Integer({ minimum: 0 }),
    data: Type.Array(HistoryBooking, { description: 'One page of every booking of the client, newest first' }),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0, description: 'Bookings of the client, every status' }),
    total_pages: Type.Integer({ minimum: 0 }),
  }),
);

export const ClientHistoryQuery = Type.Object({ ...PageQuery });

export type ClientHistoryInput = Static<typeof ClientHistoryQuery>;
export type ClientHistoryOutput = Static<typeof ClientHistoryOut>;
