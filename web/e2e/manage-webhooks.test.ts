import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupSalon } from '../../test/helpers/app.js';
import { createClient } from '../../test/helpers/bookings.js';
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
 * The webhooks in chromium, as an owner registers one: an address the service refuses (it
 * points inside the network) said on its field with what was typed kept; registered once the
 * operator allows it, its signing secret shown that once and masked in every later answer;
 * changed; a delivery in its log sent again; the secret replaced (the new one shown once); the
 * endpoint deleted. English on a desktop, Dutch on a phone; axe in every state.
 */

const WORDS = {
  en: {
    ...SIGN_IN_WORDS.en,
    group: 'Webhooks',
    url: 'Address (URL)',
    description: 'Description',
    clientAdded: /^Client added/,
    create: 'Add endpoint',
    copyNow: /Copy this signing secret now/,
    open: (url: string) => `Open ${url}`,
    save: 'Save',
    saved: 'Saved.',
    replay: /^Send msg_\S+ again$/,
    replayed: 'Sent again: it is on its way.',
    rotate: 'New secret',
    rotateConfirm: 'Replace the secret now',
    remove: 'Delete endpoint',
    removeConfirm: 'Delete it with its log',
    none: 'No endpoints yet.',
    pending: 'Pending',
  },
  nl: {
    ...SIGN_IN_WORDS.nl,
    group: 'Webhooks',
    url: 'Adres (URL)',
    description: 'Omschrijving',
    clientAdded: /^Klant toegevoegd/,
    create: 'Endpoint toevoegen',
    copyNow: /Kopieer dit ondertekeningsgeheim nu/,
    open: (url: string) => `${url} openen`,
    save: 'Opslaan',
    saved: 'Opgeslagen.',
    replay: /^msg_\S+ opnieuw versturen$/,
    replayed: 'Opnieuw verstuurd: het is onderweg.',
    rotate: 'Nieuw geheim',
    rotateConfirm: 'Geheim nu vervangen',
    remove: 'Endpoint verwijderen',
    removeConfirm: 'Verwijderen met log',
    none: 'Nog geen endpoints.',
    pending: 'Wachtend',
  },
} as const;

for (const dialect of BROWSER_DIALECTS) {
  describe(`the webhooks in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    let admin: Awaited<ReturnType<typeof setupSalon>>;

    before(async () => {
      h = await startBrowserHarness(dialect);
      admin = await setupSalon(h.t);
    });
    after(() => h.close());

    for (const [language, locale, viewport, label] of [
      ['en', 'en-GB', DESKTOP, 'desktop'],
      ['nl', 'nl-NL', PHONE, 'phone'],
    ] as const) {
      const words = WORDS[language];

      it(`an endpoint registered, its secret shown once, a delivery sent again, the secret replaced, deleted (${language}, ${label})`, async () => {
        // The operator's rules: http allowed, but no address inside the network.
        h.t.ctx.config.webhooks = { allowHttp: true, allowPrivate: false, timeoutMs: 2000, extraPorts: 'any' };
        const { page, watch } = await h.open({ ...viewport, locale });
        const answers: Promise<{ url: string; method: string; text: string }>[] = [];
        page.on('response', (response) => {
          const stream = (response.headers()['content-type'] ?? '').includes('event-stream');
          if (response.url().includes('/api/') && !stream)
            answers.push(
              response
                .text()
                .catch(() => '')
                .then((text) => ({ url: response.url(), method: response.request().method(), text })),
            );
        });
        await signInOwner(page, watch, words, admin.email);
        await openSettingsGroup(page, words, words.group);
        await page.getByText(words.none).waitFor();
        await assertAccessible(page, `no endpoints (${language}, ${label})`);

        const url = `http://127.0.0.1:9/salon-${language}`;
        await page.getByLabel(words.url).fill(url);
        await page.getByLabel(words.description).fill(`Agenda ${language}`);
        await choose(page.getByRole('checkbox', { name: words.clientAdded }));
        await page.getByRole('button', { name: words.create }).click();
        await page.locator('.field .error').first().waitFor();
        assert.equal(await page.getByLabel(words.url).inputValue(), url, 'what was typed stays');
        await assertAccessible(page, `the address refused on its field (${language}, ${label})`);
        dropExpectedRefusals(watch, [400]);

        // The operator allows addresses inside the network (as for a receiver on this machine).
        h.t.ctx.config.webhooks = { ...h.t.ctx.config.webhooks, allowPrivate: true };
        await page.getByRole('button', { name: words.create }).click();
        await page.getByText(words.copyNow).waitFor();
        const secret = await page.locator('.webhooks-secret input').inputValue();
        assert.match(secret, /^whsec_[A-Za-z0-9+/=]{20,}$/);
        await assertAccessible(page, `the secret shown once (${language}, ${label})`);
        const endpoints = await h.t.request({ method: 'GET', url: '/api/webhooks/endpoints', token: admin.token });
        const endpoint = (endpoints.body as { id: number; url: string }[]).find((entry) => entry.url === url);
        assert.ok(endpoint, 'registered');

        // An event for it: a client added.
        await createClient(h.t, admin.token, { name: `Webhook Client ${language}` });
        await page.getByRole('link', { name: words.open(url) }).click();
        await page.getByRole('heading', { level: 1, name: url }).waitFor();
        await page.getByText('whsec_********').waitFor();
        await page.getByText(words.pending).first().waitFor();
        await assertAccessible(page, `the endpoint's page and its log (${language}, ${label})`);

        await page.getByLabel(words.description).fill(`Agenda sync ${language}`);
        await page.getByRole('button', { name: words.save }).click();
        await page.getByRole('status').getByText(words.saved, { exact: true }).waitFor();
        const changed = await h.t.request({
          method: 'GET',
          url: `/api/webhooks/endpoints/${endpoint.id}`,
          token: admin.token,
        });
        assert.equal(changed.body.description, `Agenda sync ${language}`);

        const before = await h.t.ctx.db
          .selectFrom('webhook_deliveries')
          .select(['id', 'next_attempt_at'])
          .where('endpoint_id', '=', endpoint.id)
          .execute();
        assert.equal(before.length, 1, 'one delivery: the client added');
        await page.getByRole('button', { name: words.replay }).click();
        await page.getByRole('status').getByText(words.replayed).waitFor();
        await assertAccessible(page, `a delivery sent again (${language}, ${label})`);

        await page.getByRole('button', { name: words.rotate }).click();
        await page.getByRole('button', { name: words.rotateConfirm }).click();
        await page.getByText(words.copyNow).waitFor();
        const rotated = await page.locator('.webhooks-secret input').inputValue();
        assert.match(rotated, /^whsec_/);
        assert.notEqual(rotated, secret);
        await assertAccessible(page, `the new secret shown once (${language}, ${label})`);

        await page.getByRole('button', { name: words.remove }).click();
        await page.getByRole('button', { name: words.removeConfirm }).click();
        await page.getByRole('heading', { level: 1, name: words.group }).waitFor();
        await page.getByText(words.none).waitFor();
        const gone = await h.t.request({
          method: 'GET',
          url: `/api/webhooks/endpoints/${endpoint.id}`,
          token: admin.token,
        });
        assert.equal(gone.status, 404);

        // Each secret reached the page in the one answer that made it, and in no other.
        const all = await Promise.all(answers);
        for (const shown of [secret, rotated]) {
          const carriers = all.filter((answer) => answer.text.includes(shown));
          assert.equal(
            carriers.length,
            1,
            `the secret is in one answer only: ${carriers.map((c) => c.url).join(', ')}`,
          );
          assert.equal(carriers[0]!.method, 'POST');
        }
        watch.assertClean();
      });
    }
  });
}
