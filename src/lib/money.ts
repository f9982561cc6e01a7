/*
 * Money is stored as integer cents and shown as a number in currency units (12.5).
 * The one place that converts between the two.
 */

export function toCents(amount: number): number {
  // Round half away from zero on the decimal value the user typed (12.345 → 1235), not on
  // its binary approximation: 1.005 * 100 is 100.49999…, so shift by string first.
  const [mantissa, exponent = '0'] = String(Math.abs(amount)).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  return Math.sign(amount) * Math.round(shifted);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
