import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/helpers/app.js';
import { assertError } from '../../../test/helpers/assertions.js';
import { setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { publicBooking, setupBookingSalon, startsDayByDay } from '../../../test/helpers/public.js';
import { networkOf } from './limits.js';

/*
 * A booking page filled by a script: from one network, with fresh emails, a script books
 * slots all day, and every booking emails whatever address it typed (mail-bombing a third
 * party from the salon's domain). Each test is one way of that attack, and the limit that
 * stops it.
 */

for (const dialect of DIALECTS) {
  describe(`a booking page filled by a script [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let service: { id: number };
    const freeStart = startsDayByDay(
      () => t,
      () => service.id,
    );
    const book = async (email: string, remoteAddress: string) =>
      publicBooking(t, { service_id: service.id, start_at: await freeStart(), client_email: email }, { remoteAddress });
    const assertLimited = (response: Awaited<ReturnType<typeof book>>) => {
      assertError(response, 429, 'rate_limited');
      assert.ok(Number(response.headers['retry-after']) > 0, 'Retry-After says when to come back');
    };

    before(async () => {
      t = await createTestApp(dialect);
      ({ admin, service } = await setupBookingSalon(t));
      await setSettings(t, admin.token, { calendar_slot_min: 60 });
    });
    after(() => t.close());

    it('the limits count an IPv6 /64 as one network and an IPv4 address (also seen as ::ffff:) as itself', () => {
      assert.equal(networkOf('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
      assert.equal(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
      assert.equal(networkOf('::ffff:192.0.2.7'), '192.0.2.7');
      assert.equal(networkOf('192.0.2.7'), '192.0.2.7');
    });

    it('a script mail-bombing one address through the booking page: 5 bookings a day per client_email, then 429', async () => {
      const victim = uniqueEmail('victim');
      for (let i = 1; i <= 5; i += 1) {
        const booked = await book(victim, `192.0.2.${i}`);
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
      }
      // From yet another address, in any spelling of the address.
      assertLimited(await book(victim.toUpperCase(), '192.0.2.99'));
      const mails = await t.ctx.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient', '=', victim)
        .executeTakeFirstOrThrow();
      assert.ok(Number(mails.n) <= 5, `at most one email a booking reached the victim (${mails.n})`);
    });

    it('a script booking for fresh strangers from one IPv6 /64: 5 new clients a day per network, then 429; known clients still book', async () => {
      const known = uniqueEmail('known');
      assert.equal((await book(known, '198.51.100.1')).status, 201);
      for (let i = 1; i <= 5; i += 1) {
        const booked = await book(uniqueEmail('fresh'), `2001:db8:77:1::${i.toString(16)}`);
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
      }
      // A fresh address of the same /64 is the same network.
      assertLimited(await book(uniqueEmail('fresh'), '2001:db8:77:1:ffff:ffff:ffff:fffe'));
      const again = await book(known, '2001:db8:77:1::99');
      assert.equal(again.status, 201, 'a client the salon knows is not a stranger');
      const elsewhere = await book(uniqueEmail('fresh'), '2001:db8:77:2::1');
      assert.equal(elsewhere.status, 201, 'another /64 has its own allowance');
    });

    it('a script rotating IPv6 addresses of one /64 is limited as one address (every booking-page limit)', async () => {
      // Reviews: 10 per 10 minutes per network; a wrong token is refused without being the point.
      for (let i = 1; i <= 10; i += 1) {
        const refused = await t.request({
          method: 'POST',
          url: '/api/public/reviews',
          payload: { token: 'no-such-token', rating: 5 },
          remoteAddress: `2001:db8:88:1::${i.toString(16)}`,
        });
        assert.notEqual(refused.status, 429);
      }
      const limited = await t.request({
        method: 'POST',
        url: '/api/public/reviews',
        payload: { token: 'no-such-token', rating: 5 },
        remoteAddress: '2001:db8:88:1:1234:5678:9abc:def0',
      });
      assertError(limited, 429, 'rate_limited');
    });
  });
}
