import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../../test/helpers/assertions.js';
import { createStaff, createTestApp, setupSalon, type TestApp } from '../../../test/helpers/app.js';
import { createClient, setSettings } from '../../../test/helpers/bookings.js';
import { DIALECTS } from '../../../test/helpers/database.js';
import { readSettings } from '../../db/settings.js';
import { brandOf } from '../../mail/render-email.js';
import { renderSms } from '../../mail/render-sms.js';
import { EDITABLE_MESSAGES, catalogueText, editableMessage, placeholdersOf } from '../../messages/index.js';

describe('editable messages: the catalogue defaults', () => {
  it("every editable message's default texts use only the placeholders it allows", () => {
    for (const message of EDITABLE_MESSAGES) {
      for (const language of ['en', 'nl'] as const) {
        const texts = [catalogueText(language, message.bodyKey)];
        if (message.subjectKey) texts.push(catalogueText(language, message.subjectKey));
        for (const text of texts) {
          for (const name of placeholdersOf(text)) {
            assert.ok(message.placeholders.includes(name), `${message.key} ${language}: {${name}}`);
          }
        }
      }
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`editable messages and campaign merge tags [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string };

    before(async () => {
      t = await createTestApp(dialect);
      admin = await setupSalon(t);
    });
    after(() => t.close());

    const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });

    it('lists every client message with channel, description, placeholders and its text per language', async () => {
      const response = await call('GET', '/api/settings/messages');
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const confirmed = response.body.find((m: { key: string }) => m.key === 'booking.confirmed');
      assert.equal(confirmed.channel, 'email');
      assert.ok(confirmed.placeholders.includes('client_first_name'));
      assert.equal(confirmed.texts.nl.subject, 'Je afspraak bij {salon_name} op {date}');
      assert.equal(confirmed.texts.en.is_default, true);
      assert.equal(response.body.length, EDITABLE_MESSAGES.length);
      assertError(await call('GET', '/api/settings/messages/nope.nothing'), 404, 'not_found');
    });

    it("a saved text is used for the client's next email; reset brings the default back", async () => {
      const saved = await call('PUT', '/api/settings/messages/booking.confirmed/en', {
        subject: 'See you {date}, {client_first_name}!',
        body: 'Hi {client_first_name},\n\nYour {service} with {staff} is booked. <b>Bring</b> nothing.',
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.texts.en.is_default, false);
      assert.equal(saved.body.texts.nl.is_default, true, 'the other language keeps its default');

      const staff = await createStaff(t);
      const client = await createClient(t, admin.token, { name: 'Ida Edit' });
      const booked = await call('POST', '/api/bookings', {
        client_id: client.id,
        staff_id: staff.id,
        service_id: (await call('POST', '/api/services', { name: 'Trim', duration_min: 60, price: 30 })).body.id,
        start_at: '2031-11-28 10:00:00',
        end_at: '2031-11-28 11:00:00',
        override: true,
      });
      assert.equal(booked.status, 200, JSON.stringify(booked.body));
      await t.drain();
      const [mail] = t.mail.to(client.email!);
      assert.equal(mail!.subject, 'See you Friday 28 November 2031, Ida!');
      assert.ok(mail!.text.includes('Your Trim with'), mail!.text);
      assert.ok(mail!.text.includes('When: Friday 28 November 2031 at 10:00'), 'the details block stays');
      assert.ok(mail!.html.includes('&lt;b&gt;Bring&lt;/b&gt;'), 'the text is escaped, not markup');

      const reset = await call('DELETE', '/api/settings/messages/booking.confirmed/en');
      assert.equal(reset.status, 200);
      assert.equal(reset.body.texts.en.is_default, true);
      assert.equal(reset.body.texts.en.subject, 'Your appointment at {salon_name} on {date}');
    });

    it('an unknown placeholder is 400 naming it; a text that does not parse is 400; an unknown language 404', async () => {
      const unknown = await call('PUT', '/api/settings/messages/booking.cancelled/nl', {
        subject: 'Geannuleerd',
        body: 'Hoi {first_name}, tot {start}',
      });
      assertError(unknown, 400, 'unknown_placeholder');
      assert.equal(unknown.body.details[0].field, 'body');
      assert.match(unknown.body.details[0].message, /\{first_name\}/);
      assertError(
        await call('PUT', '/api/settings/messages/booking.cancelled/nl', { subject: 'Hoi {client_name', body: 'x' }),
        400,
        'invalid_message',
      );
      assertError(
        await call('PUT', '/api/settings/messages/booking.cancelled/nl', { body: 'x' }),
        400,
        'validation_failed',
      );
      assertError(
        await call('PUT', '/api/settings/messages/booking.cancelled/de', { subject: 'x', body: 'x' }),
        404,
        'not_found',
      );
      const still = await call('GET', '/api/settings/messages/booking.cancelled');
      assert.equal(still.body.texts.nl.is_default, true, 'nothing saved');
    });

    it('preview renders subject, html and text with sample data, for the text in use and for an unsaved draft', async () => {
      const current = await call('POST', '/api/settings/messages/booking.updated/preview', { language: 'nl' });
      assert.equal(current.status, 200, JSON.stringify(current.body));
      assert.equal(current.body.subject, 'Je afspraak bij Studio Test is verzet');
      assert.ok(current.body.text.includes('Wanneer: vrijdag 28 november 2031 om 14:30'), current.body.text);
      assert.match(current.body.html, /<html/);
      const draft = await call('POST', '/api/settings/messages/booking.updated/preview', {
        language: 'nl',
        body: 'Hoi {client_first_name}, je afspraak is verplaatst naar {start}.',
      });
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      assert.ok(
        draft.body.text.includes('Hoi Anna, je afspraak is verplaatst naar vrijdag 28 november 2031 om 14:30.'),
      );
      assertError(
        await call('POST', '/api/settings/messages/booking.updated/preview', { language: 'nl', body: '{nope}' }),
        400,
        'unknown_placeholder',
      );
      const unchanged = await call('GET', '/api/settings/messages/booking.updated');
      assert.equal(unchanged.body.texts.nl.is_default, true, 'a preview saves nothing');
    });

    it('the SMS reminder is editable per language: body only, previewed as a text message, used for the next reminder', async () => {
      const saved = await call('PUT', '/api/settings/messages/sms.reminder/nl', {
        body: 'Tot {start}, {client_first_name}! {service} bij {salon_name}.',
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.channel, 'sms');
      assert.equal(saved.body.texts.nl.subject, null);
      const preview = await call('POST', '/api/settings/messages/sms.reminder/preview', { language: 'nl' });
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.equal(preview.body.subject, null);
      assert.equal(preview.body.html, null);
      const [first, ...rest] = (preview.body.text as string).split('\n');
      assert.equal(first, 'Tot vrijdag 28 november 2031 om 14:30, Anna! Cut and blow-dry bij Studio Test.');
      assert.ok(
        rest.some((line) => line.startsWith('Afspraak annuleren: https://')),
        preview.body.text,
      );
      // What the reminder job sends: the saved Dutch text; English keeps the default.
      const brand = brandOf(await readSettings(t.ctx.db), t.ctx.config.publicBaseUrl);
      const data = editableMessage('sms.reminder')!.sample as never;
      assert.match(await renderSms(t.ctx.db, 'sms.reminder', data, brand, 'nl'), /^Tot vrijdag 28 november 2031/);
      assert.match(await renderSms(t.ctx.db, 'sms.reminder', data, brand, 'en'), /^Reminder: your appointment at /);
      assertError(
        await call('PUT', '/api/settings/messages/sms.reminder/nl', { body: 'Tot {start} {link}' }),
        400,
        'unknown_placeholder',
      );
      assert.equal((await call('DELETE', '/api/settings/messages/sms.reminder/nl')).status, 200);
    });

    it('campaign merge tags: unknown tag is 400 naming it when saved; filled (escaped) per recipient', async () => {
      await setSettings(t, admin.token, { bulk_campaigns_enabled: 1 });
      const bad = await call('POST', '/api/campaigns', {
        name: 'Tags',
        subject: 'Hi {first_name}',
        blocks: [{ type: 'text', text: 'x' }],
      });
      assertError(bad, 400, 'unknown_placeholder');
      assert.equal(bad.body.details[0].field, 'subject');
      assert.match(bad.body.error, /\{first_name\}/);
      const badBlock = await call('POST', '/api/campaigns', {
        name: 'Tags',
        subject: 'Hi',
        blocks: [{ type: 'text', text: 'Dear {nickname}' }],
      });
      assertError(badBlock, 400, 'unknown_placeholder');
      assert.equal(badBlock.body.details[0].field, 'blocks.0.text');

      const tag = `merge-${Date.now()}`;
      const client = await createClient(t, admin.token, {
        name: 'Zoë <Z> Zee',
        marketing_consent: 1,
        labels: [tag],
      });
      const campaign = await call('POST', '/api/campaigns', {
        name: 'Tags',
        subject: 'News for {client_first_name}',
        blocks: [
          { type: 'heading', text: 'Hello {client_name}' },
          { type: 'text', text: '{salon_name} has news.' },
        ],
        segment_filters: { labels: [tag] },
      });
      assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
      const sent = await call('POST', `/api/campaigns/${campaign.body.id}/send`);
      assert.equal(sent.status, 202, JSON.stringify(sent.body));
      await t.drain();
      const [mail] = t.mail.to(client.email!);
      assert.equal(mail!.subject, 'News for Zoë');
      assert.ok(mail!.text.includes('Hello Zoë <Z> Zee'));
      assert.ok(mail!.text.includes('Studio Test has news.'));
      assert.ok(mail!.html.includes('Hello Zoë &lt;Z&gt; Zee'), 'escaped in the HTML');
    });
  });
}
