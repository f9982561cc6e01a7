/*
 * Amounts typed at the till: "12,50", "12.50", "€ 12" and "1.250,00" all read as the number
 * the person meant. The last "," or "." followed by one or two digits is the decimal mark;
 * any other mark groups thousands.
 */

/** The amount typed, or null when it is not one (empty, letters, more than two decimals). */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€$£]|CHF|EUR|USD|GBP/gi, '');
  if (!/^-?[\d.,]+$/.test(cleaned)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '');
  if (whole === '' || whole === '-') return null;
  const value = Number(`${whole}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** Σ value × count in cents, so 0.1 + 0.2 never shows as 0.30000000000000004. */
export function sumDenominations(lines: readonly { value: number; count: number }[]): number {
  return lines.reduce((cents, line) => cents + Math.round(line.value * 100) * line.count, 0) / 100;
}
