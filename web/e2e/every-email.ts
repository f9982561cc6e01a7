import assert from 'node:assert/strict';
import { createStaff, uniqueEmail, type TestApp } from '../../test/helpers/app.js';
import { createClient, pastSlot, setSettings } from '../../test/helpers/bookings.js';
import { enqueue } from '../../src/jobs/queue.js';
import type { FakeCheckoutProvider } from '../../test/helpers/fake-checkout.js';
import { publicBooking, salonDate, setupBookingSalon } from '../../test/helpers/public.js';

/*
 * Drives the service, through its API as a salon and its clients would, until it has sent
 * every email it knows (the test that follows their links checks that none is missing): the
 * booking emails with their self-service links, a provisional booking's confirm and decline,
 * reminders, the review request and the follow-up, a waitlist offer, a campaign with its
 * unsubscribe link, a till receipt, the client's sign-in link, the staff's password reset and
 * welcome, and the admins' notices. Time passing (a reminder's hour, the follow-up's third day)
 * is every queued job made due.
 */

export const SALON_PHONE = '020 123 4567';

export interface SentEverything {
  admin: { token: string; email: string };
  /** Who got what, for the tests that act on a link and then check the service's state. */
  clients: {
    /** A direct booking (its confirmation carries attend, move and cancel links). */
    attendee: Person;
    mover: Person;
    canceller: Person;
    /** Provisional bookings (request mode): confirm and decline links. */
    confirmer: Person;
    decliner: Person;
    /** A completed visit: the review request. */
    reviewer: Person;
    /** A campaign's recipient: the unsubscribe link. */
    subscriber: Person;
  };
  /** A staff member who asked for a password reset. */
  resetter: { id: number; email: string; password: string };
}

export interface Person {
  email: string;
  clientId: number;
  bookingId: number;
}

export async function sendEveryEmail(t: TestApp, checkout: FakeCheckoutProvider): Promise<SentEverything> {
  const salon = await setupBookingSalon(t);
  const { admin, staff, service } = salon;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, expect = 200) => {
    const response = await t.request({
      method,
      url,
      token: admin.token,
      ...(payload === undefined ? {} : { payload }),
    });
    assert.equal(response.status, expect, `${method} ${url}: ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown> & { id: number };
  };
  await setSettings(t, admin.token, {
    salon_address: 'Keizersgracht 1',
    salon_postcode: '1015 AA',
    salon_city: 'Amsterdam',
    salon_phone: SALON_PHONE,
    calendar_slot_min: 60,
    booking_min_lead_hours: 0,
    cancellation_window_hours: 24,
    reminder_email_enabled: 1,
    reminder_email_hours: [24],
    followup_sequences_enabled: 1,
    bulk_campaigns_enabled: 1,
    booking_request_notify_email: 1,
    low_stock_email_enabled: 1,
    noshow_enabled: 1,
    noshow_email_enabled: 1,
  });

  /** A booking from the booking page, by a new client; its id and the client's. */
  const booked = async (days: number, prefix: string, hour = 10): Promise<Person> => {
    const email = uniqueEmail(prefix);
    const response = await publicBooking(t, {
      service_id: service.id,
      start_at: `${salonDate(days)} ${String(hour).padStart(2, '0')}:00:00`,
      client_email: email,
      client_name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Client`,
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const client = await t.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { email, clientId: client.id, bookingId: (response.body as { id: number }).id };
  };
  /** A booking made at the desk for a client the desk created. */
  const deskBooking = async (slot: object, client: { id: number }) =>
    call('POST', '/api/bookings', { client_id: client.id, staff_id: staff.id, service_id: service.id, ...slot });

  // Booked online: confirmations with attend, move and cancel links (and their reminders, later).
  const attendee = await booked(2, 'attendee');
  const mover = await booked(3, 'mover');
  const canceller = await booked(4, 'canceller');

  // Requests: the client confirms or declines by email; the admins hear of each by email.
  await setSettings(t, admin.token, { booking_mode: 'request' });
  const confirmer = await booked(5, 'confirmer');
  const decliner = await booked(6, 'decliner');
  await setSettings(t, admin.token, { booking_mode: 'direct' });

  // The desk moves one booking (the change email) and cancels another, whose time a waiting
  // client is then offered.
  const moved = await booked(7, 'deskmoved');
  await call('PUT', `/api/bookings/${moved.bookingId}`, {
    start_at: `${salonDate(7)} 14:00:00`,
    end_at: `${salonDate(7)} 15:00:00`,
  });
  const waiting = await createClient(t, admin.token, { name: 'Wanda Waiting' });
  await call(
    'POST',
    '/api/waitlist',
    { client_id: waiting.id, service_id: service.id, date: salonDate(8), time_from: '09:00', time_to: '17:00' },
    201,
  );
  const freed = await booked(8, 'deskcancelled');
  await call('PUT', `/api/bookings/${freed.bookingId}`, { status: 'cancelled' });

  // A waitlist entry the desk books: the waitlist confirmation.
  const patient = await createClient(t, admin.token, { name: 'Pat Patient' });
  const entry = await call(
    'POST',
    '/api/waitlist',
    { client_id: patient.id, service_id: service.id, date: salonDate(9), time_from: '09:00', time_to: '17:00' },
    201,
  );
  await deskBooking(
    { start_at: `${salonDate(9)} 11:00:00`, end_at: `${salonDate(9)} 12:00:00`, waitlist_id: entry.id },
    patient,
  );

  // A visit completed: the review request, and three days later the follow-up.
  const reviewerClient = await createClient(t, admin.token, { name: 'Rory Reviewer' });
  const visit = await deskBooking(pastSlot(), reviewerClient);
  await call('PUT', `/api/bookings/${visit.id}`, { status: 'completed' });
  const reviewer = { email: reviewerClient.email!, clientId: reviewerClient.id, bookingId: visit.id };

  // No-shows: without a checkout provider the fee fails (the admins' email); with one, the
  // client gets the provider's payment link.
  const noShow = await createClient(t, admin.token, { name: 'Nico Noshow' });
  const first = await deskBooking(pastSlot(), noShow);
  await call('PUT', `/api/bookings/${first.id}`, { status: 'no-show' });
  await t.drain();
  await setSettings(t, admin.token, { checkout_secret_key: checkout.secretKey });
  const second = await deskBooking(pastSlot(), noShow);
  await call('PUT', `/api/bookings/${second.id}`, { status: 'no-show' });
  await t.drain();
  await setSettings(t, admin.token, { checkout_secret_key: '', noshow_enabled: 0 });

  // A campaign, with a button to the booking page and the unsubscribe link in its footer.
  const label = `links-${Math.random().toString(36).slice(2, 8)}`;
  const subscriberClient = await createClient(t, admin.token, {
    name: 'Sam Subscriber',
    marketing_consent: 1,
    labels: [label],
  });
  const campaign = await call(
    'POST',
    '/api/campaigns',
    {
      name: 'Spring',
      subject: 'Spring at the salon',
      blocks: [
        { type: 'text', text: 'Spring is here.' },
        { type: 'button', label: 'Book now', href: `${t.ctx.config.publicBaseUrl}/book` },
      ],
      segment_filters: { labels: [label] },
    },
    201,
  );
  await call('POST', `/api/campaigns/${campaign.id}/send`, undefined, 202);
  const subscriber = { email: subscriberClient.email!, clientId: subscriberClient.id, bookingId: 0 };

  // The client's sign-in link.
  const magic = await t.request({
    method: 'POST',
    url: '/api/public/client-magic-link',
    payload: { email: attendee.email },
  });
  assert.equal(magic.status, 200, JSON.stringify(magic.body));

  // Staff: a forgotten password, a new colleague's welcome, a changed password.
  const resetter = await createStaff(t);
  const forgot = await t.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: resetter.email },
  });
  assert.equal(forgot.status, 200, JSON.stringify(forgot.body));
  await call('POST', '/api/auth/register', { email: uniqueEmail('newcomer'), name: 'Nina Newcomer' });
  const changer = await createStaff(t);
  const changed = await t.request({
    method: 'POST',
    url: '/api/auth/change-password',
    token: changer.token,
    payload: {
      email: changer.email,
      currentPassword: changer.password,
      newPassword: 'another-password-2',
      confirmPassword: 'another-password-2',
    },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));

  // The admins' notices: stock running low.
  const product = await call(
    'POST',
    '/api/inventory/products',
    { name: 'Shampoo', sku: `SH-${label}`, price: 12, purchase_price: 5, quantity_on_hand: 6, low_stock_threshold: 5 },
    201,
  );
  await call('POST', `/api/inventory/products/${product.id}/consume`, { quantity: 2 });

  // A gift card sent to its recipient, and the settings' test email.
  await call(
    'POST',
    '/api/giftcards',
    { amount: 50, recipient_name: 'Gina', recipient_email: uniqueEmail('gift') },
    201,
  );
  await call('POST', '/api/settings/test-email', { to: admin.email });
  // A till receipt, emailed to the client on request.
  const buyer = await createClient(t, admin.token, { name: 'Bea Buyer' });
  const order = await call(
    'POST',
    '/api/pos',
    {
      client_id: buyer.id,
      staff_id: staff.id,
      payment_method: 'cash',
      items: [{ type: 'service', id: service.id, quantity: 1 }],
    },
    201,
  );
  await call('POST', `/api/pos/${order.id}/receipt/email`, {}, 202);

  // The admins' alert that the day's SMS budget is spent: the job the SMS sender queues when
  // it finds the budget used up (this salon has no SMS provider to spend it on).
  await enqueue(t.ctx.db, 'sms.daily_limit_reached', { day: salonDate(0), limit: 200 });

  // Time passes: every reminder, follow-up and delayed change email becomes due.
  await t.drain();
  await t.ctx.db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where('status', '=', 'queued')
    .execute();
  await t.drain();

  return {
    admin: { token: admin.token, email: admin.email },
    clients: { attendee, mover, canceller, confirmer, decliner, reviewer, subscriber },
    resetter: { id: resetter.id, email: resetter.email, password: resetter.password },
  };
}
