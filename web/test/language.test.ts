import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_LANGUAGES, requestLanguage } from '../../src/http/page-language.js';
import { chooseLanguage, LANGUAGES } from '../src/lib/language.js';

describe('language of the front end', () => {
  it("the visitor's choice wins over the browser and the salon", () => {
    assert.equal(chooseLanguage({ chosen: 'nl', browser: ['en-GB'], salon: 'en' }), 'nl');
  });
  it("the browser's first language the front end speaks wins over the salon's", () => {
    assert.equal(chooseLanguage({ browser: ['fr-FR', 'nl-BE', 'en'], salon: 'en' }), 'nl');
  });
  it("the salon's language when the browser speaks none of ours, English last", () => {
    assert.equal(chooseLanguage({ browser: ['fr-FR'], salon: 'nl' }), 'nl');
    assert.equal(chooseLanguage({ browser: ['de'], salon: 'fr' }), 'en');
    assert.equal(chooseLanguage({ chosen: 'xx' }), 'en');
  });
  it("the service tells the booking page's language by the same rules, from what the request carries", () => {
    assert.deepEqual(PAGE_LANGUAGES, LANGUAGES);
    for (const [lang, header] of [
      ['nl', 'en-GB'],
      [null, 'fr-FR,nl-BE;q=0.8,en;q=0.5'],
      ['xx', 'en'],
      [null, 'de,fr'],
    ] as const) {
      const browser = header.split(',').map((entry) => entry.split(';')[0]!);
      const fromRequest = requestLanguage(lang ?? undefined, header);
      // What the script chooses when the salon's language is not needed: the same.
      if (fromRequest !== null)
        assert.equal(fromRequest, chooseLanguage({ chosen: lang, browser }), `${lang} ${header}`);
      // No language the browser speaks: the salon's would decide, which the request does not carry.
      else assert.equal(chooseLanguage({ chosen: lang, browser, salon: 'nl' }), 'nl');
    }
  });
});
