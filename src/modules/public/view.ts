import { fromCents } from '../../lib/money.js';
import type { BookingJoinedRow } from '../bookings/service.js';
import type { PublicBookingOutput } from './schemas.js';

/** A booking as its own client sees it (no internal notes, no tokens). */
export function toPublicBooking(row: BookingJoinedRow): PublicBookingOutput {
  return {
    id: row.id,
    service_id: row.service_id,
    service_name: row.service_name,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    start_at: row.start_at,
    end_at: row.end_at,
    status: row.status,
    notes: row.notes,
    deposit_amount: row.deposit_amount === null ? null : fromCents(row.deposit_amount),
    deposit_status: row.deposit_status,
  };
}
