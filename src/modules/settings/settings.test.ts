import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  createStaff,
  createTestApp,
  PUBLIC_BASE_URL,
  setupSalon,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers/app.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { multipartFile, TINY_PNG } from '../../../test/helpers/multipart.js';
import { SmtpSink } from '../../../test/helpers/smtp-sink.js';

/** Every feature toggle of the settings record with its default. */
const TOGGLE_DEFAULTS: Record<string, number> = {
  swipe_actions_enabled: 1,
  haptic_feedback_enabled: 1,
  longpress_contact_enabled: 1,
  offline_mode_enabled: 1,
  staff_personal_agenda_enabled: 1,
  purchase_orders_enabled: 1,
  internal_consumption_enabled: 1,
  daily_revenue_goal_enabled: 0,
  daily_revenue_goal: 0,
  revenue_forecast_enabled: 0,
  visit_frequency_alerts_enabled: 0,
  staff_price_changes_enabled: 1,
  visit_frequency_days: 42,
  followup_sequences_enabled: 0,
  product_recommendations_enabled: 0,
  giftcard_qr_enabled: 0,
  seasonal_promotions_enabled: 0,
  bulk_campaigns_enabled: 0,
  waitlist_position_enabled: 0,
  reviews_need_approval: 0,
  notify_salon_waitlist_join: 1,
  notify_salon_slot_available: 1,
  noshow_email_enabled: 1,
  low_stock_email_enabled: 1,
  booking_request_notify_email: 1,
  booking_request_notify_push: 1,
  noshow_enabled: 0,
  noshow_fee_value: 50,
  noshow_min_amount: 0,
};

const SETTABLE = [
  'salon_name',
  'salon_email',
  'salon_phone',
  'salon_address',
  'salon_postcode',
  'salon_city',
  'btw_number',
  'kvk_number',
  'social_facebook',
  'social_instagram',
  'currency',
  'timezone',
  'language',
  'first_day_of_week',
  'time_format',
  'new_client_extra_min',
  'calendar_slot_min',
  'calendar_buffer_min',
  'calendar_color_mode',
  'hide_unscheduled_staff',
  'dark_mode',
  'brand_color',
  'booking_mode',
  'booking_clients',
  'booking_show_prices',
  'booking_show_duration',
  'booking_allow_staff_choice',
  'booking_min_lead_hours',
  'booking_max_future_days',
  'cancellation_window_hours',
  'cardpay_api_key',
  'cardpay_merchant_code',
  'cardpay_reader_id',
  'onlinepay_api_key',
  'onlinepay_terminal_id',
  'checkout_secret_key',
  'checkout_webhook_secret',
  'smtp_pass',
];

const SECRETS = ['smtp_pass', 'cardpay_api_key', 'onlinepay_api_key', 'checkout_secret_key'] as const;

for (const dialect of DIALECTS) {
  describe(`settings [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };
    let staff: { token: string };

    const get = () => t.request({ method: 'GET', url: '/api/settings', token: admin.token });
    const put = (payload: object, token = admin.token) =>
      t.request({ method: 'PUT', url: '/api/settings', token, payload });

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      staff = await createStaff(t);
    });
    after(() => t.close());

    it('GET /settings returns the single record id = 1 with every settable field and every toggle at its default', async () => {
      const fresh = await createTestApp(dialect);
      try {
        const owner = await setupSalon(fresh);
        const response = await fresh.request({ method: 'GET', url: '/api/settings', token: owner.token });
        assert.equal(response.status, 200);
        assert.equal(response.body.id, 1);
        for (const field of SETTABLE) assert.ok(field in response.body, `missing ${field}`);
        for (const [field, value] of Object.entries(TOGGLE_DEFAULTS)) assert.equal(response.body[field], value, field);
        assert.equal(response.body.noshow_fee_type, 'percentage');
        assert.equal(response.body.salon_name, 'Studio Test');
        assert.equal(response.body.timezone, 'Europe/Amsterdam');
        assert.equal(response.body.currency, 'EUR');
        assert.equal(response.body.time_format, '24h');
        assert.equal(response.body.calendar_color_mode, 'category');
        assert.equal(response.body.dark_mode, 'system');
        assert.equal(response.body.brand_color, '#7a2e54');
        assert.equal(response.body.booking_mode, 'direct');
        assert.equal(response.body.booking_clients, 'all');
        assert.match(response.body.updated_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        assert.equal(response.body.logo_url, null);
      } finally {
        await fresh.close();
      }
    });

    it('the calendar’s settings are every member’s to read (GET /settings/calendar), and only those; GET /settings stays admin-only', async () => {
      const changed = await put({
        calendar_slot_min: 10,
        calendar_color_mode: 'status',
        hide_unscheduled_staff: 1,
        swipe_actions_enabled: 0,
        haptic_feedback_enabled: 0,
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const response = await t.request({ method: 'GET', url: '/api/settings/calendar', token: staff.token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(response.body, {
        calendar_slot_min: 10,
        calendar_buffer_min: changed.body.calendar_buffer_min,
        calendar_color_mode: 'status',
        hide_unscheduled_staff: 1,
        staff_personal_agenda_enabled: changed.body.staff_personal_agenda_enabled,
        time_format: changed.body.time_format,
        first_day_of_week: changed.body.first_day_of_week,
        // The phone's switches, which the phone agenda of every member follows.
        offline_mode_enabled: 1,
        swipe_actions_enabled: 0,
        longpress_contact_enabled: 1,
        haptic_feedback_enabled: 0,
      });
      assert.equal((await t.request({ method: 'GET', url: '/api/settings', token: staff.token })).status, 403);
      assert.equal((await t.request({ method: 'GET', url: '/api/settings/calendar' })).status, 401);
    });

    it('PUT /settings updates only the fields present', async () => {
      const before = (await get()).body;
      const response = await put({ salon_city: 'Utrecht', booking_min_lead_hours: 4 });
      assert.equal(response.status, 200);
      assert.equal(response.body.salon_city, 'Utrecht');
      assert.equal(response.body.booking_min_lead_hours, 4);
      const after = (await get()).body;
      for (const field of SETTABLE.filter((f) => !['salon_city', 'booking_min_lead_hours'].includes(f))) {
        assert.deepEqual(after[field], before[field], field);
      }
    });

    it('0/1 fields are returned as integers and accept true/false', async () => {
      const response = await put({
        booking_show_prices: false,
        bulk_campaigns_enabled: true,
        hide_unscheduled_staff: 1,
      });
      assert.equal(response.status, 200);
      assert.equal(response.body.booking_show_prices, 0);
      assert.equal(response.body.bulk_campaigns_enabled, 1);
      assert.equal(response.body.hide_unscheduled_staff, 1);
      await put({ booking_show_prices: 1, bulk_campaigns_enabled: 0, hide_unscheduled_staff: 0 });
    });

    it('money settings round-trip as numbers in currency units', async () => {
      const response = await put({
        daily_revenue_goal: 1250.5,
        noshow_fee_type: 'fixed',
        noshow_fee_value: 17.95,
        noshow_min_amount: 5,
      });
      assert.equal(response.body.daily_revenue_goal, 1250.5);
      assert.equal(response.body.noshow_fee_value, 17.95);
      assert.equal(response.body.noshow_min_amount, 5);
      await put({ daily_revenue_goal: 0, noshow_fee_type: 'percentage', noshow_fee_value: 50, noshow_min_amount: 0 });
    });

    it('sensitive settings always come back as ******** and are stored encrypted', async () => {
      const secrets = {
        smtp_pass: 'smtp-secret-1',
        cardpay_api_key: 'card-key-1',
        onlinepay_api_key: 'online-key-1',
        checkout_secret_key: 'checkout-1',
      };
      const saved = await put(secrets);
      assert.equal(saved.status, 200);
      for (const field of SECRETS) {
        assert.equal(saved.body[field], '********', field);
        assert.equal(saved.body[`${field}_set`], 1);
      }
      const read = await get();
      for (const field of SECRETS) assert.equal(read.body[field], '********', field);
      const raw = JSON.stringify(await t.ctx.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow());
      for (const value of Object.values(secrets)) assert.ok(!raw.includes(value), 'a secret is stored in plain text');
      assert.ok(!JSON.stringify(read.body).includes('secret-1'));
    });

    it('sending ******** back leaves the stored secret unchanged; another value replaces it; empty clears it', async () => {
      await put({ cardpay_api_key: 'keep-me-please' });
      const roundTrip = (await get()).body;
      assert.equal((await put(roundTrip)).status, 200, 'the whole GET body can be PUT back');
      const stored = await t.ctx.db.selectFrom('settings').select('cardpay_api_key').executeTakeFirstOrThrow();
      assert.equal(t.ctx.secrets.open(stored.cardpay_api_key), 'keep-me-please');

      await put({ cardpay_api_key: 'replaced' });
      const replaced = await t.ctx.db.selectFrom('settings').select('cardpay_api_key').executeTakeFirstOrThrow();
      assert.equal(t.ctx.secrets.open(replaced.cardpay_api_key), 'replaced');

      const cleared = await put({ cardpay_api_key: '' });
      assert.equal(cleared.body.cardpay_api_key, '********');
      assert.equal(cleared.body.cardpay_api_key_set, 0);
    });

    it('setting purchase_orders_enabled to 0 sets internal_consumption_enabled to 0', async () => {
      await put({ purchase_orders_enabled: 1, internal_consumption_enabled: 1 });
      const response = await put({ purchase_orders_enabled: 0 });
      assert.equal(response.status, 200);
      assert.equal(response.body.purchase_orders_enabled, 0);
      assert.equal(response.body.internal_consumption_enabled, 0);
      await put({ purchase_orders_enabled: 1 });
    });

    it('400 if internal_consumption_enabled is set to 1 while purchase_orders_enabled is 0', async () => {
      await put({ purchase_orders_enabled: 0 });
      const response = await put({ internal_consumption_enabled: 1 });
      assert.equal(response.status, 400);
      assert.equal(response.body.code, 'internal_consumption_requires_purchase_orders');
      const both = await put({ purchase_orders_enabled: 0, internal_consumption_enabled: true });
      assert.equal(both.status, 400);
      assert.equal((await get()).body.internal_consumption_enabled, 0, 'nothing changed');
      const together = await put({ purchase_orders_enabled: 1, internal_consumption_enabled: 1 });
      assert.equal(together.status, 200, 'both on in one request is fine');
      assert.equal(together.body.internal_consumption_enabled, 1);
    });

    it('every field is validated: enums, IANA time zone, ISO 4217 currency, percentage 0-100, non-negative minutes', async () => {
      const invalid: object[] = [
        { booking_mode: 'maybe' },
        { booking_clients: 'nobody' },
        { noshow_fee_type: 'double' },
        { time_format: '25h' },
        { dark_mode: 'purple' },
        { brand_color: 'purple' },
        { brand_color: '#fff' },
        { brand_color: '7a2e54' },
        { brand_color: '#7a2e5g' },
        { brand_color: '#7a2e5400' },
        { calendar_color_mode: 'rainbow' },
        { timezone: 'Mars/Olympus_Mons' },
        { currency: 'XYZ' },
        { currency: 'eur' },
        { noshow_fee_type: 'percentage', noshow_fee_value: 150 },
        { noshow_fee_value: -1 },
        { calendar_slot_min: -5 },
        { calendar_buffer_min: -1 },
        { new_client_extra_min: 1.5 },
        { booking_min_lead_hours: 'two' },
        { first_day_of_week: 7 },
        { salon_email: 'not-an-email' },
        { social_facebook: 'not a url' },
        { daily_revenue_goal: -10 },
        { purchase_orders_enabled: 2 },
        { salon_name: '' },
        { smtp_port: 70000 },
      ];
      const before = (await get()).body;
      for (const body of invalid) {
        const response = await put(body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(typeof response.body.error, 'string');
        assert.ok(response.body.code);
      }
      assert.deepEqual((await get()).body, before, 'nothing was stored');
      const valid = await put({
        timezone: 'America/New_York',
        currency: 'USD',
        noshow_fee_type: 'fixed',
        noshow_fee_value: 150,
      });
      assert.equal(valid.status, 200);
      await put({ timezone: 'Europe/Amsterdam', currency: 'EUR', noshow_fee_type: 'percentage', noshow_fee_value: 50 });
    });

    it('brand_color: a #rrggbb colour, stored in lower case, and the booking page gets it', async () => {
      const response = await put({ brand_color: '#FFFF00' });
      assert.equal(response.status, 200);
      assert.equal(response.body.brand_color, '#ffff00');
      const page = await t.request({ method: 'GET', url: '/api/public/salon-page' });
      assert.equal(page.body.brand_color, '#ffff00');
      await put({ brand_color: '#7a2e54' });
    });

    it('switching the fee type to percentage with a fixed amount above 100 is refused', async () => {
      await put({ noshow_fee_type: 'fixed', noshow_fee_value: 150 });
      assert.equal((await put({ noshow_fee_type: 'percentage' })).status, 400);
      await put({ noshow_fee_value: 50, noshow_fee_type: 'percentage' });
    });

    it('unknown fields, id and opening hours are ignored by PUT', async () => {
      const before = (await get()).body;
      const response = await put({
        id: 7,
        favourite_colour: 'red',
        opening_hours: [],
        updated_at: '2000-01-01 00:00:00',
      });
      assert.equal(response.status, 200);
      assert.equal(response.body.id, 1);
      assert.ok(!('favourite_colour' in response.body));
      assert.deepEqual(response.body.opening_hours, before.opening_hours);
    });

    describe('POST /settings/upload-logo', () => {
      const upload = (file: ReturnType<typeof multipartFile>, token = admin.token) =>
        t.request({
          method: 'POST',
          url: '/api/settings/upload-logo',
          token,
          payload: file.payload,
          headers: file.headers,
        });

      it('stores a PNG, answers { url }, and that URL serves the logo', async () => {
        const response = await upload(multipartFile('logo', 'logo.png', 'image/png', TINY_PNG));
        assert.equal(response.status, 200);
        assert.deepEqual(Object.keys(response.body), ['url']);
        assert.ok(response.body.url.startsWith(`${PUBLIC_BASE_URL}/api/settings/logo`));
        const served = await t.app.inject({ method: 'GET', url: response.body.url.slice(PUBLIC_BASE_URL.length) });
        assert.equal(served.statusCode, 200);
        assert.equal(served.headers['content-type'], 'image/png');
        assert.deepEqual(served.rawPayload, TINY_PNG);
        assert.equal((await get()).body.logo_url, response.body.url);
      });

      it('the logo at its versioned address is cached for a year; without the current version, five minutes', async () => {
        const response = await upload(multipartFile('logo', 'logo.png', 'image/png', TINY_PNG));
        const path = response.body.url.slice(PUBLIC_BASE_URL.length) as string;
        const cacheOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers['cache-control'];
        assert.equal(await cacheOf(path), 'public, max-age=31536000, immutable');
        assert.equal(await cacheOf('/api/settings/logo'), 'public, max-age=300');
        await upload(multipartFile('logo', 'logo.png', 'image/png', TINY_PNG));
        assert.equal(await cacheOf(path), 'public, max-age=300', 'an old version is no longer for ever');
      });

      it('the type is decided by the bytes: JPEG, GIF, WebP and SVG are accepted whatever their names', async () => {
        const samples: Array<[string, Buffer]> = [
          [
            'image/jpeg',
            Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
          ],
          ['image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)])],
          [
            'image/webp',
            Buffer.concat([
              Buffer.from('RIFF'),
              Buffer.from([0x24, 0, 0, 0]),
              Buffer.from('WEBPVP8 '),
              Buffer.alloc(32),
            ]),
          ],
          [
            'image/svg+xml',
            Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
            ),
          ],
        ];
        for (const [type, bytes] of samples) {
          const response = await upload(multipartFile('logo', 'upload.bin', 'application/octet-stream', bytes));
          assert.equal(response.status, 200, type);
          const served = await t.app.inject({ method: 'GET', url: '/api/settings/logo' });
          assert.equal(served.headers['content-type'], type);
        }
      });

      it('an HTML file renamed logo.png is refused with 415', async () => {
        const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
        const response = await upload(multipartFile('logo', 'logo.png', 'image/png', html));
        assert.equal(response.status, 415);
        assert.equal(response.body.code, 'unsupported_media_type');
        const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64)]);
        assert.equal((await upload(multipartFile('logo', 'logo.jpg', 'image/jpeg', pdf))).status, 415);
      });

      it('a 4.9 MB image is accepted: the 5 MB limit is the logo limit, not the 1 MiB JSON body limit', async () => {
        const large = Buffer.concat([TINY_PNG, Buffer.alloc(4.9 * 1024 * 1024)]);
        const response = await upload(multipartFile('logo', 'large.png', 'image/png', large));
        assert.equal(response.status, 200);
      });

      it('a 6 MB image gets 413 and changes nothing', async () => {
        const before = (await get()).body.logo_url;
        const big = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
        const response = await upload(multipartFile('logo', 'big.png', 'image/png', big));
        assert.equal(response.status, 413);
        assert.equal(response.body.code, 'payload_too_large');
        assert.equal((await get()).body.logo_url, before);
      });

      it('an SVG is served so that it cannot run script', async () => {
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="4"/></svg>',
        );
        assert.equal((await upload(multipartFile('logo', 'logo.svg', 'image/svg+xml', svg))).status, 200);
        const served = await t.app.inject({ method: 'GET', url: '/api/settings/logo' });
        assert.equal(served.headers['content-type'], 'image/svg+xml');
        const csp = String(served.headers['content-security-policy']);
        assert.match(csp, /default-src 'none'/);
        assert.match(csp, /sandbox/);
        assert.doesNotMatch(csp, /script-src/);
        assert.equal(served.headers['x-content-type-options'], 'nosniff');
      });

      it('needs an admin and the multipart field "logo"', async () => {
        assert.equal((await upload(multipartFile('logo', 'logo.png', 'image/png', TINY_PNG), staff.token)).status, 403);
        assert.equal((await upload(multipartFile('image', 'logo.png', 'image/png', TINY_PNG))).status, 400);
        const json = await t.request({
          method: 'POST',
          url: '/api/settings/upload-logo',
          token: admin.token,
          payload: { logo: 'x' },
        });
        assert.equal(json.status, 400);
      });

      it('a new upload replaces the old file', async () => {
        await upload(multipartFile('logo', 'a.png', 'image/png', TINY_PNG));
        const first = (await t.ctx.db.selectFrom('settings').select('logo_key').executeTakeFirstOrThrow()).logo_key;
        await upload(multipartFile('logo', 'b.png', 'image/png', TINY_PNG));
        const second = (await t.ctx.db.selectFrom('settings').select('logo_key').executeTakeFirstOrThrow()).logo_key;
        assert.notEqual(first, second);
        assert.equal(await t.ctx.storage.get(first), null, 'old file removed');
        assert.ok(await t.ctx.storage.get(second));
      });
    });

    describe('POST /settings/test-email', () => {
      const send = (to: string, token = admin.token) =>
        t.request({ method: 'POST', url: '/api/settings/test-email', token, payload: { to } });

      it('sends one email through the configured server and answers { ok: true }', async () => {
        const to = uniqueEmail('test');
        const response = await send(to);
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, { ok: true });
        assert.equal(t.mail.to(to).length, 1);
        assert.match(t.mail.to(to)[0]!.subject, /Test email/);
        const outbox = await t.ctx.db.selectFrom('emails').selectAll().where('recipient', '=', to).execute();
        assert.equal(outbox.length, 1);
        assert.equal(outbox[0]!.status, 'sent');
      });

      it('the settings smtp_* fields override SMTP_URL', async () => {
        const other = await new SmtpSink({ auth: { user: 'salon', pass: 'right-pass' } }).start();
        try {
          await put({
            smtp_host: '127.0.0.1',
            smtp_port: other.port,
            smtp_user: 'salon',
            smtp_pass: 'right-pass',
            smtp_secure: 0,
            smtp_from: 'desk@salon.example',
          });
          const to = uniqueEmail('override');
          assert.equal((await send(to)).status, 200);
          assert.equal(other.to(to).length, 1);
          assert.equal(other.to(to)[0]!.from, 'desk@salon.example');
          assert.equal(t.mail.to(to).length, 0);

          // Queued mail (welcome email) goes through the same server.
          const email = uniqueEmail('welcome');
          await t.request({
            method: 'POST',
            url: '/api/auth/register',
            token: admin.token,
            payload: { email, name: 'W' },
          });
          await t.drain();
          assert.equal(other.to(email).length, 1);
        } finally {
          await put({ smtp_host: '', smtp_port: null, smtp_user: '', smtp_pass: '', smtp_from: '' });
          await other.stop();
        }
      });

      it("400 with the mail server's error when authentication is refused", async () => {
        const strict = await new SmtpSink({ auth: { user: 'salon', pass: 'right-pass' } }).start();
        try {
          await put({
            smtp_host: '127.0.0.1',
            smtp_port: strict.port,
            smtp_user: 'salon',
            smtp_pass: 'wrong-pass',
            smtp_secure: 0,
          });
          const response = await send(uniqueEmail());
          assert.equal(response.status, 400);
          assert.equal(response.body.code, 'mail_failed');
          assert.match(response.body.error, /Invalid username or password|auth/i);
          assert.ok(!response.body.error.includes('wrong-pass'), 'the password is not echoed');
        } finally {
          await put({ smtp_host: '', smtp_port: null, smtp_user: '', smtp_pass: '' });
          await strict.stop();
        }
      });

      it('400 with the error when the mail server is unreachable', async () => {
        const port = await new Promise<number>((resolve) => {
          const probe = createServer().listen(0, '127.0.0.1', () => {
            const { port: free } = probe.address() as { port: number };
            probe.close(() => resolve(free));
          });
        });
        try {
          await put({ smtp_host: '127.0.0.1', smtp_port: port });
          const response = await send(uniqueEmail());
          assert.equal(response.status, 400);
          assert.equal(response.body.code, 'mail_failed');
          assert.match(response.body.error, /ECONNREFUSED|connect/i);
        } finally {
          await put({ smtp_host: '', smtp_port: null });
        }
      });

      it('400 when no mail server is configured', async () => {
        const bare = await createTestApp(dialect, { smtp: false });
        try {
          const owner = await setupSalon(bare);
          const response = await bare.request({
            method: 'POST',
            url: '/api/settings/test-email',
            token: owner.token,
            payload: { to: uniqueEmail() },
          });
          assert.equal(response.status, 400);
          assert.equal(response.body.code, 'mail_not_configured');
        } finally {
          await bare.close();
        }
      });

      it('needs an admin and a valid address', async () => {
        assert.equal((await send(uniqueEmail(), staff.token)).status, 403);
        assert.equal((await send('nope')).status, 400);
      });
    });
  });
}
