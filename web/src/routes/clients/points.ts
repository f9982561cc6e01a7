/**
 * Points to correct a client's balance by, as typed: a whole number other than 0, signed (a
 * typographic minus taken for "-"), within the API's bounds (±10,000,000); null otherwise.
 */
export function pointsOf(text: string): number | null {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (!/^[+-]?\d{1,8}$/.test(trimmed)) return null;
  const points = Number(trimmed);
  return points === 0 || Math.abs(points) > 10_000_000 ? null : points;
}
