import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Frame, Locator, Page } from 'playwright-core';
import { uniqueEmail } from '../../test/helpers/app.js';
import { setSettings } from '../../test/helpers/bookings.js';
import { offeredStarts, salonDate, setupBookingSalon } from '../../test/helpers/public.js';
import { choose, dayButton, DESKTOP, HAS_FOCUS, PHONE, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The booking page embedded in another site, as the salon's website would: a host page on
 * another origin (localhost, while the service is 127.0.0.1) with a strict CSP of its own, the
 * snippet `/embed.js` and its two forms (the inline booking page, the "Book" button). Booked
 * inside the frame; the frame fits its content, stores nothing, sets no cookie, tells the host
 * only its height and that a booking was made; the button's dialog traps focus, closes on
 * Escape and gives focus back.
 */

/** The salon's website: a few pages on another origin that embed the booking page. */
async function startHostSite(salon: string): Promise<{ origin: string; server: Server }> {
  const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p><a href="/prices">Our prices</a></p>
      ${body}
    </main>
    <script src="/record.js"></script>
    <script src="${salon}/embed.js"></script>
  </body>
</html>`;
  const pages: Record<string, string> = {
    '/inline': page('Studio Test: book online', '<div data-salon-booking></div>'),
    '/button': page(
      'Studio Test',
      `<p><a href="${salon}/book" data-salon-book-button>Book an appointment</a></p><p><a href="/contact">Contact</a></p>`,
    ),
    '/elsewhere': page(
      'Studio Test: not for framing',
      `<iframe src="${salon}/client/bookings" title="Your bookings"></iframe>`,
    ),
    // What the host page hears from the salon's frames, for the test to read.
    '/record.js': `window.salonMessages = [];
window.salonBooked = 0;
addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(salon)}) window.salonMessages.push(event.data);
});
document.addEventListener('salon:booked', () => { window.salonBooked += 1; });`,
  };
  const server = createServer((request, response) => {
    const body = pages[request.url ?? ''];
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': request.url?.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
      // A careful host: scripts from itself and the salon only, no inline style or script.
      'content-security-policy': `default-src 'self'; script-src 'self' ${salon}; frame-src ${salon}; style-src 'self'; img-src 'self' data:`,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, server };
}

/** The frame's document, for what only a script inside it can see. */
async function frameOf(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle())?.contentFrame();
  assert.ok(frame, 'the iframe has a document');
  return frame;
}

/** Waits until the iframe is exactly as tall as its content, with no scrollbar of its own; returns its height. */
async function fitted(iframe: Locator, minimum = 0): Promise<number> {
  const frame = await frameOf(iframe);
  let last = '';
  for (let i = 0; i < 100; i++) {
    const inner = await frame.evaluate(() => {
      const inside = globalThis as any;
      const root = inside.document.documentElement;
      return {
        content: Math.ceil(root.getBoundingClientRect().height as number),
        scrollHeight: root.scrollHeight as number,
        scrollWidth: root.scrollWidth as number,
        width: inside.innerWidth as number,
        height: inside.innerHeight as number,
      };
    });
    const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
    last = JSON.stringify({ ...inner, iframe: outer });
    if (
      outer >= minimum &&
      Math.abs(outer - inner.content) <= 1 &&
      inner.scrollHeight <= inner.height &&
      inner.scrollWidth <= inner.width
    ) {
      return outer;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`the iframe never fitted its content: ${last}`);
}

/** The length of the host tab's history. */
const historyLength = (page: Page) => page.evaluate(() => (globalThis as any).history.length as number);

/**
 * Whatever the frame keeps in the browser: cookies (of any site) and its storage (a browser that
 * blocks a third-party frame's storage throws on access: nothing stored either).
 */
async function storedByFrame(page: Page, frame: Frame) {
  const inside = await frame.evaluate(() => {
    const frameWindow = globalThis as any;
    let storage = { local: 0, session: 0 };
    try {
      storage = {
        local: frameWindow.localStorage.length as number,
        session: frameWindow.sessionStorage.length as number,
      };
    } catch {
      // Blocked.
    }
    return { cookie: frameWindow.document.cookie as string, ...storage };
  });
  return { cookies: await page.context().cookies(), ...inside };
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`the booking page embedded in another site, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let host: { origin: string; server: Server };
    let admin: { token: string };
    let service: { id: number; name: string };

    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      ({ admin, service } = await setupBookingSalon(h.t));
      await setSettings(h.t, admin.token, { calendar_slot_min: 60, booking_min_lead_hours: 0 });
      host = await startHostSite(h.base);
    });
    after(async () => {
      await new Promise((resolve) => host.server.close(resolve));
      await h.close();
    });

    /** The page's problems, less the host site's own requests (the test's other origin). */
    const problems = (watch: { problems: string[] }) => watch.problems.filter((line) => !line.includes(host.origin));

    it('inline on a phone: booked inside the frame, which fits its content, stores nothing and tells the host only its height and the booking', async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto(`${host.origin}/inline`);
      const iframe = page.locator('[data-salon-booking] iframe');
      const frame = page.frameLocator('[data-salon-booking] iframe');
      await frame.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      assert.equal(await iframe.getAttribute('title'), 'Book an appointment');
      assert.match(String(await iframe.getAttribute('src')), /\/book\?embed=1&lang=en$/);
      // No salon chrome: the host has its own name, navigation and skip link.
      assert.equal(await frame.getByRole('link', { name: 'Skip to content' }).count(), 0);
      assert.equal(await frame.getByRole('heading', { name: 'Opening hours' }).count(), 0);
      await frame.getByRole('radiogroup', { name: 'Language' }).waitFor();
      const first = await fitted(iframe);
      const entries = await historyLength(page);
      await assertAccessible(page, 'the host page with the booking page embedded');

      await choose(frame.getByRole('checkbox', { name: new RegExp(service.name) }));
      await frame.getByRole('heading', { name: '3. Choose a day' }).waitFor();
      const grown = await fitted(iframe, first + 100);
      const date = salonDate(2);
      await (await dayButton(frame, date, 'en-GB', 'Next month')).click();
      const [start] = await offeredStarts(h.t, { date, service_id: service.id });
      await choose(frame.getByRole('radio', { name: new RegExp(`${start} to`) }));
      await fitted(iframe, grown);
      // Embedded, the choices replace the frame's address: the host's Back button is the host's.
      assert.equal(await historyLength(page), entries);
      const email = uniqueEmail('embed');
      // No sign-in offer in the frame: it carries no session, and a sign-in page would take the host's frame.
      assert.equal(await frame.getByRole('link', { name: 'Sign in' }).count(), 0);
      await frame.getByLabel('Name', { exact: true }).fill('Ilse Iframe');
      await frame.getByLabel('Email', { exact: true }).fill(email);
      await assertAccessible(page, 'the embedded booking page filled in');
      await frame.getByRole('button', { name: 'Book' }).click();
      await frame.getByRole('heading', { name: "You're booked" }).waitFor();
      await fitted(iframe);
      await assertAccessible(page, 'booked inside the frame');

      // Switching the language inside the frame keeps it in the frame's address, not in storage.
      await frame.getByRole('radio', { name: 'Nederlands' }).click();
      await frame.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
      const inside = await frameOf(iframe);
      assert.match(inside.url(), /[?&]lang=nl/);
      assert.deepEqual(await storedByFrame(page, inside), { cookies: [], cookie: '', local: 0, session: 0 });

      const heard = await page.evaluate(() => ({
        messages: (globalThis as any).salonMessages as unknown[],
        booked: (globalThis as any).salonBooked as number,
      }));
      assert.equal(heard.booked, 1);
      assert.deepEqual(
        heard.messages.filter((message) => (message as { type: string }).type === 'salon:booked'),
        [{ type: 'salon:booked' }],
      );
      for (const message of heard.messages) {
        assert.ok(
          JSON.stringify(Object.keys(message as object)) === '["type","height"]' ||
            JSON.stringify(message) === '{"type":"salon:booked"}',
          `a message with more than a height: ${JSON.stringify(message)}`,
        );
      }
      assert.doesNotMatch(JSON.stringify(heard.messages), /Ilse|embed-|@/);
      assert.deepEqual(problems(watch), []);

      const response = await h.t.request({ method: 'GET', url: '/api/bookings', token: admin.token });
      const client = await h.t.ctx.db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirst();
      assert.ok(client);
      assert.deepEqual(
        (response.body as Array<{ client_id: number; start_at: string }>)
          .filter((booking) => booking.client_id === client.id)
          .map((booking) => booking.start_at),
        [`${date} ${start}:00`],
      );
    });

    it('the "Book" button opens the booking page in a modal dialog: focus kept inside, Escape closes it (from inside the frame too), focus returns', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB', timezoneId: 'Europe/Amsterdam' });
      await page.goto(`${host.origin}/button`);
      const button = page.getByRole('button', { name: 'Book an appointment' });
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
      await dialog.waitFor();
      const frame = page.frameLocator('dialog iframe');
      await frame.getByRole('heading', { level: 1, name: 'Book an appointment' }).waitFor();
      assert.ok(await dialog.getByRole('button', { name: 'Close' }).evaluate(HAS_FOCUS));
      await fitted(page.locator('dialog iframe'));
      await assertAccessible(page, 'the booking dialog open');

      // Tab never leaves the dialog for the page behind it.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const outside = await page.evaluate(() => {
          const { document } = globalThis as any;
          const active = document.activeElement;
          return active !== null && active !== document.body && !active.closest('dialog')
            ? (active.outerHTML as string)
            : null;
        });
        assert.equal(outside, null, `Tab reached the page behind the dialog: ${outside}`);
      }

      await dialog.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.ok(await button.evaluate(HAS_FOCUS));

      // Opened again with the space bar, as a button; Escape pressed inside the frame closes it too.
      await page.keyboard.press(' ');
      await dialog.waitFor();
      await choose(frame.getByRole('checkbox', { name: new RegExp(service.name) }));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.ok(await button.evaluate(HAS_FOCUS));
      assert.deepEqual(problems(watch), []);
    });

    it('without a script the button is a plain link to the booking page', async () => {
      const { page } = await h.open({ ...DESKTOP, locale: 'en-GB', javaScriptEnabled: false });
      await page.goto(`${host.origin}/button`);
      const link = page.getByRole('link', { name: 'Book an appointment' });
      assert.equal(await link.getAttribute('role'), null);
      await link.click();
      await page.waitForURL(`${h.base}/book`);
    });

    it('another page of the service (the client pages) cannot be framed by another site', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await page.goto(`${host.origin}/elsewhere`);
      const iframe = page.locator('iframe');
      await iframe.waitFor();
      // The browser refuses the frame: no page of ours is rendered in it.
      await page.waitForTimeout(500);
      const frame = await frameOf(iframe);
      assert.equal(await frame.locator('#root').count(), 0);
      assert.ok(
        watch.problems.some((line) => line.includes('frame-ancestors')),
        `the browser says why: ${watch.problems.join('\n')}`,
      );
    });

    it('a salon that books existing clients only: the frame sends them to the booking page in a new tab to sign in', async () => {
      await setSettings(h.t, admin.token, { booking_clients: 'existing' });
      try {
        const { page, watch } = await h.open({ ...PHONE, locale: 'en-GB' });
        await page.goto(`${host.origin}/inline`);
        const frame = page.frameLocator('[data-salon-booking] iframe');
        const link = frame.getByRole('link', { name: 'Sign in and book (opens in a new tab)' });
        await link.waitFor();
        await assertAccessible(page, 'existing clients only, embedded');
        const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await tab.waitForURL((url) => url.origin === h.base && url.pathname === '/book');
        assert.equal(new URL(tab.url()).searchParams.get('embed'), null);
        assert.deepEqual(problems(watch), []);
      } finally {
        await setSettings(h.t, admin.token, { booking_clients: 'all' });
      }
    });
  });
}
