import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupBookingSalon } from '../../test/helpers/public.js';
import { PHONE } from './actions.js';
import {
  assertAccessible,
  BROWSER_DIALECTS,
  type BrowserHarness,
  browserSkip,
  startBrowserHarness,
} from './browser.js';

/*
 * The booking page's HTML in the browser's language: it preloads the page's messages, beside the
 * scripts, rather than the scripts asking once they have chosen the language; the page uses
 * that preload (one fetch) and never fetches the other language's.
 */

for (const dialect of BROWSER_DIALECTS) {
  describe(`the booking page in the browser's language, in chromium (${dialect})`, { skip: browserSkip() }, () => {
    let h: BrowserHarness;
    before(async () => {
      h = await startBrowserHarness(dialect, { smtp: false });
      await setupBookingSalon(h.t);
    });
    after(() => h.close());

    it("a Dutch browser's page preloads the Dutch messages from its HTML and shows in Dutch", async () => {
      const { page, watch } = await h.open({ ...PHONE, locale: 'nl-NL' });
      await page.goto('/book');
      await page.getByRole('heading', { level: 1, name: 'Afspraak maken' }).waitFor();
      await page.getByRole('checkbox').first().waitFor();
      // The HTML's own preload of the Dutch part, and the part fetched that once (the page's
      // import took the preloaded module rather than asking again); no English part at all.
      const preloaded = await page.evaluate<string[]>(
        `[...document.querySelectorAll('link[rel=modulepreload]')].map((link) => link.href)`,
      );
      const fetched = await page.evaluate<string[]>(
        `performance.getEntriesByType('resource').map((entry) => entry.name)`,
      );
      const parts = (urls: string[]) => urls.flatMap((url) => /\/messages-(.+)-[\w-]{8}\.js$/.exec(url)?.[1] ?? []);
      assert.deepEqual(parts(preloaded), ['nl-shell-public']);
      assert.deepEqual(
        parts(fetched).filter((part) => part.endsWith('shell-public') || part.startsWith('en-')),
        ['nl-shell-public'],
      );
      await assertAccessible(page, 'the booking page in Dutch');
      watch.assertClean();
    });
  });
}
