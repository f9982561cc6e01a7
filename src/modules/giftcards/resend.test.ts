import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';

for (const dialect of DIALECTS) {
  describe(`a gift card's email resent: POST /api/giftcards/:id/resend [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { token: string };

    before(async () => {
      t = await createTestApp(dialect, { smtp: false });
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    const issue = async (payload: object) => {
      const made = await t.request({ method: 'POST', url: '/api/giftcards', token: admin.token, payload });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      return made.body as { id: number; code: string };
    };
    const emailsTo = async (to: string) =>
      t.ctx.db
        .selectFrom('emails')
        .select('template')
        .where('recipient', '=', to)
        .where('template', '=', 'giftcard.issued')
        .execute();

    it('queues the same email again, to the address the card was issued to', async () => {
      const card = await issue({ amount: 25, recipient_name: 'Rosa', recipient_email: 'Rosa@Example.com' });
      assert.equal((await emailsTo('rosa@example.com')).length, 1, 'the email at issue');
      const resent = await t.request({ method: 'POST', url: `/api/giftcards/${card.id}/resend`, token: admin.token });
      assert.equal(resent.status, 200, JSON.stringify(resent.body));
      assert.deepEqual(resent.body, { ok: true, sent_to: 'rosa@example.com' });
      assert.equal((await emailsTo('rosa@example.com')).length, 2);
    });

    it('a card without a recipient email is 409 no_recipient_email; a deactivated one 409 gift_card_inactive', async () => {
      const bare = await issue({ amount: 10 });
      assertError(
        await t.request({ method: 'POST', url: `/api/giftcards/${bare.id}/resend`, token: admin.token }),
        409,
        'no_recipient_email',
      );
      const off = await issue({ amount: 10, recipient_email: 'off@example.com' });
      const put = await t.request({
        method: 'PUT',
        url: `/api/giftcards/${off.id}`,
        token: admin.token,
        payload: { active: 0 },
      });
      assert.equal(put.status, 200);
      assertError(
        await t.request({ method: 'POST', url: `/api/giftcards/${off.id}/resend`, token: admin.token }),
        409,
        'gift_card_inactive',
      );
      assert.equal((await emailsTo('off@example.com')).length, 1, 'nothing queued after the issue');
    });

    it('is for admins only (staff 403); an unknown card is 404', async () => {
      const card = await issue({ amount: 10, recipient_email: 'staff-try@example.com' });
      assertError(
        await t.request({ method: 'POST', url: `/api/giftcards/${card.id}/resend`, token: staff.token }),
        403,
        'forbidden',
      );
      assertError(
        await t.request({ method: 'POST', url: '/api/giftcards/999999/resend', token: admin.token }),
        404,
        'not_found',
      );
    });
  });
}
