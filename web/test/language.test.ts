import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseLanguage } from '../src/lib/language.js';

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
});
