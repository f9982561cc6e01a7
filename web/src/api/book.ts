import type { Language } from '../lib/language';
import { api, unwrap } from './client';

export interface BookingDetails {
  client_name: string;
  client_email: string;
  client_phone: string;
  notes: string;
  marketing_consent: boolean;
  sms_consent: boolean;
}

export interface BookingRequest {
  serviceIds: readonly number[];
  staffId: number | null;
  start_at: string;
  details: BookingDetails;
  /** The same key for every try of one booking, so a double tap or a retry books once. */
  idempotencyKey: string;
  /** The page's language: a new client's emails and texts are written in it. */
  language: Language;
}

/** A deposit to pay now: the booking is held until it is paid, for `holdMin` minutes at most. */
export interface DepositDue {
  /** Currency units (a visit: the sum of its parts'). */
  amount: number;
  checkoutUrl: string;
  holdMin: number;
}

/** What the done page shows, for one service or a visit of several. */
export interface Booked {
  status: string;
  start_at: string;
  end_at: string;
  /** The services booked, in their order (the calendar entry's title). */
  service_names: string[];
  staff_names: string[];
  deposit: DepositDue | null;
}

function depositDue(
  checkoutUrl: string | null | undefined,
  holdMin: number | null | undefined,
  amounts: Array<number | null>,
): DepositDue | null {
  if (!checkoutUrl) return null;
  const cents = amounts.reduce<number>((sum, amount) => sum + Math.round((amount ?? 0) * 100), 0);
  return { amount: cents / 100, checkoutUrl, holdMin: holdMin ?? 0 };
}

/** POST /public/bookings (one service) or /public/visits (several), with an Idempotency-Key. */
export async function book({
  serviceIds,
  staffId,
  start_at,
  details,
  idempotencyKey,
  language,
}: BookingRequest): Promise<Booked> {
  const person = {
    client_name: details.client_name,
    client_email: details.client_email,
    ...(details.client_phone.trim() === '' ? {} : { client_phone: details.client_phone }),
    ...(details.notes.trim() === '' ? {} : { notes: details.notes }),
    marketing_consent: details.marketing_consent,
    sms_consent: details.sms_consent,
    language,
  };
  const staff = staffId === null ? {} : { staff_id: staffId };
  const headers = { 'Idempotency-Key': idempotencyKey };
  if (serviceIds.length === 1) {
    const booking = await unwrap(
      api.POST('/api/public/bookings', {
        body: { service_id: serviceIds[0]!, start_at, ...staff, ...person },
        headers,
      }),
    );
    return {
      status: booking.status,
      start_at: booking.start_at,
      end_at: booking.end_at,
      service_names: [booking.service_name],
      staff_names: [booking.staff_name],
      deposit: depositDue(booking.checkout_url, booking.deposit_hold_min, [booking.deposit_amount]),
    };
  }
  const visit = await unwrap(
    api.POST('/api/public/visits', {
      body: { start_at, parts: serviceIds.map((service_id) => ({ service_id, ...staff })), ...person },
      headers,
    }),
  );
  return {
    status: visit.status,
    start_at: visit.start_at,
    end_at: visit.end_at,
    service_names: visit.bookings.map((part) => part.service_name),
    staff_names: [...new Set(visit.bookings.map((part) => part.staff_name))],
    deposit: depositDue(
      visit.checkout_url,
      visit.deposit_hold_min,
      visit.bookings.map((part) => part.deposit_amount),
    ),
  };
}
