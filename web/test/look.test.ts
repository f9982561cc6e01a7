import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AA_NON_TEXT, AA_TEXT, contrastRatio, parseHex, toHex, type Rgb } from '../src/lib/contrast.js';
import {
  ACCENT_TOKENS,
  accentTokens,
  DEFAULT_BRAND_COLOR,
  forcedScheme,
  lookProperties,
  PAGE_COLOURS,
  SCHEMES,
  type Scheme,
} from '../src/lib/look.js';

const rgb = (hex: string): Rgb => {
  const parsed = parseHex(hex);
  assert.ok(parsed, `not a colour: ${hex}`);
  return parsed;
};
const ratio = (a: string, b: string) => contrastRatio(rgb(a), rgb(b));

/** Every pair of the page that must read, for a brand colour on a scheme's pages. */
function assertReadable(brand: string, scheme: Scheme): void {
  const tokens = accentTokens(brand, scheme);
  const page = PAGE_COLOURS[scheme];
  const at = (what: string, value: number, least: number) =>
    assert.ok(value >= least, `${brand} on ${scheme} pages: ${what} is ${value.toFixed(2)}:1, under ${least}:1`);
  for (const background of [page.bg, page.surface]) {
    at(`accent ${tokens.accent} against ${background}`, ratio(tokens.accent, background), AA_NON_TEXT);
    at(`accent-ink ${tokens['accent-ink']} on ${background}`, ratio(tokens['accent-ink'], background), AA_TEXT);
  }
  at('accent-text on accent', ratio(tokens['accent-text'], tokens.accent), AA_TEXT);
  at('accent-ink on accent-soft', ratio(tokens['accent-ink'], tokens['accent-soft']), AA_TEXT);
  at('text on accent-soft', ratio(page.text, tokens['accent-soft']), AA_TEXT);
  at('muted text on accent-soft', ratio(page.muted, tokens['accent-soft']), AA_TEXT);
}

describe('contrast (WCAG 2)', () => {
  it('black on white is 21:1, a colour on itself 1:1, #777777 on white just under AA', () => {
    assert.equal(ratio('#000000', '#ffffff'), 21);
    assert.equal(ratio('#7a2e54', '#7a2e54'), 1);
    assert.equal(ratio('#ffffff', '#000000'), ratio('#000000', '#ffffff'));
    assert.equal(ratio('#777777', '#ffffff').toFixed(2), '4.48');
  });

  it('hex colours are read in either case and written in lower case; anything else is not a colour', () => {
    assert.deepEqual(parseHex('#7A2E54'), [122, 46, 84]);
    assert.equal(toHex([122, 46, 84]), '#7a2e54');
    for (const wrong of ['7a2e54', '#fff', '#7a2e5g', 'purple', '']) assert.equal(parseHex(wrong), null, wrong);
  });
});

describe("the salon's look", () => {
  it('awkward brand colours (yellow, black, white, mid grey, pure green) stay readable in both schemes', () => {
    for (const brand of ['#ffff00', '#000000', '#777777', '#ffffff', '#00ff00', '#0000ff', DEFAULT_BRAND_COLOR]) {
      for (const scheme of SCHEMES) assertReadable(brand, scheme);
    }
  });

  it('any colour at all stays readable in both schemes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const brand = `#${value.toString(16).padStart(6, '0')}`;
        for (const scheme of SCHEMES) assertReadable(brand, scheme);
      }),
      { numRuns: 3000 },
    );
  });

  it('a colour that already reads is kept as it is; one that does not is moved only as far as needed', () => {
    assert.deepEqual(accentTokens('#7a2e54', 'light'), {
      accent: '#7a2e54',
      'accent-text': '#ffffff',
      'accent-soft': '#efe6ea',
      'accent-ink': '#7a2e54',
    });
    // Yellow: a fill on dark pages as it is, with black text; darkened on light pages.
    assert.equal(accentTokens('#ffff00', 'dark').accent, '#ffff00');
    assert.equal(accentTokens('#ffff00', 'dark')['accent-text'], '#000000');
    const darkened = accentTokens('#ffff00', 'light');
    assert.notEqual(darkened.accent, '#ffff00');
    // One step (1 %) less would not do: the contrast is just above the bar.
    const least = Math.min(
      ...[PAGE_COLOURS.light.bg, PAGE_COLOURS.light.surface, darkened['accent-soft']].map((background) =>
        ratio(darkened['accent-ink'], background),
      ),
    );
    assert.ok(least >= AA_TEXT && least < AA_TEXT + 0.3, `${darkened['accent-ink']}: ${least}`);
    // Black on dark pages is lightened; mid grey stays a fill, with black text on it.
    assert.notEqual(accentTokens('#000000', 'dark').accent, '#000000');
    assert.equal(accentTokens('#777777', 'light').accent, '#777777');
    assert.equal(accentTokens('#777777', 'light')['accent-text'], '#000000');
    assert.notEqual(accentTokens('#777777', 'light')['accent-ink'], '#777777');
  });

  it('a value that is not a colour reads as the default colour', () => {
    assert.deepEqual(accentTokens('purple', 'dark'), accentTokens(DEFAULT_BRAND_COLOR, 'dark'));
  });

  it('the custom properties name every token of both schemes', () => {
    const properties = lookProperties('#ffff00');
    assert.deepEqual(
      Object.keys(properties).sort(),
      SCHEMES.flatMap((scheme) => ACCENT_TOKENS.map((token) => `--${token}-${scheme}`)).sort(),
    );
    assert.equal(properties['--accent-dark'], '#ffff00');
  });

  it('dark_mode: light and dark impose a scheme; system (or anything else) follows the visitor', () => {
    assert.equal(forcedScheme('light'), 'light');
    assert.equal(forcedScheme('dark'), 'dark');
    assert.equal(forcedScheme('system'), null);
    assert.equal(forcedScheme('sepia'), null);
  });

  it("ui/tokens.css holds the default colour's tokens and the page colours lib/look.ts reckons with", () => {
    const css = readFileSync(new URL('../src/ui/tokens.css', import.meta.url), 'utf8');
    const declared = (name: string) => {
      const values = [...css.matchAll(new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'gi'))].map((m) => m[1]!);
      assert.ok(values.length > 0, `tokens.css does not declare --${name}`);
      return values;
    };
    for (const scheme of SCHEMES) {
      const tokens = accentTokens(DEFAULT_BRAND_COLOR, scheme);
      for (const token of ACCENT_TOKENS) assert.deepEqual(declared(`${token}-${scheme}`), [tokens[token]], token);
    }
    // Each page colour: the light value first, then the dark one (declared twice: system and dark).
    for (const name of ['bg', 'surface', 'text', 'muted'] as const) {
      assert.deepEqual(declared(name), [PAGE_COLOURS.light[name], PAGE_COLOURS.dark[name], PAGE_COLOURS.dark[name]]);
    }
  });
});
