import type { TestApp } from '../helpers/app.js';
import { createStaff, setupSalon, uniqueEmail } from '../helpers/app.js';
import { createClient, createService, nextSlot } from '../helpers/bookings.js';
import { createWorkingStaff } from '../helpers/public.js';
import type { FuzzTokens } from './fuzz-run.js';
import { KNOWN_IDS } from './request-parts.js';

/**
 * A little real data, so that the fuzzer's ids (KNOWN_IDS: the first rows) exist and its
 * requests get past "not found": the owner, a working staff member and another (written by
 * the test factories), a service, clients and a booking (made through the API).
 *
 * The fuzzer then signs in as users and a client of its own, made after those rows, so
 * their ids are not among KNOWN_IDS: a fuzzed `PUT /api/staff/staff/1` may well demote or
 * deactivate the owner (that is allowed while another admin exists), and the fuzzer must
 * not be locked out by it for the rest of the run. The client's token is signed by the
 * service's own signer, as the booking page's sign-in would.
 */
export async function seedSalon(t: TestApp): Promise<FuzzTokens> {
  const owner = await setupSalon(t);
  const staff = await createWorkingStaff(t, owner.token);
  await createStaff(t);
  const service = await createService(t, owner.token, { duration_min: 60, price: 45 });
  const clients = [];
  for (const _id of KNOWN_IDS) clients.push(await createClient(t, owner.token, { email: uniqueEmail('fuzz-client') }));
  const booking = await t.request({
    method: 'POST',
    url: '/api/bookings',
    token: owner.token,
    payload: { client_id: clients[0]!.id, staff_id: staff.id, service_id: service.id, ...nextSlot() },
  });
  if (booking.status >= 300) throw new Error(`seed booking: ${booking.status} ${JSON.stringify(booking.body)}`);

  const admin = await createStaff(t, 'admin');
  const member = await createStaff(t, 'staff');
  const client = await createClient(t, owner.token, { email: uniqueEmail('fuzz-self') });
  for (const id of [admin.id, member.id, client.id]) {
    if (KNOWN_IDS.includes(id)) throw new Error(`the fuzzer's own user or client got id ${id}, one it fuzzes`);
  }
  return { admin: admin.token, staff: member.token, client: await t.ctx.signer.signClient(client.id) };
}
