import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon } from '../../test/helpers/app.js';
import { createClient } from '../../test/helpers/bookings.js';
import { WebhookReceiver } from '../../test/helpers/webhook-receiver.js';
import { DESKTOP, PHONE, choose } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';
import { dropExpectedRefusals, openSettingsGroup, SIGN_IN_WORDS, signInOwner } from './settings-signin.js';

/*
 * Loyalty, locations, VAT rates and the test text message in chromium: each refusal of the
 * service on its field (two rewards at the same points, a disabled default rate) or as its rule
 * (the default rate cannot be deleted), what was typed kept; one default at a time for
 * locations and rates, the other's form following; the test SMS queued in the outbox. English
 * on a desktop; on a phone in Dutch a short check (a location added); axe in every state. Then
 * webhooks, in English on a desktop: an endpoint added for a receiver on 127.0.0.1, its secret
 * shown once, a delivery in its log, sent again, the secret replaced (each checked by the
 * receiver's signature check).
 */

const WORDS = {
  en: {
    ...SIGN_IN_WORDS.en,
    save: 'Save',
    saved: 'Saved.',
    loyalty: 'Loyalty',
    loyaltyOn: 'Loyalty programme on',
    perEuro: 'Points per euro',
    addReward: 'Add a reward',
    points: (n: number) => `Reward ${n}: points`,
    discount: (n: number) => `Reward ${n}: euros off`,
    locations: 'Locations',
    newLocation: 'New location',
    name: 'Name',
    isDefaultLocation: 'The default location',
    addLocation: 'Add location',
    locationAdded: 'The location is added.',
    vat: 'VAT rates',
    newRate: 'New VAT rate',
    percentage: 'Percentage',
    isDefaultRate: 'The default rate',
    disabled: 'Disabled',
    addRate: 'Add VAT rate',
    rateAdded: 'The VAT rate is added.',
    defaultDisabled: 'A disabled rate cannot be the default',
    removeRate: (name: string) => `Delete ${name}`,
    removeDefault: 'The default rate cannot be deleted',
    sms: 'SMS',
    smsTo: 'Send to',
    smsSend: 'Send test text message',
    smsQueued: /queued as number (\d+)/,
  },
  // The phone's short check in Dutch.
  nl: {
    ...SIGN_IN_WORDS.nl,
    locations: 'Vestigingen',
    newLocation: 'Nieuwe vestiging',
    name: 'Naam',
    addLocation: 'Vestiging toevoegen',
    locationAdded: 'De vestiging is toegevoegd.',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`loyalty, locations, VAT rates and the test SMS in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: Awaited<ReturnType<typeof setupSalon>>;
    let receiver: WebhookReceiver;

    before(async () => {
      // The receiver listens on 127.0.0.1 over http on a free port: the test is the operator that
      // allows all three (WEBHOOKS_ALLOW_HTTP, _ALLOW_PRIVATE, _ALLOW_PORTS), as the webhooks' API tests do.
      h = await startBrowserHarness(dialect, {
        config: { webhooks: { allowHttp: true, allowPrivate: true, timeoutMs: 2000, extraPorts: 'any' } },
      });
      admin = await setupSalon(h.t);
      receiver = await new WebhookReceiver().start();
    });
    after(async () => {
      await h.close();
      await receiver.stop();
    });

    // The flows in English on a desktop; Dutch on a phone is the short check below.
    {
      const [language, locale, viewport, label] = ['en', 'en-GB', DESKTOP, 'desktop'] as const;
      const words = WORDS[language];

      it(`locations and VAT rates: one default at a time, a disabled default refused, the default not deleted (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInOwner(page, watch, words, admin.email);
        await openSettingsGroup(page, words, words.locations);
        await assertAccessible(page, `locations (${language}, ${label})`);
        const newLocation = page.getByRole('region', { name: words.newLocation });
        for (const name of [`Centrum ${language}`, `Noord ${language}`]) {
          await newLocation.getByLabel(words.name).fill(name);
          await choose(newLocation.getByRole('checkbox', { name: words.isDefaultLocation }));
          await newLocation.getByRole('button', { name: words.addLocation }).click();
          await newLocation.getByRole('status').getByText(words.locationAdded).waitFor();
          await page.getByRole('region', { name }).waitFor();
        }
        // The first lost the default to the second, and its form follows.
        const first = page.getByRole('region', { name: `Centrum ${language}` });
        const firstDefault = first.getByRole('checkbox', { name: words.isDefaultLocation });
        for (let waited = 0; waited < 5000 && (await firstDefault.isChecked()); waited += 100)
          await page.waitForTimeout(100);
        assert.equal(await firstDefault.isChecked(), false);
        await assertAccessible(page, `two locations (${language}, ${label})`);

        await openSettingsGroup(page, words, words.vat);
        const newRate = page.getByRole('region', { name: words.newRate });
        const rateName = `Hoog ${language}`;
        await newRate.getByLabel(words.name).fill(rateName);
        await newRate.getByLabel(words.percentage).fill('21');
        await choose(newRate.getByRole('checkbox', { name: words.isDefaultRate }));
        await choose(newRate.getByRole('checkbox', { name: words.disabled }));
        await newRate.getByRole('button', { name: words.addRate }).click();
        await newRate.getByRole('alert').getByText(words.defaultDisabled).waitFor();
        assert.equal(await newRate.getByLabel(words.name).inputValue(), rateName, 'what was typed stays');
        await assertAccessible(page, `a disabled default refused (${language}, ${label})`);
        dropExpectedRefusals(watch, [400]);

        await choose(newRate.getByRole('checkbox', { name: words.disabled }));
        await newRate.getByRole('button', { name: words.addRate }).click();
        await newRate.getByRole('status').getByText(words.rateAdded).waitFor();
        const created = page.getByRole('region', { name: new RegExp(`^${rateName} \\(21%\\)`) });
        await created.waitFor();
        await created.getByRole('button', { name: words.removeRate(rateName) }).click();
        await created.getByRole('alert').getByText(words.removeDefault).waitFor();
        await assertAccessible(page, `the default rate not deleted (${language}, ${label})`);
        dropExpectedRefusals(watch, [409]);
        const rates = await h.t.request({ method: 'GET', url: '/api/settings/vat-rates', token: admin.token });
        const defaults = (rates.body as { name: string; is_default: number }[]).filter((rate) => rate.is_default === 1);
        assert.deepEqual(
          defaults.map((rate) => rate.name),
          [rateName],
          'one default',
        );
        watch.assertClean();
      });

      it(`the test text message is queued in the outbox (${language}, ${label})`, async () => {
        const { page, watch } = await h.open({ ...viewport, locale });
        await signInOwner(page, watch, words, admin.email);
        await openSettingsGroup(page, words, words.sms);
        // A number of its own per run: the service refuses repeated texts to one number (SMS pumping).
        const [typed, stored] = ['06 1234 5678', '+31612345678'];
        await page.getByLabel(words.smsTo).fill(typed);
        await page.getByRole('button', { name: words.smsSend }).click();
        const status = page.getByRole('status').getByText(words.smsQueued);
        await status.waitFor();
        await assertAccessible(page, `the test SMS queued (${language}, ${label})`);
        const id = Number(/(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
        const queued = await h.t.request({ method: 'GET', url: `/api/system/sms/${id}`, token: admin.token });
        assert.equal(queued.status, 200);
        assert.equal(queued.body.to, stored);
        watch.assertClean();
      });
    }

    it('a location added on a phone in Dutch', async () => {
      const words = WORDS.nl;
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await signInOwner(page, watch, words, admin.email);
      await openSettingsGroup(page, words, words.locations);
      await assertAccessible(page, 'locations (nl, phone)');
      const newLocation = page.getByRole('region', { name: words.newLocation });
      await newLocation.getByLabel(words.name).fill('Zuid');
      await newLocation.getByRole('button', { name: words.addLocation }).click();
      await newLocation.getByRole('status').getByText(words.locationAdded).waitFor();
      await page.getByRole('region', { name: 'Zuid' }).waitFor();
      await assertAccessible(page, 'a location added (nl, phone)');
      watch.assertClean();
    });

    it('webhooks: an endpoint added, its secret shown once, a delivery in its log sent again, the secret replaced (en, desktop)', async () => {
      const words = WORDS.en;
      const { page, watch } = await h.open({ ...DESKTOP, locale: 'en-GB' });
      await signInOwner(page, watch, words, admin.email);
      await openSettingsGroup(page, words, 'Webhooks');
      await page.getByText('No endpoints yet.').waitFor();
      await assertAccessible(page, 'no webhook endpoints');

      const form = page.getByRole('region', { name: 'New endpoint' });
      await form.getByLabel('Address (URL)').fill(receiver.url);
      await form.getByLabel('Description').fill('Agenda sync');
      await choose(form.getByRole('checkbox', { name: /^Client added/ }));
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = form.getByRole('status').getByLabel('Signing secret');
      await shown.waitFor();
      const secret = await shown.inputValue();
      assert.match(secret, /^whsec_/);
      await assertAccessible(page, 'the new endpoint with its secret shown once');
      const endpoints = await h.t.request({ method: 'GET', url: '/api/webhooks/endpoints', token: admin.token });
      const [endpoint] = endpoints.body as { id: number; secret: string }[];
      assert.notEqual(endpoint!.secret, secret, 'the service shows it only once');

      // An event through the API; the worker (run when told in the test app) delivers it, signed.
      receiver.secret = secret;
      await createClient(h.t, admin.token, { name: 'Wim Webhook' });
      await h.t.drain();
      assert.deepEqual(
        receiver.received.map((webhook) => [webhook.verified?.type, webhook.answered]),
        [['client.created', 204]],
      );

      await form.getByRole('link', { name: `Open ${receiver.url}` }).click();
      await page.getByRole('heading', { level: 1, name: receiver.url }).waitFor();
      const log = page.getByRole('region', { name: 'Delivery log' });
      const delivery = log.getByRole('listitem').filter({ hasText: 'Client added' });
      await delivery.getByText('Delivered').waitFor();
      await delivery.getByText('1 attempt').waitFor();
      await assertAccessible(page, 'the delivery log');

      // Sent again: the same message, a new attempt.
      await delivery.getByRole('button', { name: `Send ${receiver.received[0]!.id} again` }).click();
      await log.getByRole('status').getByText('Sent again: it is on its way.').waitFor();
      await h.t.drain();
      assert.equal(receiver.received.length, 2);
      assert.equal(receiver.received[1]!.id, receiver.received[0]!.id, 'the same message id, for the receiver to skip');
      assert.ok(receiver.received[1]!.verified, 'signed with the secret shown');
      // A new round of attempts on the same delivery: its log lists both, each answered 204.
      await page.reload();
      await delivery.getByText('Attempts and what was sent').click();
      const answered = delivery.locator('.webhooks-attempts > li').filter({ hasText: '✓ 204' });
      await answered.nth(1).waitFor();
      assert.equal(await answered.count(), 2);
      await assertAccessible(page, 'a delivery sent again');

      // A new secret: shown once here, and the next delivery is signed with it.
      const secretSection = page.getByRole('region', { name: 'Signing secret' });
      await secretSection.getByRole('button', { name: 'New secret' }).click();
      await secretSection.getByRole('button', { name: 'Replace the secret now' }).click();
      const rotated = secretSection.getByRole('status').getByLabel('Signing secret');
      await rotated.waitFor();
      const newSecret = await rotated.inputValue();
      assert.match(newSecret, /^whsec_/);
      assert.notEqual(newSecret, secret);
      await assertAccessible(page, 'the secret replaced');
      receiver.secret = newSecret;
      await createClient(h.t, admin.token, { name: 'Wanda Webhook' });
      await h.t.drain();
      assert.equal(receiver.received.length, 3);
      assert.equal(receiver.received[2]!.verified?.type, 'client.created', 'signed with the new secret');
      watch.assertClean();
    });
  });
}
