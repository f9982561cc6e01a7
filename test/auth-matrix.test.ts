import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuthLevel } from '../src/http/auth.js';
import { routeAuthLevels } from '../src/http/auth.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from './helpers/app.js';
import { DIALECTS } from './helpers/database.js';
import { insertClient } from './helpers/factories.js';

/**
 * Who may call each endpoint: `none` (anyone), `client` (a booking-page client token),
 * `user` (any signed-in staff member or admin), `admin`. One table for the whole API, so a
 * route that changes level, or a new route, shows up here. The guard's answers are then
 * checked for every route at once, generated from the routes the app registers.
 */
const EXPECTED: Record<AuthLevel, string[]> = {
  none: [
    'GET /api/calendar-feeds/:token/calendar.ics',
    'GET /api/metrics',
    'POST /api/auth/forgot-password',
    'POST /api/auth/login',
    'POST /api/auth/refresh',
    'POST /api/auth/reset-password',
    'POST /api/auth/setup',
    'GET /api/auth/setup-status',
    'POST /api/auth/web-session',
    'DELETE /api/auth/web-session',
    'POST /api/auth/web-session/refresh',
    'GET /api/public/reviews/summary',
    'POST /api/campaigns/unsubscribe',
    'POST /api/campaigns/unsubscribe/one-click',
    'GET /api/health',
    'POST /api/payments/webhooks/cardpay/:payment_id/:token',
    'POST /api/payments/webhooks/checkout',
    'POST /api/payments/webhooks/onlinepay/:payment_id/:token',
    'POST /api/webhooks/sms/twilio',
    'POST /api/webhooks/sms/twilio/inbound',
    'GET /api/public/availability',
    'POST /api/public/bookings',
    'GET /api/public/bookings/provisional',
    'POST /api/public/bookings/confirm',
    'POST /api/public/bookings/decline',
    'GET /api/public/booking-actions',
    'GET /api/public/booking-actions/availability',
    'POST /api/public/booking-actions/attend',
    'POST /api/public/booking-actions/cancel',
    'POST /api/public/booking-actions/move',
    'POST /api/public/client-login',
    'POST /api/public/client-magic-link',
    'GET /api/public/client-verify-magic',
    'GET /api/public/reviews/visit',
    'POST /api/public/reviews',
    'GET /api/public/payment-status',
    'GET /api/public/salon-info',
    'GET /api/public/salon-page',
    'GET /api/public/services',
    'GET /api/public/services/:id/photo',
    'GET /api/public/staff',
    'GET /api/staff/staff/:id/photo',
    'GET /api/suppliers/orders/:id/packing-slip/view/:token',
    'POST /api/public/visit-availability',
    'POST /api/public/visits',
    'POST /api/public/web-session',
    'DELETE /api/public/web-session',
    'POST /api/public/web-session/refresh',
    'GET /api/settings/logo',
  ],
  client: [
    'GET /api/public/me',
    'PUT /api/public/me',
    'GET /api/public/me/bookings',
    'GET /api/public/me/bookings/:id/availability',
    'POST /api/public/me/bookings/:id/cancel',
    'POST /api/public/me/bookings/:id/move',
    'POST /api/public/me/password',
  ],
  user: [
    'POST /api/auth/change-password',
    'DELETE /api/auth/device',
    'POST /api/auth/device',
    'POST /api/auth/logout',
    'POST /api/auth/sign-out-everywhere',
    'GET /api/auth/me',
    'GET /api/auth/web-push-key',
    'GET /api/bookings',
    'GET /api/calendar-feeds',
    'POST /api/calendar-feeds',
    'DELETE /api/calendar-feeds/:id',
    'GET /api/bookings/agenda',
    'GET /api/bookings/day',
    'GET /api/bookings/events',
    'POST /api/bookings',
    'DELETE /api/bookings/:id',
    'GET /api/bookings/:id',
    'GET /api/bookings/:id/history',
    'PUT /api/bookings/:id',
    'POST /api/bookings/series',
    'POST /api/bookings/series/check',
    'DELETE /api/bookings/series/:id',
    'GET /api/bookings/series/:id',
    'PUT /api/bookings/series/:id',
    'POST /api/bookings/visits',
    'DELETE /api/bookings/visits/:id',
    'GET /api/bookings/visits/:id',
    'PUT /api/bookings/visits/:id',
    'GET /api/clients',
    'POST /api/clients',
    'DELETE /api/clients/:id',
    'GET /api/clients/:id',
    'GET /api/clients/:id/history',
    'GET /api/clients/:id/messages',
    'PUT /api/clients/:id',
    'GET /api/clients/labels',
    'POST /api/clients/labels',
    'DELETE /api/clients/labels/:id',
    'PUT /api/clients/labels/:id',
    'GET /api/giftcards',
    'GET /api/giftcards/:id',
    'GET /api/giftcards/code/:code',
    'GET /api/inventory/categories',
    'GET /api/inventory/products',
    'GET /api/inventory/products/:id',
    'POST /api/inventory/products/:id/consume',
    'GET /api/inventory/transactions',
    'GET /api/locations',
    'GET /api/locations/:id',
    'GET /api/loyalty/clients/:clientId',
    'GET /api/loyalty/settings',
    'GET /api/notifications',
    'DELETE /api/notifications/:id',
    'PUT /api/notifications/:id/read',
    'GET /api/notifications/preferences',
    'PUT /api/notifications/preferences',
    'PUT /api/notifications/read-all',
    'GET /api/notifications/unread-count',
    'GET /api/packages',
    'GET /api/packages/:id',
    'GET /api/packages/credits',
    'GET /api/pos',
    'POST /api/pos',
    'GET /api/pos/:id',
    'POST /api/pos/:id/refunds',
    'GET /api/pos/:id/refunds',
    'POST /api/pos/:id/void',
    'GET /api/pos/:id/receipt',
    'POST /api/pos/:id/receipt/email',
    'GET /api/pos/:id/refunds/:refund_id/receipt',
    'POST /api/pos/:id/refunds/:refund_id/receipt/email',
    'POST /api/pos/:id/payment/cancel',
    'GET /api/pos/favorites',
    'GET /api/pos/items',
    'PUT /api/pos/favorites',
    'GET /api/pos/drawer',
    'POST /api/pos/drawer/open',
    'POST /api/pos/drawer/movements',
    'POST /api/pos/drawer/close',
    'GET /api/promotions',
    'GET /api/promotions/:id',
    'GET /api/resources',
    'GET /api/resources/:id',
    'GET /api/services',
    'GET /api/services/:id/staff',
    'GET /api/services/categories',
    'GET /api/settings/holidays',
    'GET /api/settings/vat-rates',
    'GET /api/settings/calendar',
    'GET /api/settings/opening-hours',
    'GET /api/staff/default-shifts',
    'GET /api/staff/shifts',
    'GET /api/staff/staff',
    'GET /api/staff/staff/:id/services',
    'GET /api/staff/time-off',
    'POST /api/staff/time-off',
    'DELETE /api/staff/time-off/:id',
    'GET /api/suppliers',
    'GET /api/suppliers/:id',
    'GET /api/suppliers/orders',
    'GET /api/suppliers/orders/:id',
    'GET /api/suppliers/orders/:id/packing-slip',
    'POST /api/suppliers/orders/:id/packing-slip/view-link',
    'GET /api/waitlist',
    'POST /api/waitlist',
    'DELETE /api/waitlist/:id',
    'GET /api/waitlist/:id',
    'PUT /api/waitlist/:id',
  ],
  admin: [
    'GET /api/webhooks/event-types',
    'GET /api/webhooks/endpoints',
    'POST /api/webhooks/endpoints',
    'GET /api/webhooks/endpoints/:id',
    'PUT /api/webhooks/endpoints/:id',
    'DELETE /api/webhooks/endpoints/:id',
    'POST /api/webhooks/endpoints/:id/rotate-secret',
    'GET /api/webhooks/endpoints/:id/deliveries',
    'POST /api/webhooks/deliveries/:id/redeliver',
    'POST /api/auth/register',
    'GET /api/auth/users',
    'GET /api/imports/presets',
    'POST /api/imports/:kind',
    'GET /api/imports',
    'POST /api/giftcards/:id/resend',
    'GET /api/campaigns',
    'GET /api/reviews',
    'PUT /api/reviews/:id',
    'POST /api/campaigns',
    'DELETE /api/campaigns/:id',
    'GET /api/campaigns/:id',
    'PUT /api/campaigns/:id',
    'POST /api/campaigns/:id/send',
    'GET /api/campaigns/followup-steps',
    'POST /api/campaigns/followup-steps',
    'DELETE /api/campaigns/followup-steps/:id',
    'PUT /api/campaigns/followup-steps/:id',
    'POST /api/campaigns/render-mjml',
    'GET /api/campaigns/segments',
    'POST /api/campaigns/segments',
    'DELETE /api/campaigns/segments/:id',
    'POST /api/campaigns/segments/preview',
    'GET /api/campaigns/templates',
    'POST /api/campaigns/templates',
    'DELETE /api/campaigns/templates/:id',
    'POST /api/clients/:id/erase',
    'GET /api/clients/:id/export',
    'GET /api/clients/:id/merge-preview',
    'POST /api/clients/:id/merge',
    'POST /api/giftcards',
    'DELETE /api/giftcards/:id',
    'PUT /api/giftcards/:id',
    'POST /api/inventory/categories',
    'DELETE /api/inventory/categories/:id',
    'PUT /api/inventory/categories/:id',
    'POST /api/inventory/products',
    'DELETE /api/inventory/products/:id',
    'PUT /api/inventory/products/:id',
    'POST /api/locations',
    'DELETE /api/locations/:id',
    'PUT /api/locations/:id',
    'POST /api/loyalty/clients/:clientId/adjust',
    'PUT /api/loyalty/settings',
    'POST /api/packages',
    'DELETE /api/packages/:id',
    'PUT /api/packages/:id',
    'GET /api/payments',
    'GET /api/payments/:id',
    'POST /api/payments/:id/refresh',
    'POST /api/promotions',
    'DELETE /api/promotions/:id',
    'PUT /api/promotions/:id',
    'GET /api/reporting/booking-count',
    'GET /api/reporting/dashboard',
    'GET /api/reporting/forecast',
    'GET /api/reporting/gift-cards',
    'GET /api/reporting/heatmap',
    'GET /api/reporting/item-breakdown',
    'GET /api/reporting/promotions',
    'GET /api/reporting/retention',
    'GET /api/reporting/sales-summary',
    'GET /api/reporting/sales-series',
    'GET /api/pos/journal',
    'GET /api/pos/journal/entries',
    'GET /api/pos/journal/verify',
    'GET /api/pos/z-reports',
    'GET /api/pos/z-reports/:id',
    'GET /api/reporting/staff-performance',
    'GET /api/reporting/vat',
    'POST /api/resources',
    'DELETE /api/resources/:id',
    'PUT /api/resources/:id',
    'POST /api/services',
    'DELETE /api/services/:id',
    'PUT /api/services/:id',
    'POST /api/services/:id/photo',
    'DELETE /api/services/:id/photo',
    'POST /api/services/categories',
    'DELETE /api/services/categories/:id',
    'PUT /api/services/categories/:id',
    'GET /api/settings',
    'PUT /api/settings',
    'POST /api/settings/holidays',
    'DELETE /api/settings/holidays/:id',
    'PUT /api/settings/opening-hours',
    'GET /api/settings/messages',
    'GET /api/settings/messages/:key',
    'DELETE /api/settings/messages/:key/:language',
    'PUT /api/settings/messages/:key/:language',
    'POST /api/settings/messages/:key/preview',
    'POST /api/settings/test-email',
    'POST /api/settings/test-sms',
    'POST /api/settings/upload-logo',
    'POST /api/settings/vat-rates',
    'DELETE /api/settings/vat-rates/:id',
    'PUT /api/settings/vat-rates/:id',
    'DELETE /api/staff/default-shifts/:staffId',
    'POST /api/staff/default-shifts/apply',
    'POST /api/staff/default-shifts/save-week',
    'POST /api/staff/shifts',
    'DELETE /api/staff/shifts/:id',
    'PUT /api/staff/shifts/:id',
    'POST /api/staff/staff',
    'DELETE /api/staff/staff/:id',
    'PUT /api/staff/staff/:id',
    'PUT /api/staff/staff/:id/services',
    'POST /api/staff/staff/:id/photo',
    'DELETE /api/staff/staff/:id/photo',
    'POST /api/suppliers',
    'DELETE /api/suppliers/:id',
    'PUT /api/suppliers/:id',
    'POST /api/suppliers/orders',
    'DELETE /api/suppliers/orders/:id',
    'PUT /api/suppliers/orders/:id',
    'PUT /api/suppliers/orders/:id/items',
    'POST /api/suppliers/orders/:id/packing-slip',
    'GET /api/suppliers/packing-slips/zip',
    'GET /api/system/emails',
    'GET /api/system/emails/:id',
    'GET /api/system/sms',
    'GET /api/system/sms/:id',
    'GET /api/system/jobs',
    'POST /api/system/jobs/:id/retry',
  ],
};

/** Routes that answer an event stream (server-sent events). */
const STREAMS = new Set(['GET /api/bookings/events']);

/** A path with every `:param` filled in with an id that does not exist. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');

for (const dialect of DIALECTS) {
  describe(`auth levels of every route [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { token: string };
    let clientToken: string;
    let routes: { method: string; url: string; auth: AuthLevel }[];

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
      clientToken = await t.ctx.signer.signClient((await insertClient(t.ctx.db)).id);
      // HEAD is the automatic twin of each GET and shares its declaration.
      routes = routeAuthLevels(t.app)
        .filter((route) => route.method !== 'HEAD')
        .map((route) => ({ ...route }));
    });
    after(() => t.close());

    const call = (route: { method: string; url: string }, token?: string) =>
      STREAMS.has(`${route.method} ${route.url}`)
        ? callStream(route, token)
        : t.request({
            method: route.method,
            url: concrete(route.url),
            ...(token ? { token } : {}),
          });

    /** An event stream never ends by itself: its answer is judged by its status, its body read only when refused. */
    const callStream = async (route: { method: string; url: string }, token?: string) => {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payloadAsStream: true,
      });
      const stream = response.stream();
      if (response.statusCode === 200) {
        stream.destroy();
        return { status: 200, body: undefined };
      }
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return { status: response.statusCode, body: JSON.parse(text) };
    };

    /** Calls each route; returns `METHOD url → status code` for every answer `wrong` picks out. */
    const failures = async (
      level: AuthLevel[],
      token: string | undefined,
      wrong: (answer: { status: number; body: any }) => boolean,
    ): Promise<string[]> => {
      const found: string[] = [];
      for (const route of routes.filter((r) => level.includes(r.auth))) {
        const answer = await call(route, token);
        if (wrong(answer)) found.push(`${route.method} ${route.url} → ${answer.status} ${answer.body?.code ?? ''}`);
      }
      return found;
    };
    const isError = (status: number, code: string) => (a: { status: number; body: any }) =>
      !(a.status === status && a.body?.code === code && typeof a.body?.error === 'string' && a.body.error.length > 0);

    it('every route under /api declares the auth level listed for it, and no route is unlisted', () => {
      const declared: Record<string, string[]> = { none: [], client: [], user: [], admin: [] };
      for (const route of routes) declared[route.auth]!.push(`${route.method} ${route.url}`);
      for (const level of Object.keys(declared) as AuthLevel[]) {
        assert.deepEqual([...declared[level]!].sort(), [...EXPECTED[level]].sort(), `routes of level ${level}`);
      }
    });

    it('every Logged-in and Admin route answers 401 unauthenticated without a token', async () => {
      assert.deepEqual(await failures(['user', 'admin'], undefined, isError(401, 'unauthenticated')), []);
    });

    it('every Admin route answers 403 forbidden to a staff member', async () => {
      assert.deepEqual(await failures(['admin'], staff.token, isError(403, 'forbidden')), []);
    });

    it('every Logged-in route lets a staff member through (neither 401 nor 403)', async () => {
      assert.deepEqual(await failures(['user'], staff.token, (a) => a.status === 401 || a.status === 403), []);
    });

    it('every Admin route lets an admin through (neither 401 nor 403)', async () => {
      assert.deepEqual(await failures(['admin'], admin.token, (a) => a.status === 401 || a.status === 403), []);
    });

    it('every Logged-in and Admin route refuses a client token: 401 invalid_token', async () => {
      assert.deepEqual(await failures(['user', 'admin'], clientToken, isError(401, 'invalid_token')), []);
    });

    it('every client route answers 401 unauthenticated without a token and 401 invalid_token to a staff token', async () => {
      assert.deepEqual(await failures(['client'], undefined, isError(401, 'unauthenticated')), []);
      assert.deepEqual(await failures(['client'], staff.token, isError(401, 'invalid_token')), []);
    });

    it('every client route lets a live client through (neither 401 nor 403)', async () => {
      assert.deepEqual(await failures(['client'], clientToken, (a) => a.status === 401 || a.status === 403), []);
    });

    it('every route without a level answers without asking for a token (never 401 unauthenticated)', async () => {
      assert.deepEqual(
        await failures(['none'], undefined, (a) => a.status === 401 && a.body?.code === 'unauthenticated'),
        [],
      );
    });
  });
}
