import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from './helpers/assertions.js';
import { createTestApp, PUBLIC_BASE_URL, uniqueEmail, type TestApp } from './helpers/app.js';
import { createClient, createService, setSettings } from './helpers/bookings.js';
import { DIALECTS } from './helpers/database.js';
import { multipartFile, pngOfSize, TINY_PNG } from './helpers/multipart.js';
import { publicBooking, salonDate, setupBookingSalon } from './helpers/public.js';
import type { ReceivedMail } from './helpers/smtp-sink.js';

/*
 * The language, locale and brand of what clients and staff receive: through the API as a
 * salon would use it, read back from the mail server the emails reach.
 */

/** ICU writes no-break spaces in money ("€ 50,00"); compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

for (const dialect of DIALECTS) {
  describe(`messages: languages, locale and brand [${dialect}]`, () => {
    let t: TestApp;
    let admin: { token: string; email: string };
    let staff: { id: number };
    let service: { id: number; name: string };
    let colour: { id: number; name: string };
    let day = 0;
    /** A date of its own for each booking, far ahead. */
    const nextDate = () =>
      `2031-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day++ % 28)).padStart(2, '0')}`;

    before(async () => {
      t = await createTestApp(dialect);
      let rest: { staff: { id: number }; service: { id: number; name: string } };
      ({ admin, ...rest } = await setupBookingSalon(t));
      ({ staff, service } = rest);
      colour = await createService(t, admin.token, { name: 'Colour', duration_min: 90 });
      await setSettings(t, admin.token, {
        salon_address: 'Kerkstraat 1',
        salon_postcode: '1017 GA',
        salon_city: 'Amsterdam',
        salon_phone: '+31 20 123 4567',
      });
    });
    after(() => t.close());

    const request = async (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) => {
      const response = await t.request({ method, url, token: admin.token, ...(payload ? { payload } : {}) });
      assert.ok(response.status < 300, `${method} ${url}: ${JSON.stringify(response.body)}`);
      return response.body;
    };
    /** A booking of `minutes` from `start` (salon wall-clock time) for the client; its emails sent. */
    const book = async (clientId: number, start: string, minutes = 60) => {
      const end = new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + minutes * 60_000).toISOString();
      const booking = await request('POST', '/api/bookings', {
        client_id: clientId,
        staff_id: staff.id,
        service_id: service.id,
        start_at: start,
        end_at: `${end.slice(0, 10)} ${end.slice(11, 19)}`,
        // Lengths other than the service's own, outside any shift: the desk may.
        override: true,
      });
      await t.drain();
      return booking as { id: number };
    };
    const only = (email: string, subject?: RegExp): ReceivedMail => {
      const mails = t.mail.to(email).filter((mail) => !subject || subject.test(mail.subject));
      assert.equal(mails.length, 1, mails.map((mail) => mail.subject).join(' | '));
      return mails[0]!;
    };

    it('a Dutch client gets Dutch texts with Dutch dates: subject, html and text (the salon writes English)', async () => {
      const client = await createClient(t, admin.token, { name: 'Nina de Vries', language: 'nl' });
      const booking = await book(client.id, '2031-11-28 14:30:00', 150);
      const mail = only(client.email!);
      assert.equal(mail.subject, 'Je afspraak bij Studio Test op vrijdag 28 november 2031');
      for (const part of [mail.text, mail.html]) {
        assert.ok(part.includes('Hallo Nina,'), part);
        assert.ok(part.includes('Je afspraak staat vast'), part);
        assert.ok(part.includes(`${service.name} bij `), part);
        assert.ok(part.includes('Wanneer: vrijdag 28 november 2031 om 14:30'), part);
        assert.ok(part.includes('Duur: 2 uur 30 min'), part);
        assert.ok(!/Hello|Your appointment/.test(part), 'no English left');
      }
      // The client's action links, as buttons in their language.
      for (const label of ['Ik kom zeker', 'Afspraak verzetten', 'Afspraak annuleren']) {
        assert.ok(mail.html.includes(label), label);
        assert.match(mail.text, new RegExp(`${label}: http://salon\\.test/booking/\\w+\\?token=`));
      }
      // The outbox keeps the language it wrote in: the body, rendered when sent, follows it.
      const row = await t.ctx.db
        .selectFrom('emails')
        .select(['language', 'subject'])
        .where('recipient', '=', client.email!)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { language: 'nl', subject: mail.subject });
      // And its preview is what was sent. (The confirmation carries the client's links, a
      // credential the outbox forgets once sent, so the cancellation is the one shown.)
      await request('DELETE', `/api/bookings/${booking.id}`);
      await t.drain();
      const cancellation = only(client.email!, /geannuleerd/);
      const rows = await request('GET', `/api/system/emails?to=${encodeURIComponent(client.email!)}`);
      const listed = (Array.isArray(rows) ? rows : rows.data) as { id: number; subject: string }[];
      const preview = await request(
        'GET',
        `/api/system/emails/${listed.find((row) => row.subject === cancellation.subject)!.id}`,
      );
      assert.equal(preview.subject, cancellation.subject);
      assert.ok(preview.text.includes('Duur: 2 uur 30 min'), preview.text);
    });

    it('a salon with language en and a client without language gets English', async () => {
      const client = await createClient(t, admin.token, { name: 'Emma Stone' });
      await book(client.id, '2031-11-28 09:00:00', 45);
      const mail = only(client.email!);
      assert.equal(mail.subject, 'Your appointment at Studio Test on Friday 28 November 2031');
      assert.ok(mail.text.includes('Hello Emma,'));
      assert.ok(mail.text.includes('When: Friday 28 November 2031 at 09:00'), mail.text);
      assert.ok(mail.text.includes('Duration: 45 min'), mail.text);
    });

    it("the salon's language is normalised: nl-BE writes Dutch, a language we do not write (de) English", async () => {
      await setSettings(t, admin.token, { language: 'nl-BE' });
      try {
        const dutch = await createClient(t, admin.token, { name: 'Bram' });
        await book(dutch.id, `${nextDate()} 10:00:00`);
        assert.match(only(dutch.email!).subject, /^Je afspraak bij Studio Test op \w+dag \d+ \w+ 2031$/);
        await setSettings(t, admin.token, { language: 'de' });
        const other = await createClient(t, admin.token, { name: 'Dieter' });
        await book(other.id, `${nextDate()} 10:00:00`);
        assert.match(only(other.email!).subject, /^Your appointment at Studio Test on/);
      } finally {
        await setSettings(t, admin.token, { language: 'en' });
      }
    });

    it('time_format 12h shows "2:30 PM"', async () => {
      await setSettings(t, admin.token, { time_format: '12h' });
      try {
        const client = await createClient(t, admin.token, { name: 'Tim' });
        await book(client.id, '2031-12-05 14:30:00');
        const mail = only(client.email!);
        assert.ok(mail.text.includes('When: Friday 5 December 2031 at 2:30 PM'), mail.text);
        assert.ok(mail.html.includes('2:30 PM'));
      } finally {
        await setSettings(t, admin.token, { time_format: '24h' });
      }
    });

    it('money in the locale: a gift card from a Dutch salon reads "€ 50,00", from an English one "€50.00"', async () => {
      await setSettings(t, admin.token, { language: 'nl' });
      try {
        const to = uniqueEmail('gift');
        await request('POST', '/api/giftcards', { amount: 50, recipient_email: to, recipient_name: 'Grace' });
        await t.drain();
        const mail = only(to);
        assert.equal(plain(mail.subject), 'Je cadeaubon van € 50,00 voor Studio Test');
        assert.ok(plain(mail.text).includes('ter waarde van € 50,00'), mail.text);
      } finally {
        await setSettings(t, admin.token, { language: 'en' });
      }
      const to = uniqueEmail('gift');
      await request('POST', '/api/giftcards', { amount: 50, recipient_email: to });
      await t.drain();
      assert.equal(only(to).subject, 'Your €50.00 gift card for Studio Test');
    });

    it("the salon's brand in the email: name, address, postcode, city, phone; the logo once one is uploaded", async () => {
      const before = await createClient(t, admin.token, { name: 'Lola' });
      await book(before.id, `${nextDate()} 11:00:00`);
      const plainMail = only(before.email!);
      for (const part of [plainMail.text, plainMail.html]) {
        assert.ok(part.includes('Kerkstraat 1, 1017 GA Amsterdam'), part);
        assert.ok(part.includes('+31 20 123 4567'), part);
        assert.ok(part.includes('Studio Test'));
      }
      assert.ok(!plainMail.html.includes('/api/settings/logo'), 'no logo before one is uploaded');

      const file = multipartFile('logo', 'logo.png', 'image/png', TINY_PNG);
      const uploaded = await t.request({
        method: 'POST',
        url: '/api/settings/upload-logo',
        token: admin.token,
        payload: file.payload,
        headers: file.headers,
      });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      const after = await createClient(t, admin.token, { name: 'Mila' });
      await book(after.id, `${nextDate()} 11:00:00`);
      const branded = only(after.email!);
      assert.match(branded.html, new RegExp(`<img[^>]+src="${PUBLIC_BASE_URL}/api/settings/logo\\?v=[0-9a-f]+"`));
      assert.ok(branded.html.includes('Kerkstraat 1, 1017 GA Amsterdam'));
    });

    it('the logo is sized for a phone: fitted into 200 × 72 pixels with its proportions, never enlarged; an SVG logo gives way to the name', async () => {
      const logoInMail = async (filename: string, type: string, data: Buffer) => {
        const file = multipartFile('logo', filename, type, data);
        const uploaded = await t.request({
          method: 'POST',
          url: '/api/settings/upload-logo',
          token: admin.token,
          payload: file.payload,
          headers: file.headers,
        });
        assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
        const client = await createClient(t, admin.token, { name: `Logo ${filename}` });
        await book(client.id, `${nextDate()} 11:00:00`);
        const html = only(client.email!).html;
        return /<img[^>]+src="[^"]*\/api\/settings\/logo[^>]*>/.exec(html)?.[0] ?? null;
      };
      // A tall logo (400 × 800) is as tall as the box allows: 36 × 72.
      const tall = await logoInMail('tall.png', 'image/png', pngOfSize(400, 800));
      assert.match(tall ?? '', /width="36"/);
      assert.match(tall ?? '', /height="72"/);
      // A wide one (1000 × 200) as wide: 200 × 40.
      const wide = await logoInMail('wide.png', 'image/png', pngOfSize(1000, 200));
      assert.match(wide ?? '', /width="200"/);
      assert.match(wide ?? '', /height="40"/);
      // A small one (90 × 30) keeps its size: enlarged it would blur.
      const small = await logoInMail('small.png', 'image/png', pngOfSize(90, 30));
      assert.match(small ?? '', /width="90"/);
      assert.match(small ?? '', /height="30"/);
      // Gmail and Outlook show no SVG: the email names the salon instead.
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect width="100" height="40"/></svg>',
      );
      assert.equal(await logoInMail('logo.svg', 'image/svg+xml', svg), null);
    });

    it('a visit of several services gets one confirmation listing its parts in order, and one cancellation', async () => {
      const client = await createClient(t, admin.token, { name: 'Vera Visit', language: 'nl' });
      const date = '2031-11-27';
      const visit = await request('POST', '/api/bookings/visits', {
        client_id: client.id,
        start_at: `${date} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: staff.id },
          { service_id: service.id, staff_id: staff.id },
        ],
      });
      await t.drain();
      const confirmation = only(client.email!);
      assert.equal(confirmation.subject, 'Je afspraak bij Studio Test op donderdag 27 november 2031');
      const colourAt = confirmation.text.indexOf(`10:00 Colour bij`);
      const cutAt = confirmation.text.indexOf(`11:30 ${service.name} bij`);
      assert.ok(colourAt >= 0 && cutAt > colourAt, `the parts in order: ${confirmation.text}`);
      assert.ok(confirmation.text.includes('Duur: 2 uur 30 min'), 'the whole visit');
      const ics = confirmation.attachments.filter((part) => part.contentType === 'text/calendar');
      assert.equal(ics.length, 1, 'one calendar event for the visit');
      assert.match(ics[0]!.content, /UID:visit-\d+@/);

      await request('DELETE', `/api/bookings/visits/${visit.id}`);
      await t.drain();
      const cancellation = only(client.email!, /geannuleerd/);
      assert.ok(cancellation.text.indexOf('Colour') < cancellation.text.indexOf(service.name));
      assert.equal(t.mail.to(client.email!).length, 2, 'one confirmation, one cancellation');
    });

    it('cancelling one part of a visit tells the client once what remains, and updates (not removes) its event', async () => {
      const client = await createClient(t, admin.token, { name: 'Pia Part' });
      const visit = await request('POST', '/api/bookings/visits', {
        client_id: client.id,
        start_at: `${nextDate()} 10:00`,
        parts: [
          { service_id: colour.id, staff_id: staff.id },
          { service_id: service.id, staff_id: staff.id },
        ],
      });
      await t.drain();
      await request('DELETE', `/api/bookings/${visit.bookings[1].id}`);
      await t.drain();
      const changed = only(client.email!, /has moved/);
      assert.ok(changed.text.includes('Colour with'), changed.text);
      assert.ok(!changed.text.includes(`${service.name} with`), 'the cancelled part is not listed');
      const ics = changed.attachments.find((part) => part.contentType === 'text/calendar');
      assert.match(ics!.content, /METHOD:REQUEST/);
    });

    it("the client's language is set and returned on the client API, /api/public/me and a new client's public booking", async () => {
      const created = await request('POST', '/api/clients', {
        name: 'Lars',
        email: uniqueEmail('lars'),
        language: 'nl',
      });
      assert.equal(created.language, 'nl');
      assert.equal((await request('GET', `/api/clients/${created.id}`)).language, 'nl');
      assert.equal((await request('PUT', `/api/clients/${created.id}`, { language: null })).language, null);
      assert.equal((await request('PUT', `/api/clients/${created.id}`, { language: 'en' })).language, 'en');
      assertError(
        await t.request({
          method: 'PUT',
          url: `/api/clients/${created.id}`,
          token: admin.token,
          payload: { language: 'de' },
        }),
        400,
        'validation_failed',
      );

      // The booking page sends the browser's language for a new client.
      const email = uniqueEmail('web');
      const booked = await publicBooking(t, {
        service_id: service.id,
        start_at: `${salonDate(5)} 10:00`,
        client_email: email,
        client_name: 'Wim Web',
        language: 'nl',
      });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      await t.drain();
      assert.match(only(email).subject, /^Je afspraak bij Studio Test op /);

      // The client reads and changes it on their account.
      await t.request({ method: 'POST', url: '/api/public/client-magic-link', payload: { email } });
      await t.drain();
      const magic = /client\/magic\?token=([A-Za-z0-9_%-]+)/.exec(t.mail.to(email).at(-1)!.text)![1]!;
      assert.match(t.mail.to(email).at(-1)!.subject, /^Je inloglink voor Studio Test$/, 'in their language');
      const verified = await t.request({
        method: 'GET',
        url: `/api/public/client-verify-magic?token=${magic}`,
      });
      const clientToken = verified.body.clientToken as string;
      const me = await t.request({ method: 'GET', url: '/api/public/me', token: clientToken });
      assert.equal(me.body.language, 'nl');
      const changed = await t.request({
        method: 'PUT',
        url: '/api/public/me',
        token: clientToken,
        payload: { language: 'en' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.language, 'en');
    });

    it("staff emails are in the salon's language: a new staff member's welcome in a Dutch salon", async () => {
      await setSettings(t, admin.token, { language: 'nl' });
      try {
        const email = uniqueEmail('staff');
        await request('POST', '/api/auth/register', { email, name: 'Sanne' });
        await t.drain();
        const welcome = only(email);
        assert.equal(welcome.subject, 'Je account bij Studio Test');
        assert.match(welcome.text, /Tijdelijk wachtwoord: \S+/);
      } finally {
        await setSettings(t, admin.token, { language: 'en' });
      }
    });
  });
}
