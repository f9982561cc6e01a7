import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { insertClient } from '../../../test/helpers/factories.js';
import { hashPassword } from './service.js';
import { addressOf, delayAfter, FIRST_DELAY_MS, FREE_FAILURES, MAX_DELAY_MS } from './sign-in-attempts.js';

/*
 * Lockout by a stranger: wrong passwords for someone else's email, many at once, must neither
 * be checked beyond the limit nor keep the owner out.
 */

const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.9';

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('sign-in delays per (account, address) pair', () => {
  it('the first failures are free, then each delay doubles up to the ceiling', () => {
    assert.equal(delayAfter(FREE_FAILURES - 1), 0);
    assert.equal(delayAfter(FREE_FAILURES), FIRST_DELAY_MS);
    assert.equal(delayAfter(FREE_FAILURES + 1), 2 * FIRST_DELAY_MS);
    assert.equal(delayAfter(FREE_FAILURES + 40), MAX_DELAY_MS);
  });

  it('an IPv6 address counts as its /64 (one subscriber), an IPv4-mapped one as the IPv4 address', () => {
    assert.equal(addressOf('2001:db8:1:2::1'), addressOf('2001:db8:1:2:ffff::9'));
    assert.notEqual(addressOf('2001:db8:1:2::1'), addressOf('2001:db8:1:3::1'));
    assert.equal(addressOf('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(addressOf('192.0.2.1'), '192.0.2.1');
  });
});

for (const dialect of DIALECTS) {
  describe(`lockout by a stranger [${dialect}]`, () => {
    let t: TestApp;

    before(async () => {
      t = await createTestApp(dialect);
      await setupSalon(t);
    });
    after(() => t.close());

    const attempt = (url: string, email: string, password: string, remoteAddress: string) =>
      t.request({ method: 'POST', url, remoteAddress, payload: { email, password } });
    const parallel = (url: string, email: string, remoteAddress: string, count = 25) =>
      Promise.all(Array.from({ length: count }, (_, i) => attempt(url, email, `wrong-password-${i}`, remoteAddress)));

    async function failuresOf(kind: 'staff' | 'client') {
      return t.ctx.db.selectFrom('sign_in_failures').selectAll().where('kind', '=', kind).execute();
    }

    it('25 parallel wrong passwords from one address: only the free attempts are checked, the rest 429, and the owner still signs in from their own address', async () => {
      const owner = await createStaff(t);
      const answers = await parallel('/api/auth/login', owner.email, ATTACKER);
      assert.deepEqual(tally(answers.map((a) => a.status)), { 401: FREE_FAILURES, 429: 25 - FREE_FAILURES });
      for (const refused of answers.filter((a) => a.status === 429)) {
        assert.equal(refused.body.code, 'rate_limited');
        assert.ok(Number(refused.headers['retry-after']) > 0);
      }
      const mine = await attempt('/api/auth/login', owner.email, owner.password, OWNER);
      assert.equal(mine.status, 200, 'the owner signs in from their own address');
      const browser = await attempt('/api/auth/web-session', owner.email, owner.password, OWNER);
      assert.equal(browser.status, 200, 'and in a browser');
      const theirs = await attempt('/api/auth/login', owner.email, owner.password, ATTACKER);
      assert.equal(theirs.status, 429, 'the guessing address is held back, even with the right password');
    });

    it('the browser sign-in shares the pair’s count: 25 parallel wrong passwords, only the free ones checked', async () => {
      const owner = await createStaff(t);
      const answers = await parallel('/api/auth/web-session', owner.email, '198.51.100.8');
      assert.deepEqual(tally(answers.map((a) => a.status)), { 401: FREE_FAILURES, 429: 25 - FREE_FAILURES });
      assert.equal((await attempt('/api/auth/login', owner.email, 'one-more-guess', '198.51.100.8')).status, 429);
      assert.equal((await attempt('/api/auth/web-session', owner.email, owner.password, OWNER)).status, 200);
    });

    it('the delays grow: once a hold has passed, the next failure holds the address back twice as long', async () => {
      const owner = await createStaff(t);
      const address = '198.51.100.9';
      for (let i = 0; i < FREE_FAILURES; i++) {
        assert.equal((await attempt('/api/auth/login', owner.email, 'wrong-password', address)).status, 401);
      }
      const held = await attempt('/api/auth/login', owner.email, 'wrong-password', address);
      assert.equal(held.status, 429);
      assert.ok(Number(held.headers['retry-after']) <= FIRST_DELAY_MS / 1000);
      // The hold runs out (moved into the past rather than waited for).
      await t.ctx.db
        .updateTable('sign_in_failures')
        .set({ blocked_until: new Date(Date.now() - 1000).toISOString() })
        .where('kind', '=', 'staff')
        .where('address', '=', address)
        .execute();
      assert.equal((await attempt('/api/auth/login', owner.email, 'wrong-password', address)).status, 401);
      const longer = await attempt('/api/auth/login', owner.email, 'wrong-password', address);
      assert.equal(longer.status, 429);
      const retryAfter = Number(longer.headers['retry-after']);
      assert.ok(retryAfter > FIRST_DELAY_MS / 1000 && retryAfter <= (2 * FIRST_DELAY_MS) / 1000, String(retryAfter));
    });

    it('a right password forgives the address’s failures; successful sign-ins never count', async () => {
      const owner = await createStaff(t);
      const address = '198.51.100.10';
      for (let i = 0; i < FREE_FAILURES - 1; i++) {
        assert.equal((await attempt('/api/auth/login', owner.email, 'wrong-password', address)).status, 401);
      }
      assert.equal((await attempt('/api/auth/login', owner.email, owner.password, address)).status, 200);
      for (let i = 0; i < FREE_FAILURES - 1; i++) {
        assert.equal((await attempt('/api/auth/login', owner.email, 'wrong-password', address)).status, 401);
      }
      for (let i = 0; i < 12; i++) {
        assert.equal((await attempt('/api/auth/login', owner.email, owner.password, address)).status, 200);
      }
    });

    it('the failures table holds no email address, only its hash', async () => {
      const owner = await createStaff(t);
      await attempt('/api/auth/login', owner.email, 'wrong-password', '198.51.100.11');
      const rows = await failuresOf('staff');
      assert.ok(rows.length > 0);
      assert.ok(rows.every((row) => !row.account.includes('@')));
    });

    it('client sign-in (POST /public/client-login and /public/web-session): 25 parallel wrong passwords cannot lock the client out', async () => {
      const client = await insertClient(t.ctx.db, { password_hash: await hashPassword('client-password-1') });
      const email = client.email!;
      const answers = await parallel('/api/public/client-login', email, ATTACKER);
      const counts = tally(answers.map((a) => a.status));
      // Twenty a minute per address reach the sign-in at all (the per-IP limit); of those, the free ones are checked.
      assert.equal(counts[401], FREE_FAILURES);
      assert.equal(counts[429], 25 - FREE_FAILURES);
      assert.equal((await attempt('/api/public/client-login', email, 'client-password-1', OWNER)).status, 200);
      const browser = await attempt('/api/public/web-session', email, 'client-password-1', OWNER);
      assert.equal(browser.status, 200, JSON.stringify(browser.body));
      const rows = (await failuresOf('client')).filter((row) => row.address === ATTACKER);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.failures, FREE_FAILURES);
    });
  });
}
