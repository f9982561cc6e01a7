import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError, assertInvalid } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const BLOCKS = [
  { type: 'heading', text: 'Autumn <offer> & more' },
  { type: 'text', text: 'Hello,\nour <script>alert(1)</script> news', stray: 'dropped' },
  { type: 'button', label: 'Book now', href: 'https://salon.test/book' },
  { type: 'divider' },
  {
    type: 'columns',
    columns: [
      [{ type: 'text', text: 'Left column' }],
      [{ type: 'image', src: 'https://salon.test/a.png', alt: 'A picture' }],
    ],
  },
  { type: 'spacer', height: 12 },
  { type: 'footer', text: 'See you soon' },
];

const UNSUBSCRIBE_LINK = /http:\/\/salon\.test\/unsubscribe\?token=([A-Za-z0-9%._-]+)/;

for (const dialect of DIALECTS) {
  describe(`campaigns [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; id: number };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
      await createStaff(t);
    });
    after(() => t.close());

    const create = (payload: object, token = admin.token) =>
      t.request({ method: 'POST', url: '/api/campaigns', token, payload });
    const created = async (payload: object = {}) => {
      const response = await create({ name: 'Autumn', subject: 'Autumn news', blocks: BLOCKS, ...payload });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body;
    };
    const get = (id: number | string) => t.request({ method: 'GET', url: `/api/campaigns/${id}`, token: admin.token });
    const send = (id: number, token = admin.token) =>
      t.request({ method: 'POST', url: `/api/campaigns/${id}/send`, token });
    /** A label no other test uses, so a send reaches only this test's clients. */
    const label = () => `only-${Math.random().toString(36).slice(2, 10)}`;

    describe('auth: every campaign endpoint is Admin, unsubscribe needs none', () => {});

    describe('campaign CRUD (4.9)', () => {
      it('POST creates a draft with name, subject, blocks, segment_filters and zero counts', async () => {
        const body = await created({ segment_filters: { has_phone: true, birthday_months: [3] } });
        assert.equal(body.status, 'draft');
        assert.equal(body.name, 'Autumn');
        assert.equal(body.subject, 'Autumn news');
        assert.deepEqual(body.segment_filters, { has_phone: true, birthday_months: [3] });
        assert.equal(body.blocks.length, BLOCKS.length);
        assert.equal(body.blocks[1].stray, undefined, 'unknown block fields are dropped');
        for (const field of ['recipient_count', 'sent_count', 'failed_count', 'skipped_count', 'pending_count']) {
          assert.equal(body[field], 0, field);
        }
        assert.match(body.created_at, DATETIME);
        assert.equal(body.started_at, null);
        const fetched = await get(body.id);
        assert.equal(fetched.status, 200);
        assert.deepEqual(fetched.body, body);
      });

      it('name, subject and blocks are required; blocks must be a non-empty array', async () => {
        assertInvalid(await create({ subject: 's', blocks: BLOCKS }), 'name');
        assertInvalid(await create({ name: 'n', blocks: BLOCKS }), 'subject');
        assertInvalid(await create({ name: 'n', subject: 's' }), 'blocks');
        assertInvalid(await create({ name: 'n', subject: 's', blocks: [] }), 'blocks');
        assertInvalid(await create({ name: 'n', subject: 's', blocks: 'x' }), 'blocks');
      });

      it('blocks are validated per type: required fields, safe links, known types', async () => {
        const invalid = (blocks: object[]) => create({ name: 'n', subject: 's', blocks });
        assertInvalid(await invalid([{ type: 'button', label: 'Go' }]), 'blocks.0.href');
        assertInvalid(await invalid([{ type: 'button', label: 'Go', href: 'javascript:alert(1)' }]), 'blocks.0.href');
        assertInvalid(await invalid([{ type: 'text' }]), 'blocks.0.text');
        assertInvalid(await invalid([{ type: 'heading', text: '   ' }]), 'blocks.0.text');
        assertInvalid(await invalid([{ type: 'image', src: 'file:///etc/passwd' }]), 'blocks.0.src');
        assertInvalid(await invalid([{ type: 'marquee', text: 'x' }]), 'blocks.0.type');
        assertInvalid(
          await invalid([{ type: 'columns', columns: [[{ type: 'text' }], []] }]),
          'blocks.0.columns.0.0.text',
        );
        assertInvalid(await invalid([{ type: 'columns', columns: [[]] }]), 'blocks.0.columns');
        assertInvalid(await invalid([{ type: 'columns' }]), 'blocks.0.columns');
      });

      it('a block is an object: null, text or a number in place of a block is 400, also inside columns, on every route that takes blocks', async () => {
        const text = { type: 'text', text: 'x' };
        const routes = [
          ['/api/campaigns', { name: 'n', subject: 's' }],
          ['/api/campaigns/templates', { name: 'n' }],
          ['/api/campaigns/followup-steps', { position: 1, delay_days: 1, subject: 's' }],
        ] as const;
        for (const [url, fields] of routes) {
          for (const notABlock of [null, 'text', 7]) {
            const post = (blocks: unknown[]) =>
              t.request({ method: 'POST', url, token: admin.token, payload: { ...fields, blocks } });
            assertInvalid(await post([text, notABlock]), 'blocks.1');
            assertInvalid(await post([{ type: 'columns', columns: [[text], [notABlock]] }]), 'blocks.0.columns.1.0');
          }
        }
      });

      it('segment_filters take only the known filter names: another name is 400, not silently ignored', async () => {
        assertInvalid(
          await create({ name: 'n', subject: 's', blocks: BLOCKS, segment_filters: { label: ['vip'] } }),
          'segment_filters.label',
        );
        assertInvalid(
          await create({ name: 'n', subject: 's', blocks: BLOCKS, segment_filters: { birthday_months: [13] } }),
          'segment_filters.birthday_months.0',
        );
        assertInvalid(
          await create({ name: 'n', subject: 's', blocks: BLOCKS, segment_filters: { gender: 'robot' } }),
          'segment_filters.gender',
        );
      });

      it('GET /campaigns lists newest first, paginated with page', async () => {
        const a = await created({ name: 'List A' });
        const b = await created({ name: 'List B' });
        const all = await t.request({ method: 'GET', url: '/api/campaigns', token: admin.token });
        assert.equal(all.status, 200);
        const ids = all.body.map((c: { id: number }) => c.id);
        assert.ok(ids.indexOf(b.id) < ids.indexOf(a.id));
        const page = await t.request({ method: 'GET', url: '/api/campaigns?page=1&limit=1', token: admin.token });
        assert.equal(page.body.data.length, 1);
        assert.equal(page.body.limit, 1);
        assert.ok(page.body.total >= 2);
      });

      it('PUT changes a draft; GET/PUT/DELETE of an unknown id is 404', async () => {
        const campaign = await created();
        const updated = await t.request({
          method: 'PUT',
          url: `/api/campaigns/${campaign.id}`,
          token: admin.token,
          payload: { subject: 'New subject', segment_filters: { gender: 'female' } },
        });
        assert.equal(updated.status, 200, JSON.stringify(updated.body));
        assert.equal(updated.body.subject, 'New subject');
        assert.equal(updated.body.name, 'Autumn');
        assert.deepEqual(updated.body.segment_filters, { gender: 'female' });
        assertError(await get(999999), 404, 'not_found');
        assertError(
          await t.request({ method: 'PUT', url: '/api/campaigns/999999', token: admin.token, payload: {} }),
          404,
          'not_found',
        );
        assertError(
          await t.request({ method: 'DELETE', url: '/api/campaigns/999999', token: admin.token }),
          404,
          'not_found',
        );
      });

      it('DELETE removes a draft', async () => {
        const campaign = await created();
        const removed = await t.request({ method: 'DELETE', url: `/api/campaigns/${campaign.id}`, token: admin.token });
        assert.equal(removed.status, 200);
        assertError(await get(campaign.id), 404, 'not_found');
      });
    });

    describe('fixed paths are never an id (routing quirk 3)', () => {
      it('/campaigns/segments, /campaigns/templates and /campaigns/render-mjml reach their own routes', async () => {
        const segments = await t.request({ method: 'GET', url: '/api/campaigns/segments', token: admin.token });
        assert.equal(segments.status, 200);
        assert.ok(Array.isArray(segments.body));
        const templates = await t.request({ method: 'GET', url: '/api/campaigns/templates', token: admin.token });
        assert.equal(templates.status, 200);
        assert.ok(Array.isArray(templates.body));
        const rendered = await t.request({
          method: 'POST',
          url: '/api/campaigns/render-mjml',
          token: admin.token,
          payload: {
            mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Fixed</mj-text></mj-column></mj-section></mj-body></mjml>',
          },
        });
        assert.equal(rendered.status, 200);
        // Methods a fixed path does not serve are unknown routes, not a bad campaign id.
        for (const [method, url] of [
          ['PUT', '/api/campaigns/segments'],
          ['DELETE', '/api/campaigns/templates'],
          ['GET', '/api/campaigns/render-mjml'],
        ] as const) {
          assertError(await t.request({ method, url, token: admin.token, payload: {} }), 404, 'not_found');
        }
      });
    });

    describe('POST /campaigns/render-mjml', () => {
      it('returns HTML containing the text of the document', async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/campaigns/render-mjml',
          token: admin.token,
          payload: {
            mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Spring sale at the salon</mj-text><mj-button href="https://salon.test">Book</mj-button></mj-column></mj-section></mj-body></mjml>',
          },
        });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.deepEqual(Object.keys(response.body), ['html']);
        assert.match(response.body.html, /<html/i);
        assert.ok(response.body.html.includes('Spring sale at the salon'));
      });

      it('invalid MJML is 400 invalid_mjml with the validation messages', async () => {
        const response = await t.request({
          method: 'POST',
          url: '/api/campaigns/render-mjml',
          token: admin.token,
          payload: {
            mjml: '<mjml><mj-body><mj-section><mj-column><mj-text foo="bar">x</mj-text><mj-bogus /></mj-column></mj-section></mj-body></mjml>',
          },
        });
        assertError(response, 400, 'invalid_mjml');
        const messages = response.body.details.map((d: { message: string }) => d.message).join('\n');
        assert.match(messages, /Attribute foo is illegal/);
        assert.match(messages, /mj-bogus/);
        assert.ok(!messages.includes(process.cwd()), 'no server paths in the messages');
        assertError(
          await t.request({
            method: 'POST',
            url: '/api/campaigns/render-mjml',
            token: admin.token,
            payload: { mjml: 'not mjml' },
          }),
          400,
          'invalid_mjml',
        );
        assertInvalid(
          await t.request({ method: 'POST', url: '/api/campaigns/render-mjml', token: admin.token, payload: {} }),
          'mjml',
        );
      });
    });

    describe('send (4.9, part 6): one email per recipient, consent and unsubscribe honoured', () => {
      it('bulk_campaigns_enabled off → 409 campaigns_disabled and nothing is enqueued', async () => {
        await setSettings(t, admin.token, { bulk_campaigns_enabled: 0 });
        const campaign = await created();
        assertError(await send(campaign.id), 409, 'campaigns_disabled');
        assert.equal((await get(campaign.id)).body.status, 'draft');
        await setSettings(t, admin.token, { bulk_campaigns_enabled: 1 });
      });

      it('reaches exactly the consenting, subscribed clients with an email who match; each once; then sent', async () => {
        await setSettings(t, admin.token, { bulk_campaigns_enabled: 1 });
        const tag = label();
        const yes1 = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const yes2 = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const noConsent = await createClient(t, admin.token, { marketing_consent: 0, labels: [tag] });
        const noEmail = await createClient(t, admin.token, { email: null, marketing_consent: 1, labels: [tag] });
        const otherLabel = await createClient(t, admin.token, { marketing_consent: 1 });
        const campaign = await created({ segment_filters: { labels: [tag] } });

        const started = await send(campaign.id);
        assert.equal(started.status, 202, JSON.stringify(started.body));
        assert.equal(started.body.status, 'sending');
        assert.equal(started.body.recipient_count, 2);
        assert.equal(started.body.pending_count, 2);
        assert.match(started.body.started_at, DATETIME);

        // A second send, while sending and after, is refused.
        assertError(await send(campaign.id), 409, 'campaign_already_sent');
        // Only a draft may change or go.
        assertError(
          await t.request({
            method: 'PUT',
            url: `/api/campaigns/${campaign.id}`,
            token: admin.token,
            payload: { name: 'x' },
          }),
          409,
          'campaign_not_editable',
        );
        assertError(
          await t.request({ method: 'DELETE', url: `/api/campaigns/${campaign.id}`, token: admin.token }),
          409,
          'campaign_not_editable',
        );

        const jobs = await t.request({ method: 'GET', url: '/api/system/jobs?name=campaign.send', token: admin.token });
        assert.equal(jobs.body.filter((j: { status: string }) => j.status === 'queued').length, 2);

        await t.drain();
        for (const client of [yes1, yes2]) {
          const mails = t.mail.to(client.email!);
          assert.equal(mails.length, 1, `exactly one email to ${client.email}`);
          assert.equal(mails[0]!.subject, 'Autumn news');
        }
        for (const client of [noConsent, otherLabel]) assert.equal(t.mail.to(client.email!).length, 0);
        void noEmail;

        const done = await get(campaign.id);
        assert.equal(done.body.status, 'sent');
        assert.equal(done.body.sent_count, 2);
        assert.equal(done.body.failed_count, 0);
        assert.equal(done.body.pending_count, 0);
        assert.match(done.body.finished_at, DATETIME);
        assertError(await send(campaign.id), 409, 'campaign_already_sent');
        assertError(
          await t.request({
            method: 'PUT',
            url: `/api/campaigns/${campaign.id}`,
            token: admin.token,
            payload: { name: 'x' },
          }),
          409,
          'campaign_not_editable',
        );

        const inbox = await t.request({ method: 'GET', url: '/api/notifications?type=campaign', token: admin.token });
        assert.ok(
          inbox.body.some(
            (n: { type: string; link: string }) => n.type === 'campaign.sent' && n.link === `/campaigns/${campaign.id}`,
          ),
          JSON.stringify(inbox.body),
        );
      });

      it('the email renders the blocks, escapes user text and carries an unsubscribe link', async () => {
        const tag = label();
        const client = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const campaign = await created({ segment_filters: { labels: [tag] } });
        assert.equal((await send(campaign.id)).status, 202);
        await t.drain();
        const [mail] = t.mail.to(client.email!);
        assert.ok(mail);
        assert.ok(mail.html.includes('Autumn &lt;offer&gt; &amp; more'), 'heading escaped');
        assert.ok(!mail.html.includes('<script>alert(1)</script>'), 'no script from user text');
        assert.ok(mail.html.includes('&lt;script&gt;'));
        assert.ok(mail.html.includes('https://salon.test/book'));
        assert.ok(mail.html.includes('Left column'));
        assert.ok(mail.html.includes('https://salon.test/a.png'));
        assert.ok(mail.html.includes('See you soon'));
        assert.match(mail.html, UNSUBSCRIBE_LINK);
        assert.match(mail.text, UNSUBSCRIBE_LINK);
        assert.ok(mail.text.includes('Book now: https://salon.test/book'));
      });

      it('every campaign email has List-Unsubscribe with one-click (RFC 8058); the mail client’s form POST unsubscribes', async () => {
        const tag = label();
        const client = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        await send((await created({ segment_filters: { labels: [tag] } })).id);
        await t.drain();
        const [mail] = t.mail.to(client.email!);
        assert.equal(mail!.header('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
        const header = mail!.header('list-unsubscribe') ?? '';
        const match = /^<http:\/\/salon\.test(\/api\/campaigns\/unsubscribe\/one-click\?token=[A-Za-z0-9%._-]+)>$/.exec(
          header,
        );
        assert.ok(match, header);

        // What Gmail and others send: a form body, no sign-in.
        const forged = await t.request({
          method: 'POST',
          url: match[1]!.replace(/token=\d+/, 'token=1'),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        assertError(forged, 400, 'invalid_token');
        const done = await t.request({
          method: 'POST',
          url: match[1]!,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.deepEqual(done.body, { ok: true });
        const multipart = await t.request({
          method: 'POST',
          url: match[1]!,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
        });
        assert.equal(multipart.status, 200, JSON.stringify(multipart.body));
        const row = await t.ctx.db
          .selectFrom('client_unsubscribes')
          .select('client_id')
          .where('client_id', '=', client.id)
          .executeTakeFirst();
        assert.ok(row, 'on the suppression list');
        // Forms are accepted by this route only.
        assertError(
          await t.request({
            method: 'POST',
            url: '/api/campaigns/unsubscribe',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'token=x',
          }),
          415,
          'unsupported_media_type',
        );
        // The next send leaves them out.
        const next = await send((await created({ segment_filters: { labels: [tag] } })).id);
        assert.equal(next.body.recipient_count, 0);
      });

      it('a campaign without a footer block still carries the unsubscribe link', async () => {
        const tag = label();
        const client = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const campaign = await created({
          blocks: [{ type: 'text', text: 'Plain' }],
          segment_filters: { labels: [tag] },
        });
        await send(campaign.id);
        await t.drain();
        assert.match(t.mail.to(client.email!)[0]!.html, UNSUBSCRIBE_LINK);
      });

      it('the unsubscribe link works without signing in and every later send honours it', async () => {
        const tag = label();
        const leaving = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const staying = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const first = await created({ segment_filters: { labels: [tag] } });
        await send(first.id);
        await t.drain();
        const token = decodeURIComponent(UNSUBSCRIBE_LINK.exec(t.mail.to(leaving.email!)[0]!.html)![1]!);

        const done = await t.request({ method: 'POST', url: '/api/campaigns/unsubscribe', payload: { token } });
        assert.equal(done.status, 200, JSON.stringify(done.body));
        assert.deepEqual(done.body, { ok: true });
        // Again: still fine (a second click).
        assert.equal(
          (await t.request({ method: 'POST', url: '/api/campaigns/unsubscribe', payload: { token } })).status,
          200,
        );

        const second = await created({ segment_filters: { labels: [tag] } });
        const started = await send(second.id);
        assert.equal(started.body.recipient_count, 1);
        await t.drain();
        assert.equal(t.mail.to(leaving.email!).length, 1, 'nothing after the unsubscribe');
        assert.equal(t.mail.to(staying.email!).length, 2);

        // Consent ticked again by staff does not undo the client's own unsubscribe.
        await t.request({
          method: 'PUT',
          url: `/api/clients/${leaving.id}`,
          token: admin.token,
          payload: { marketing_consent: 1 },
        });
        const third = await created({ segment_filters: { labels: [tag] } });
        assert.equal((await send(third.id)).body.recipient_count, 1);
      });

      it('an unsubscribe after the send started is honoured: that recipient is skipped', async () => {
        const tag = label();
        const leaving = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const staying = await createClient(t, admin.token, { marketing_consent: 1, labels: [tag] });
        const warmup = await created({ segment_filters: { labels: [tag] } });
        await send(warmup.id);
        await t.drain();
        const token = decodeURIComponent(UNSUBSCRIBE_LINK.exec(t.mail.to(leaving.email!)[0]!.html)![1]!);

        const campaign = await created({ segment_filters: { labels: [tag] } });
        assert.equal((await send(campaign.id)).body.recipient_count, 2);
        await t.request({ method: 'POST', url: '/api/campaigns/unsubscribe', payload: { token } });
        await t.drain();
        assert.equal(t.mail.to(leaving.email!).length, 1);
        assert.equal(t.mail.to(staying.email!).length, 2);
        const done = await get(campaign.id);
        assert.equal(done.body.status, 'sent');
        assert.equal(done.body.sent_count, 1);
        assert.equal(done.body.skipped_count, 1);
      });

      it('a forged or malformed unsubscribe token is 400 invalid_token and changes nothing', async () => {
        const client = await createClient(t, admin.token, { marketing_consent: 1 });
        for (const token of [`${client.id}.${'A'.repeat(43)}`, 'nonsense', `${client.id}`]) {
          assertError(
            await t.request({ method: 'POST', url: '/api/campaigns/unsubscribe', payload: { token } }),
            400,
            'invalid_token',
          );
        }
        const row = await t.ctx.db
          .selectFrom('clients')
          .select('marketing_consent')
          .where('id', '=', client.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.marketing_consent, 1);
        const suppressed = await t.ctx.db
          .selectFrom('client_unsubscribes')
          .selectAll()
          .where('client_id', '=', client.id)
          .execute();
        assert.deepEqual(suppressed, []);
      });

      it('a send that matches nobody is sent at once with zero recipients', async () => {
        const campaign = await created({ segment_filters: { labels: [label()] } });
        const started = await send(campaign.id);
        assert.equal(started.status, 202);
        assert.equal(started.body.status, 'sent');
        assert.equal(started.body.recipient_count, 0);
      });
    });

    describe('segments and templates (4.9)', () => {
      it('segments: POST saves name and filters, GET lists them, DELETE removes; unknown id 404', async () => {
        const saved = await t.request({
          method: 'POST',
          url: '/api/campaigns/segments',
          token: admin.token,
          payload: { name: 'Birthdays in March', filters: { birthday_months: [3], has_email: true } },
        });
        assert.equal(saved.status, 201, JSON.stringify(saved.body));
        assert.equal(saved.body.name, 'Birthdays in March');
        assert.deepEqual(saved.body.filters, { has_email: true, birthday_months: [3] });
        const list = await t.request({ method: 'GET', url: '/api/campaigns/segments', token: admin.token });
        assert.ok(list.body.some((s: { id: number }) => s.id === saved.body.id));
        assertInvalid(
          await t.request({
            method: 'POST',
            url: '/api/campaigns/segments',
            token: admin.token,
            payload: { name: 'x' },
          }),
          'filters',
        );
        assertInvalid(
          await t.request({
            method: 'POST',
            url: '/api/campaigns/segments',
            token: admin.token,
            payload: { name: 'x', filters: { vip: true } },
          }),
          'filters.vip',
        );
        const removed = await t.request({
          method: 'DELETE',
          url: `/api/campaigns/segments/${saved.body.id}`,
          token: admin.token,
        });
        assert.equal(removed.status, 200);
        assertError(
          await t.request({ method: 'DELETE', url: `/api/campaigns/segments/${saved.body.id}`, token: admin.token }),
          404,
          'not_found',
        );
      });

      it('preview returns the count and first recipients a send would reach', async () => {
        const tag = label();
        const a = await createClient(t, admin.token, { name: 'Anna Preview', marketing_consent: 1, labels: [tag] });
        const b = await createClient(t, admin.token, { name: 'Bea Preview', marketing_consent: 1, labels: [tag] });
        await createClient(t, admin.token, { name: 'Cas Preview', marketing_consent: 0, labels: [tag] });
        const preview = await t.request({
          method: 'POST',
          url: '/api/campaigns/segments/preview',
          token: admin.token,
          payload: { filters: { labels: [tag] }, limit: 1 },
        });
        assert.equal(preview.status, 200, JSON.stringify(preview.body));
        assert.equal(preview.body.count, 2);
        assert.deepEqual(preview.body.recipients, [{ id: a.id, name: 'Anna Preview', email: a.email }]);
        void b;
      });

      it('templates: POST saves name and checked blocks, GET lists them, DELETE removes', async () => {
        const saved = await t.request({
          method: 'POST',
          url: '/api/campaigns/templates',
          token: admin.token,
          payload: { name: 'Newsletter', blocks: BLOCKS },
        });
        assert.equal(saved.status, 201, JSON.stringify(saved.body));
        assert.equal(saved.body.blocks.length, BLOCKS.length);
        const list = await t.request({ method: 'GET', url: '/api/campaigns/templates', token: admin.token });
        assert.ok(list.body.some((s: { id: number }) => s.id === saved.body.id));
        assertInvalid(
          await t.request({
            method: 'POST',
            url: '/api/campaigns/templates',
            token: admin.token,
            payload: { name: 'x', blocks: [{ type: 'button' }] },
          }),
          'blocks.0.href',
        );
        assert.equal(
          (await t.request({ method: 'DELETE', url: `/api/campaigns/templates/${saved.body.id}`, token: admin.token }))
            .status,
          200,
        );
        assertError(
          await t.request({ method: 'DELETE', url: `/api/campaigns/templates/${saved.body.id}`, token: admin.token }),
          404,
          'not_found',
        );
      });
    });
  });
}
