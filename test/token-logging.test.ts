import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createTestApp, uniqueEmail } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';
import { publicBooking, salonDate, setupBookingSalon } from './helpers/public.js';

/*
 * Tokens in addresses: the calendar feeds' (in the path), the payment callbacks' (in the path),
 * and the single-use tokens of the emails' links (in the query string of the pages and of the
 * API calls behind them). The log of a real app instance, at its most verbose, must hold none.
 */

const tokenIn = (text: string, path: string) => {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  assert.ok(match, `a ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

for (const dialect of DIALECTS) {
  describe(`tokens in request addresses never reach the logs [${dialect}]`, () => {
    it('calendar-feed, magic-link, booking-action, reset and payment tokens are masked and query strings dropped', async () => {
      const lines: string[] = [];
      const t = await createTestApp(dialect, {
        config: { logLevel: 'trace' },
        logDestination: { write: (line: string) => void lines.push(line) },
      });
      try {
        const { admin, service } = await setupBookingSalon(t);
        const feed = await t.request({
          method: 'POST',
          url: '/api/calendar-feeds',
          token: admin.token,
          payload: { scope: 'salon', name: 'Desk' },
        });
        assert.equal(feed.status, 201, JSON.stringify(feed.body));
        const feedPath = new URL(feed.body.url as string).pathname;
        const feedToken = feedPath.split('/')[3]!;

        const clientEmail = uniqueEmail('logged');
        const booked = await publicBooking(t, {
          service_id: service.id,
          start_at: `${salonDate(5)} 10:00`,
          client_email: clientEmail,
        });
        assert.equal(booked.status, 201, JSON.stringify(booked.body));
        await t.request({ method: 'POST', url: '/api/public/client-magic-link', payload: { email: clientEmail } });
        await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: admin.email } });
        await t.drain();
        const clientMail = t.mail
          .to(clientEmail)
          .map((mail) => mail.text)
          .join('\n');
        const cancelToken = tokenIn(clientMail, '/booking/cancel');
        const moveToken = tokenIn(clientMail, '/booking/move');
        const magicToken = tokenIn(clientMail, '/client/magic');
        const resetToken = tokenIn(t.mail.to(admin.email).at(-1)!.text, '/reset-password');
        const paymentToken = randomBytes(32).toString('base64url');
        const q = encodeURIComponent;

        const requests: Array<[method: 'GET' | 'POST', url: string]> = [
          ['GET', feedPath],
          ['GET', `/api/calendar-feeds/${feedToken}/calendar.ic`],
          ['GET', `/booking/cancel?token=${q(cancelToken)}`],
          ['GET', `/api/public/booking-actions?token=${q(cancelToken)}`],
          ['GET', `/api/public/booking-actions/availability?token=${q(moveToken)}&date=${salonDate(6)}`],
          ['GET', `/client/magic?token=${q(magicToken)}`],
          ['GET', `/api/public/client-verify-magic?token=${q(magicToken)}`],
          ['GET', `/reset-password?token=${q(resetToken)}&email=${q(admin.email)}`],
          ['GET', `/api/public/payment-status?payment_id=1&token=${q(paymentToken)}`],
          ['GET', `/payment/return?payment_id=1&token=${q(paymentToken)}`],
          ['POST', `/api/payments/webhooks/cardpay/1/${paymentToken}`],
          ['POST', `/api/payments/webhooks/onlinepay/1/${paymentToken}`],
          ['GET', `/api/calendar-feeds/${feedToken}${feedToken}${feedToken}/calendar.ics`],
        ];
        const before = lines.length;
        for (const [method, url] of requests) {
          const response = await t.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
          assert.ok(response.status < 500, `${method} ${url.slice(0, 30)}: ${response.status}`);
        }
        const fed = await t.request({ method: 'GET', url: feedPath });
        assert.equal(fed.status, 200, 'the feed itself still answers');

        const log = lines.slice(before).join('');
        assert.ok(log.includes('incoming request'), 'the requests were logged');
        for (const [name, secret] of Object.entries({
          feedToken,
          cancelToken,
          moveToken,
          magicToken,
          resetToken,
          paymentToken,
        })) {
          assert.ok(!log.includes(secret), `${name} appears in the logs`);
          assert.ok(!log.includes(q(secret)), `${name} appears in the logs URL-encoded`);
        }
        assert.ok(!log.includes(admin.email), 'the reset link’s email address appears in the logs');
        assert.ok(!log.includes('token='), 'a query string with a token appears in the logs');
        // What is left is still useful: the path, with the token's place marked.
        assert.match(log, /"url":"\/api\/calendar-feeds\/\[token\]\/calendar\.ics"/);
        assert.match(log, /"url":"\/api\/public\/booking-actions"/);
      } finally {
        await t.close();
      }
    });
  });
}
