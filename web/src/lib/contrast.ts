/*
 * Colour contrast as WCAG 2 defines it: the relative luminance of an sRGB colour, and the ratio
 * between two (1 to 21). AA asks 4.5:1 for text and 3:1 for the parts of a control that show
 * its state (a ticked box, a chosen day).
 */

export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** Red, green, blue, 0–255 each. */
export type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** `#7a2e54` → [122, 46, 84]; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `share` (0–1) of the way to `to`, channel by channel, rounded to whole values. */
export function mix(from: Rgb, to: Rgb, share: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * share)) as unknown as Rgb;
}
