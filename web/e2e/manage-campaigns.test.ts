import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD, setupSalon } from '../../test/helpers/app.js';
import { createClient } from '../../test/helpers/bookings.js';
import { DESKTOP, HAS_FOCUS, PHONE, choose, focusReaches, moveByKeyboard, pauseClock, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  type PageWatch,
  startBrowserHarness,
} from './browser.js';
import { dropExpectedRefusals } from './settings-signin.js';

/*
 * The manager's campaigns in chromium: an owner turns campaigns on, builds a campaign from
 * blocks (a merge tag from the list, a button, a block moved by keyboard), watches the service's
 * preview follow the typing (one request per pause, not per key), sees a colour the service
 * cannot render said in the preview, looks at it at a phone's width, counts a segment of three
 * live, and sends it with a double click on the confirmation (one send, one job per recipient),
 * the progress shown; the worker (which the test app runs only when told) mails them and the
 * page follows to the counts. In Dutch on a phone, a short look at the editor. Axe on every
 * state, the email's frame left out of it: see PREVIEW below.
 */

const WORDS = {
  en: { email: 'Email', password: 'Password', welcome: 'Today', manage: 'Manage', campaigns: 'Campaigns' },
  nl: { email: 'E-mail', password: 'Wachtwoord', welcome: 'Vandaag', manage: 'Beheer', campaigns: 'Campagnes' },
} as const;

/*
 * The preview's frame is sandboxed without scripts and gets a new document each time the
 * preview follows the blocks. Axe entering such a frame while (or after) its document is
 * replaced waits forever: playwright waits for a script context the frame never gets, and
 * @axe-core/playwright sets no time limit (reproduced outside the app with a bare
 * `<iframe sandbox srcdoc>`). That, not the send, is where the test written with the screens
 * hung. Axe checks the office's page around it; the frame's own name is checked below.
 */
const PREVIEW = 'iframe.campaign-preview-frame';
const axe = (page: Page, state: string) => assertAccessible(page, state, [PREVIEW]);
type Words = (typeof WORDS)[keyof typeof WORDS];

/**
 * Playwright's clock is a script it puts in every frame of the page; the preview's frame runs
 * none (sandboxed, see above), and Chromium says so in the console each time the preview is
 * drawn: for the email's document, and for the frame's first empty one when the script comes
 * before the email does. That message, and only that one, is the test's tool, not the page.
 */
function dropClockRefusedByPreview(watch: PageWatch): void {
  const refused =
    /^console error: Blocked script execution in 'about:(srcdoc|blank)' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/;
  const kept = watch.problems.filter((problem) => !refused.test(problem));
  watch.problems.splice(0, watch.problems.length, ...kept);
}

for (const dialect of BROWSER_DIALECTS) {
  describe(`manager's campaigns in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: { token: string; email: string };
    const vip: { id: number; email: string }[] = [];

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
      // The segment: three consenting clients labelled "vip"; one without consent and one
      // without the label, whom no send with the segment may reach.
      for (const name of ['Anna Vip', 'Bea Vip', 'Cor Vip']) {
        const client = await createClient(h.t, admin.token, { name, marketing_consent: 1, labels: ['vip'] });
        vip.push({ id: client.id, email: client.email! });
      }
      await createClient(h.t, admin.token, { name: 'Dirk Noconsent', marketing_consent: 0, labels: ['vip'] });
      await createClient(h.t, admin.token, { name: 'Eva Other', marketing_consent: 1 });
    });
    after(() => h.close());

    async function signInAndOpen(page: Page, watch: PageWatch, words: Words): Promise<void> {
      await page.goto('/login');
      await page.getByLabel(words.email).focus();
      await page.keyboard.type(admin.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.welcome }).waitFor();
      assert.deepEqual(
        watch.problems.filter((problem) => !problem.includes('401')),
        [],
      );
      watch.problems.splice(0, watch.problems.length);
      const toggle = page.getByRole('navigation').getByRole('button', { name: 'Menu' });
      if (await toggle.isVisible()) {
        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
      }
      const nav = page.getByRole('navigation').getByRole('link', { name: words.manage });
      await tabTo(page, nav);
      await page.keyboard.press('Enter');
      const link = page.getByRole('main').getByRole('link', { name: words.campaigns, exact: true });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: words.campaigns }).waitFor();
    }

    const campaignOf = async (id: number) =>
      (await h.t.request({ method: 'GET', url: `/api/campaigns/${id}`, token: admin.token })).body as {
        status: string;
        blocks: { type: string; text?: string; label?: string }[];
        segment_filters: Record<string, unknown>;
        recipient_count: number;
        sent_count: number;
        skipped_count: number;
      };

    it('builds a campaign from blocks, previews it, sends it to a segment of three and watches it being sent (en, desktop)', async () => {
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      // The page's timers under the test's hand (they run at the real pace until paused), so
      // that the preview's pause is measured against the typing, not against the machine.
      await page.clock.install();
      await signInAndOpen(page, watch, WORDS.en);
      await page.getByText('No campaigns yet.').waitFor();
      await axe(page, 'no campaigns yet');

      // Campaigns are off in a new salon: turned on behind their toggle.
      await page.getByRole('link', { name: 'Automations and follow-up emails' }).click();
      await page.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
      await axe(page, 'the automations');
      await choose(page.getByRole('checkbox', { name: 'Email campaigns' }));
      await page.getByRole('checkbox', { name: 'Email campaigns', checked: true }).waitFor();
      for (let i = 0; i < 40; i++) {
        const settings = await h.t.request({ method: 'GET', url: '/api/settings', token: admin.token });
        if (settings.body.bulk_campaigns_enabled === 1) break;
        await page.waitForTimeout(100);
      }
      await page.getByRole('link', { name: 'Back to the campaigns' }).click();

      // A new campaign, blank.
      await page.getByRole('button', { name: 'New campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'New campaign' });
      await dialog.getByLabel('Name').fill('Spring offer');
      await dialog.getByLabel('Subject').fill('Spring at {salon_name}');
      await axe(page, 'the new campaign dialog');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { level: 1, name: 'Spring offer' }).waitFor();
      const id = Number(/\/manage\/campaigns\/(\d+)$/.exec(page.url())![1]);
      const frame = page.frameLocator('iframe.campaign-preview-frame');
      await frame.getByText('Hello Sam').waitFor();
      await axe(page, 'a new campaign in the editor');

      // The frame is sandboxed (nothing may run in it) and holds the service's rendering.
      const iframe = page.locator(PREVIEW);
      assert.equal(await iframe.getAttribute('sandbox'), '');
      assert.equal(await iframe.getAttribute('title'), 'The email as sent, Desktop width');

      // The text block: typed over, a merge tag inserted from the list where the caret is.
      const blocks = page.getByRole('grid', { name: 'Blocks' });
      await blocks.getByRole('button', { name: /^Edit Text: / }).click();
      const text = page.getByRole('textbox', { name: 'Text', exact: true });
      await text.fill('');
      await frame.getByText('Write your message here.').waitFor({ state: 'detached' });
      // The preview follows the typing: one request once typing pauses, not one per key. Time
      // stands still while the keys are typed, so a stall of a loaded machine between two keys
      // cannot pass for a pause; then a pause of a second lets the preview ask once.
      const renders: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/campaigns/render-mjml')) renders.push(request.postData() ?? '');
      });
      await text.focus();
      await pauseClock(page);
      const typed = 'Our spring colours are here, ';
      await page.keyboard.type(typed);
      assert.equal(await text.inputValue(), typed);
      assert.equal(renders.length, 0, `${renders.length} preview requests while the typing goes on: none`);
      await page.clock.runFor(1_000);
      // The clock runs again (the query's answer reaches the page through a timer of its own).
      await page.clock.resume();
      await frame.getByText('Our spring colours are here,').waitFor();
      assert.equal(renders.length, 1, `${renders.length} preview requests for ${typed.length} keys and a pause: one`);
      assert.ok(renders[0]!.includes(typed.trim()), 'the one request holds the whole text typed');
      // A merge tag inserted from the list where the caret is: one change, one request.
      await page.getByRole('button', { name: 'Insert the client’s first name' }).click();
      const tagAt = Date.now();
      assert.equal(await text.inputValue(), `${typed}{client_first_name}`);
      // The focus goes back in a frame callback, once React has written the text.
      await focusReaches(text, 'the text after the tag');
      await frame.getByText('Our spring colours are here, Sam').waitFor();
      assert.equal(renders.length, 2, 'the tag asked for the preview once');
      console.log(`# preview: the tag shown ${Date.now() - tagAt} ms after its press`);

      // A button block, added from the row of types; its colour typed half: the service's words in the preview.
      await page.getByRole('group', { name: 'Add a block' }).getByRole('button', { name: 'Button' }).click();
      await page.getByRole('textbox', { name: 'Button text' }).fill('Book your colour');
      await page.getByRole('textbox', { name: 'Link' }).fill('https://salon.example/book');
      await page.getByRole('textbox', { name: 'Colour' }).fill('#12');
      const problem = page.locator('.campaign-preview').getByRole('alert');
      await problem.getByText('The email cannot be shown as it is:').waitFor();
      await problem.getByText(/background-color has invalid value: #12/).waitFor();
      assert.equal(await iframe.count(), 0, 'the error stands in the frame’s place');
      await axe(page, 'the preview refusing a colour');
      dropExpectedRefusals(watch, [400]);
      await page.getByRole('textbox', { name: 'Colour' }).fill('#6e56cf');
      await frame.getByText('Book your colour').waitFor({ state: 'attached' });

      // Reorder by keyboard: the button, third, moved up to second.
      const buttonRow = blocks.getByRole('row', { name: /^Button: / });
      await tabTo(page, blocks);
      for (let i = 0; i < 4 && !(await buttonRow.evaluate(HAS_FOCUS)); i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const handle = buttonRow.getByRole('button').first();
      await focusReaches(handle, 'the drag handle');
      await moveByKeyboard(page, 'ArrowUp');
      await page.getByRole('status').getByText('Button: Book your colour moved to place 2 of 3.').waitFor();
      const rows = await blocks.getByRole('row').allTextContents();
      assert.match(rows[1]!, /Button/);
      await axe(page, 'the blocks reordered');

      // The phone's width.
      await choose(page.getByRole('radio', { name: 'Phone' }));
      await page.locator('iframe.campaign-preview-frame[data-width="phone"]').waitFor();
      const box = await iframe.boundingBox();
      assert.ok(box && Math.round(box.width) === 375, `the frame is a phone's width (${box?.width})`);
      await frame.getByText('Book your colour').waitFor({ state: 'attached' });
      await axe(page, 'the preview at a phone width');

      // The audience: the "vip" label, counted live (three: not the one without consent).
      await page.getByRole('textbox', { name: 'Labels' }).fill('vip');
      await page.getByText('3 clients would receive it now.').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Saved.').waitFor();
      const saved = await campaignOf(id);
      assert.deepEqual(
        saved.blocks.map((block) => block.type),
        ['heading', 'button', 'text'],
      );
      assert.equal(saved.blocks[2]!.text, `${typed}{client_first_name}`);
      assert.deepEqual(saved.segment_filters, { labels: ['vip'] });

      // Saved as a template for later campaigns.
      await page.getByRole('button', { name: 'Save as template' }).click();
      const templateDialog = page.getByRole('dialog', { name: 'Save as template' });
      await templateDialog.getByLabel('Template name').fill('Seasonal');
      await templateDialog.getByRole('button', { name: 'Save' }).click();
      await templateDialog.waitFor({ state: 'detached' });

      // Send: the question names the count; a double click sends once.
      await page.getByRole('button', { name: 'Send…' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Send Spring offer?' });
      await confirm.getByText('3 clients receive “Spring at {salon_name}” now.', { exact: false }).waitFor();
      await axe(page, 'the send confirmation');
      const sends: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith(`/api/campaigns/${id}/send`))
          sends.push(request.url());
      });
      await confirm.getByRole('button', { name: 'Send to 3 clients' }).dblclick();
      // The worker does not run in the test app until told: the page shows the send waiting.
      await page.getByRole('status').getByText('Sending: 0 of 3 done.').waitFor();
      assert.equal(sends.length, 1, 'the double click sent once');
      const sendJobs = await h.t.ctx.db.selectFrom('jobs').select('id').where('name', '=', 'campaign.send').execute();
      assert.equal(sendJobs.length, 3, 'one email job per recipient');
      await page.getByRole('progressbar', { name: 'Recipients done' }).waitFor();
      await axe(page, 'the campaign sending');

      // The worker mails the three; the page, asking every second while it sends, shows the counts.
      await h.t.drain();
      await page.getByRole('status').getByText('Sent: 3 of 3 sent.').waitFor();
      const details = page.getByRole('region', { name: 'Campaign' });
      const counts = Object.fromEntries(
        await details
          .locator('dt')
          .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])),
      );
      assert.deepEqual(
        [counts['Recipients'], counts['Sent'], counts['Failed'], counts['Unsubscribed']],
        ['3', '3', '0', '0'],
      );
      assert.equal(await page.getByRole('progressbar').count(), 0, 'the progress gone once sent');
      const sent = await campaignOf(id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.sent_count, 3);
      for (const client of vip) assert.equal(h.t.mail.to(client.email).length, 1, `${client.email} received it once`);
      await axe(page, 'the campaign sent');

      dropClockRefusedByPreview(watch);
      watch.assertClean();
    });

    it('opens a campaign in the editor and moves its preview to a phone width (nl, phone)', async () => {
      const created = await h.t.request({
        method: 'POST',
        url: '/api/campaigns',
        token: admin.token,
        payload: {
          name: 'Najaar',
          subject: 'Najaar bij {salon_name}',
          blocks: [{ type: 'text', text: 'Hallo {client_first_name}' }],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInAndOpen(page, watch, WORDS.nl);
      await page
        .getByRole('main')
        .getByRole('row', { name: /^Najaar/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Najaar' }).waitFor();
      await page.frameLocator(PREVIEW).getByText('Hallo Sam').waitFor();
      await axe(page, 'the editor on a phone (nl)');
      await choose(page.getByRole('radio', { name: 'Telefoon' }));
      await page.locator(`${PREVIEW}[data-width="phone"]`).waitFor();
      await axe(page, 'the preview at a phone width on a phone (nl)');
      watch.assertClean();
    });
  });
}
