import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseTrigrams, suffixRange } from './search-trigrams.js';

/*
 * Which trigrams of a search SQLite's trigram index is asked for. The choice changes only what
 * a search reads, never what it finds (every trigram of the text is one a match holds), so it
 * is tested here on counts given by hand: 200,000 clients, as in the bench.
 */

const CLIENTS = 200_000;
const counts =
  (known: Record<string, number>, otherwise = 150_000) =>
  (trigram: string) =>
    known[trigram] ?? otherwise;

describe('client search trigram choice', () => {
  it('the rarest trigram alone when it leaves few clients to check', () => {
    assert.deepEqual(chooseTrigrams('client14401@', counts({ '440': 150, '401': 1_800 }), CLIENTS), ['440']);
  });

  it('a trigram apart from those chosen is taken before one overlapping them', () => {
    // `abc` leaves 1,000; `bcd` overlaps it, `fgh` is apart from it and narrows more.
    const chosen = chooseTrigrams('abcdefgh', counts({ abc: 1_000, bcd: 1_100, fgh: 1_200 }), CLIENTS);
    assert.deepEqual(chosen, ['abc', 'fgh']);
  });

  it('an overlapping trigram is taken when none apart from the chosen is left and many clients remain', () => {
    // Every rare trigram of `client14401@` overlaps `440`; `cli`, `lie`, … are every client's and
    // far commoner than the rarest.
    const chosen = chooseTrigrams(
      'client14401@',
      counts({ '440': 1_744, '401': 1_800, '01@': 2_000, '144': 2_100, t14: 60_000 }),
      CLIENTS,
    );
    assert.deepEqual(chosen, ['440', '401']);
  });

  it('a trigram whose every character is in one chosen is passed over', () => {
    // `r v` and `noo` leave every Noor van …; `oor` lies within them, `vos` narrows to the Voses.
    const chosen = chooseTrigrams(
      'noor vos',
      counts({ 'r v': 3_000, noo: 3_500, oor: 3_600, vos: 4_000, ' vo': 8_000, 'or ': 9_000 }),
      CLIENTS,
    );
    assert.deepEqual(chosen, ['r v', 'noo', 'vos']);
  });

  it('a trigram far commoner than the rarest is never read', () => {
    const chosen = chooseTrigrams('client14401@', counts({ '440': 1_744, '401': 1_744 * 21 }), CLIENTS);
    assert.deepEqual(chosen, ['440']);
  });

  it('at most three trigrams, however many clients they are expected to leave', () => {
    const chosen = chooseTrigrams('abcdefghijkl', counts({}, 20_000), CLIENTS);
    assert.equal(chosen.length, 3);
  });

  it('a text of fewer than three characters has no trigram', () => {
    assert.deepEqual(chooseTrigrams('ab', counts({}), CLIENTS), []);
  });
});

/*
 * The range of the names' suffixes a search reads: every suffix starting with the text lies in
 * it, and nothing else, in the order SQLite compares text (UTF-8's bytes, so code points).
 */
describe('client search name suffix range', () => {
  it('runs from the text to the text with its last character the next one', () => {
    assert.deepEqual(suffixRange('thomas van dijk'), { from: 'thomas van dijk', to: 'thomas van dijl' });
    assert.deepEqual(suffixRange('zoë'), { from: 'zoë', to: 'zoì' });
  });

  it('a text longer than the 16 characters kept of a suffix is looked for by its first 16', () => {
    assert.deepEqual(suffixRange('annemarie van den berg'), { from: 'annemarie van de', to: 'annemarie van df' });
  });

  it('counts characters, not UTF-16 units: a character beyond the first plane is one, and is followed by the next', () => {
    assert.deepEqual(suffixRange('ann😀'), { from: 'ann😀', to: 'ann😁' });
    assert.deepEqual(suffixRange('a😀'.repeat(8) + 'tail'), { from: 'a😀'.repeat(8), to: 'a😀'.repeat(7) + 'a😁' });
  });

  it('after the last code point the one before it moves on, and after U+D7FF comes U+E000', () => {
    assert.deepEqual(suffixRange('ab\u{10FFFF}'), { from: 'ab\u{10FFFF}', to: 'ac' });
    assert.deepEqual(suffixRange('ab\uD7FF'), { from: 'ab\uD7FF', to: 'ab\uE000' });
  });

  it('a lone surrogate is ranged as the U+FFFD it reaches SQLite as', () => {
    assert.deepEqual(suffixRange('ab\uD800'), { from: 'ab\uFFFD', to: 'ab\uFFFE' });
  });

  it('no range when nothing follows the text', () => {
    assert.equal(suffixRange('\u{10FFFF}'.repeat(3)), null);
  });
});
