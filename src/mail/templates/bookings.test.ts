import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderEmail } from '../render-email.js';
import type { Brand } from './layout.js';

const brand: Brand = {
  salonName: 'Studio <Noord>',
  logoUrl: null,
  address: 'Kerkstraat 1',
  postcode: '1017 GA',
  city: 'Amsterdam',
  phone: '+31 20 123 4567',
  language: 'en',
  timeFormat: '24h',
  currency: 'EUR',
};

const booking = {
  clientName: 'Ann <b>Bold</b>',
  serviceName: 'Balayage',
  staffName: 'Kim',
  startAt: '2031-11-28 14:30:00',
  endAt: '2031-11-28 16:00:00',
};

const links = {
  attendUrl: 'https://salon.test/booking/attend?token=a',
  cancelUrl: 'https://salon.test/booking/cancel?token=c',
  moveUrl: 'https://salon.test/booking/move?token=m',
};

const render = (template: string, data: object, language = 'en') =>
  renderEmail({ template, data: JSON.stringify(data), language }, brand);

describe('booking email templates', () => {
  it("action links, when the data carries them, are buttons: confirm I'll be there, move, cancel", async () => {
    const email = await render('booking.confirmed', { ...booking, links });
    for (const [label, url] of [
      ["Confirm I'll be there", links.attendUrl],
      ['Move appointment', links.moveUrl],
      ['Cancel appointment', links.cancelUrl],
    ] as const) {
      assert.ok(email.text.includes(`${label}: ${url}`), email.text);
      assert.ok(email.html.includes(`href="${url}"`), url);
    }
    assert.ok(email.html.includes('Confirm I&#39;ll be there'));
  });

  it('no attend link: no attend button; no links at all: no action buttons', async () => {
    const { attendUrl: _, ...withoutAttend } = links;
    const partly = await render('booking.updated', { ...booking, links: withoutAttend }, 'nl');
    assert.ok(!partly.html.includes('Ik kom zeker'));
    assert.ok(partly.html.includes('Afspraak verzetten') && partly.html.includes('Afspraak annuleren'));
    const none = await render('booking.confirmed', booking);
    assert.ok(!none.html.includes('Cancel appointment') && !none.text.includes('Move appointment'));
  });

  it('every booking email shows service, staff, start and duration; names and brand are escaped in HTML', async () => {
    for (const template of [
      'booking.confirmed',
      'booking.waitlist_confirmed',
      'booking.updated',
      'booking.cancelled',
    ]) {
      const email = await render(template, booking);
      assert.ok(email.text.includes('Balayage with Kim'), template);
      assert.ok(email.text.includes('When: Friday 28 November 2031 at 14:30'), template);
      assert.ok(email.text.includes('Duration: 1 h 30 min'), template);
      assert.ok(email.text.includes('Hello Ann,'), template);
      assert.ok(!email.html.includes('<b>Bold</b>') && !email.html.includes('Studio <Noord>'), template);
    }
    const extras = {
      'booking.provisional': { confirmUrl: 'https://x.test/c', declineUrl: 'https://x.test/d' },
      'booking.review_request': { reviewUrl: 'https://x.test/r' },
      'booking.followup': { bookUrl: 'https://x.test/b' },
      'booking.request': { link: 'https://x.test/l' },
    };
    for (const [template, extra] of Object.entries(extras)) {
      const email = await render(template, { ...booking, ...extra });
      assert.ok(email.text.includes('When: Friday 28 November 2031 at 14:30'), template);
      assert.ok(email.text.includes('Duration: 1 h 30 min'), template);
    }
  });
});
