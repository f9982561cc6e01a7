import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/*
 * The message catalogues (web/src/i18n/catalogues): English is the source of the keys, every
 * other language has exactly its keys, every message parses as ICU, and every key the code
 * names exists (the type check says so too: MessageKey is the English catalogue's keys).
 */
const dir = new URL('../src/i18n/catalogues/', import.meta.url);
const read = (language: string) =>
  JSON.parse(readFileSync(new URL(`${language}.json`, dir), 'utf8')) as Record<string, string>;
const languages = readdirSync(dir).map((file) => file.replace(/\.json$/, ''));
const source = read('en');

/** The ICU argument names of a message: `{name}`, `{count, plural, …}`. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [string, string?, unknown?];
      names.add(name);
      if (format && typeof format === 'object') Object.values(format).forEach(walk);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe('web message catalogues', () => {
  it('the front end speaks English and Dutch', () => {
    assert.deepEqual(languages.sort(), ['en', 'nl']);
  });
  for (const language of languages) {
    it(`${language}: no key missing or extra against English, every message valid ICU with the same arguments`, () => {
      const catalogue = read(language);
      assert.deepEqual(Object.keys(catalogue).sort(), Object.keys(source).sort());
      for (const [key, message] of Object.entries(catalogue)) {
        assert.deepEqual(argumentsOf(message), argumentsOf(source[key]!), `${language} ${key}`);
      }
    });
  }
});
