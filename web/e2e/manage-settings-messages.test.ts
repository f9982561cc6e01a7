import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon } from '../../test/helpers/app.js';
import { DESKTOP, choose, pauseClock, tabTo } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { dropExpectedRefusals, openSettingsGroup, SIGN_IN_WORDS, signInOwner } from './settings-signin.js';

/*
 * The client messages in chromium: the Dutch reminder email rewritten with a placeholder
 * inserted from the list (by keyboard), previewed as the service renders it while typing, with
 * one preview request per pause rather than one per key; a placeholder the service does not
 * know said in the preview and, on saving, on the text's field, what was typed kept; saved and
 * read back from the service. English on a desktop, Dutch on a phone; axe in every state.
 */

const WORDS = {
  en: {
    ...SIGN_IN_WORDS.en,
    group: 'Client messages',
    message: 'Message',
    reminder: 'Reminder email',
    dutch: 'Dutch',
    text: 'Text',
    subject: 'Subject',
    cannot: /This text cannot be sent: .*datum/,
    save: 'Save',
    saved: 'Saved.',
    own: 'This language uses the salon’s own text.',
    reset: 'Back to the standard text',
    wasReset: 'The standard text is back.',
  },
  nl: {
    ...SIGN_IN_WORDS.nl,
    group: 'Berichten aan klanten',
    message: 'Bericht',
    reminder: 'Herinneringsmail',
    dutch: 'Nederlands',
    text: 'Tekst',
    subject: 'Onderwerp',
    cannot: /Deze tekst kan niet verstuurd worden: .*datum/,
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    own: 'Deze taal gebruikt de eigen tekst van de salon.',
    reset: 'Terug naar de standaardtekst',
    wasReset: 'De standaardtekst is terug.',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`the client messages in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: Awaited<ReturnType<typeof setupSalon>>;

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    for (const [language, locale, viewport, label] of [['en', 'en-GB', DESKTOP, 'desktop']] as const) {
      const words = WORDS[language];

      it(`the Dutch reminder text edited with a placeholder and previewed by the service (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        // The page's timers under the test's hand (at the real pace until paused), so that the
        // preview's pause is measured against the typing, not against the machine.
        await page.clock.install();
        const previews: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/settings/messages/') && request.url().endsWith('/preview'))
            previews.push(request.postData() ?? '');
        });
        await signInOwner(page, watch, words, admin.email);
        await openSettingsGroup(page, words, words.group);
        await page.getByLabel(words.message).selectOption({ label: words.reminder });
        await choose(page.getByRole('radio', { name: words.dutch }));
        const preview = page.getByTestId('preview-text');
        // The stored Dutch text, rendered with the sample client's name.
        await preview.getByText(/Anna/).waitFor();
        await assertAccessible(page, `the Dutch reminder email (${language}, ${label})`);

        const body = page.getByLabel(words.text, { exact: true });
        // One preview per pause in typing, never one per key. Time stands still while the text
        // is emptied, typed and given its placeholder, so a stall of a loaded machine between
        // two keys cannot pass for a pause; then a pause of a second asks for the preview once.
        await pauseClock(page);
        const before = previews.length;
        await body.fill('');
        const line = `Tot morgen ${language}, `;
        await body.pressSequentially(line);
        // The placeholder, from the list, by keyboard: to its button and Enter.
        const placeholder = page.getByRole('button', { name: '{client_first_name}' });
        await tabTo(page, placeholder);
        await page.keyboard.press('Enter');
        assert.equal(await body.inputValue(), `${line}{client_first_name}`);
        assert.equal(previews.length - before, 0, 'no preview asked for while the typing goes on');
        await page.clock.runFor(1_000);
        await page.clock.resume();
        await preview.getByText(`Tot morgen ${language}, Anna`).waitFor();
        const keys = line.length + 2;
        assert.equal(
          previews.length - before,
          1,
          `${previews.length - before} previews for ${keys} changes and a pause`,
        );
        assert.ok(
          previews.slice(before).every((sent) => JSON.parse(sent).language === 'nl'),
          'the Dutch text is previewed',
        );
        await assertAccessible(page, `the draft previewed (${language}, ${label})`);

        // A placeholder the service does not know: said in the preview, then on the field.
        await body.pressSequentially(' {datum}');
        await page.getByRole('alert').getByText(words.cannot).waitFor();
        await assertAccessible(page, `a refused draft in the preview (${language}, ${label})`);
        await page.getByRole('button', { name: words.save }).click();
        await page.locator('.field .error').getByText(/datum/).waitFor();
        assert.equal(await body.inputValue(), `${line}{client_first_name} {datum}`, 'what was typed stays');
        await assertAccessible(page, `the refusal on its field (${language}, ${label})`);
        dropExpectedRefusals(watch, [400]);

        await body.fill(`${line}{client_first_name}!`);
        await page.getByRole('button', { name: words.save }).click();
        await page.getByRole('status').getByText(words.saved, { exact: true }).waitFor();
        await page.getByText(words.own).waitFor();
        await assertAccessible(page, `the Dutch reminder saved (${language}, ${label})`);
        const stored = await h.t.request({
          method: 'GET',
          url: '/api/settings/messages/booking.reminder',
          token: admin.token,
        });
        const message = stored.body as {
          texts: { nl: { body: string; is_default: boolean }; en: { is_default: boolean } };
        };
        assert.equal(message.texts.nl.body, `${line}{client_first_name}!`);
        assert.equal(message.texts.nl.is_default, false);
        assert.equal(message.texts.en.is_default, true, 'the English text is left alone');

        await page.getByRole('button', { name: words.reset }).click();
        await page.getByRole('status').getByText(words.wasReset).waitFor();
        await assertAccessible(page, `the standard text back (${language}, ${label})`);
        watch.assertClean();
      });
    }
  });
}
