import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES, LANGUAGES, localeFormat, normaliseLanguage, chooseLanguage, formatMessage } from './index.js';

/** The placeholder names of an ICU message, nested ones (inside plural/select) included. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') into.add(element.value);
    if ('options' in element) {
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
  }
  return into;
}

describe('message catalogues', () => {
  it('every key exists in every language, and no language has a key the others lack', () => {
    const keysOf = (language: (typeof LANGUAGES)[number]) => Object.keys(CATALOGUES[language]).sort();
    for (const language of LANGUAGES) assert.deepEqual(keysOf(language), keysOf('en'), language);
  });

  it('every message parses, and both languages use the same placeholders for a key', () => {
    for (const key of Object.keys(CATALOGUES.en) as (keyof typeof CATALOGUES.en)[]) {
      const [en, ...others] = LANGUAGES.map((language) => {
        const text = CATALOGUES[language][key];
        assert.ok(text.trim() !== '', `${language} ${key} is empty`);
        return [...placeholders(parse(text, { ignoreTag: true }))].sort();
      });
      for (const other of others) assert.deepEqual(other, en, key);
    }
  });

  it('the checks catch what they are for: a missing placeholder and an unparsable text', () => {
    const a = placeholders(parse('Hello {client_first_name}', { ignoreTag: true }));
    const b = placeholders(parse('Hallo {client_name}', { ignoreTag: true }));
    assert.notDeepEqual([...a], [...b]);
    assert.throws(() => parse('Hello {client_first_name', { ignoreTag: true }));
  });
});

describe('languages and locale formatting', () => {
  it('a language tag is normalised to its base; anything else is English', () => {
    assert.deepEqual(['nl', 'nl-BE', 'en-GB', 'en', 'de', '', null, 'NL'].map(normaliseLanguage), [
      'nl',
      'nl',
      'en',
      'en',
      'en',
      'en',
      'en',
      'nl',
    ]);
  });

  it("the client's language when known, else the salon's", () => {
    assert.equal(chooseLanguage('en', 'nl'), 'en');
    assert.equal(chooseLanguage(null, 'nl-BE'), 'nl');
    assert.equal(chooseLanguage(null, 'fr'), 'en');
  });

  it('Dutch dates, 24-hour and 12-hour times, money and durations in the locale', () => {
    const nl = localeFormat('nl', { timeFormat: '24h', currency: 'EUR' });
    assert.equal(nl.date('2026-11-27 14:30:00'), 'vrijdag 27 november 2026');
    assert.equal(nl.time('2026-11-27 09:05:00'), '09:05');
    assert.equal(nl.dateTime('2026-11-27 14:30:00'), 'vrijdag 27 november 2026 om 14:30');
    assert.equal(nl.money(123450).replace(/\s/g, ' '), '€ 1.234,50');
    assert.equal(nl.duration(150), '2 uur 30 min');
    assert.equal(nl.duration(45), '45 min');
    const en = localeFormat('en', { timeFormat: '12h', currency: 'EUR' });
    assert.equal(en.date('2026-11-27 14:30:00'), 'Friday 27 November 2026');
    assert.equal(en.time('2026-11-27 14:30:00'), '2:30 PM');
    assert.equal(en.money(123450), '€1,234.50');
    assert.equal(en.duration(150), '2 h 30 min');
    assert.equal(en.duration(120), '2 h');
  });

  it('wall-clock strings are formatted as they are: no time zone shifts the day or the hour', () => {
    const en = localeFormat('en', { timeFormat: '24h', currency: 'EUR' });
    assert.equal(en.dateTime('2031-03-30 02:30:00'), 'Sunday 30 March 2031 at 02:30');
  });

  it('values are text: markup in a value or a message is left as characters for the layout to escape', () => {
    assert.equal(
      formatMessage('en', 'booking.request.body', { client_name: '<b>Ann</b>' }),
      "A provisional booking for <b>Ann</b> awaits the client's answer:",
    );
  });
});
