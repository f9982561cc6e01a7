import { AA_NON_TEXT, AA_TEXT, contrastRatio, mix, parseHex, toHex, type Rgb } from './contrast.js';

/*
 * The salon's look: its brand colour made into the accent tokens of ui/tokens.css, for the light
 * and the dark scheme, and its `dark_mode` setting. A salon may pick any colour (yellow, black,
 * a mid grey); the pages must stay readable whatever it picks, so each token is the brand colour
 * moved towards black (on light pages) or white (on dark pages) only as far as WCAG AA needs:
 *
 * - `accent`, the colour of buttons, ticked boxes and the chosen day: 3:1 against the page's
 *   backgrounds (a control's state must be seen), and a text colour on it must reach 4.5:1;
 * - `accent-text`, the text on `accent`: black or white, whichever reads better (≥ 4.5:1);
 * - `accent-soft`, a tint of `accent` for a quiet background: the page's text reads on it;
 * - `accent-ink`, the accent as text (links, secondary buttons): 4.5:1 against the page's
 *   backgrounds and `accent-soft`.
 */

export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** The accent of the pages before a salon picks a colour (the setting's default too). */
export const DEFAULT_BRAND_COLOR = '#7a2e54';

/** Each scheme's page colours, as ui/tokens.css defines them (a test keeps the two equal). */
export const PAGE_COLOURS: Record<Scheme, { bg: string; surface: string; text: string; muted: string }> = {
  light: { bg: '#ffffff', surface: '#f6f5f3', text: '#1d1b19', muted: '#5c5650' },
  dark: { bg: '#171514', surface: '#23201e', text: '#f3f0ed', muted: '#c2bab2' },
};

export interface AccentTokens {
  accent: string;
  'accent-text': string;
  'accent-soft': string;
  'accent-ink': string;
}
export const ACCENT_TOKENS = ['accent', 'accent-text', 'accent-soft', 'accent-ink'] as const;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
/** How much of `accent` tints the page background into `accent-soft`. */
const SOFT_SHARE: Record<Scheme, number> = { light: 0.12, dark: 0.15 };

const rgb = (hex: string): Rgb => parseHex(hex) ?? parseHex(DEFAULT_BRAND_COLOR)!;
const leastContrast = (colour: Rgb, against: readonly Rgb[]) =>
  Math.min(...against.map((other) => contrastRatio(colour, other)));

/** Black or white, whichever contrasts more with `fill`. */
function textOn(fill: Rgb): Rgb {
  return contrastRatio(fill, BLACK) >= contrastRatio(fill, WHITE) ? BLACK : WHITE;
}

/**
 * The first colour on the way from `start` to `end` (in steps of 1 %) that `passes`. The end
 * itself (black on light pages, white on dark ones) passes every test made here.
 */
function nearestPassing(start: Rgb, end: Rgb, passes: (colour: Rgb) => boolean): Rgb {
  for (let step = 0; step <= 100; step++) {
    const colour = mix(start, end, step / 100);
    if (passes(colour)) return colour;
  }
  return end;
}

/** The accent tokens of `brandColor` (`#rrggbb`; anything else reads as the default) on `scheme`'s pages. */
export function accentTokens(brandColor: string, scheme: Scheme): AccentTokens {
  const brand = rgb(brandColor);
  const page = PAGE_COLOURS[scheme];
  const backgrounds = [rgb(page.bg), rgb(page.surface)];
  const away = scheme === 'light' ? BLACK : WHITE;

  const accent = nearestPassing(
    brand,
    away,
    (colour) => leastContrast(colour, backgrounds) >= AA_NON_TEXT && contrastRatio(colour, textOn(colour)) >= AA_TEXT,
  );
  const soft = mix(rgb(page.bg), accent, SOFT_SHARE[scheme]);
  const ink = nearestPassing(brand, away, (colour) => leastContrast(colour, [...backgrounds, soft]) >= AA_TEXT);
  return {
    accent: toHex(accent),
    'accent-text': toHex(textOn(accent)),
    'accent-soft': toHex(soft),
    'accent-ink': toHex(ink),
  };
}

/**
 * The custom properties that carry a brand colour to ui/tokens.css: `--accent-light`,
 * `--accent-text-dark` and so on; the stylesheet picks each scheme's set.
 */
export function lookProperties(brandColor: string): Record<string, string> {
  return Object.fromEntries(
    SCHEMES.flatMap((scheme) => {
      const tokens = accentTokens(brandColor, scheme);
      return ACCENT_TOKENS.map((token) => [`--${token}-${scheme}`, tokens[token]]);
    }),
  );
}

/** The scheme `dark_mode` imposes: `light` or `dark`; null for `system` (the visitor's preference). */
export function forcedScheme(darkMode: string): Scheme | null {
  return darkMode === 'light' || darkMode === 'dark' ? darkMode : null;
}
