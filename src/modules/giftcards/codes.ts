import { randomInt } from 'node:crypto';

/*
 * A gift card code is a bearer value: whoever holds it may spend the balance. 16 symbols from
 * a 31-letter alphabet (no 0/O, 1/I/L) give 79 random bits from the CSPRNG: unguessable, and
 * still easy to read out at the till. Shown in groups of four; any case, spaces or dashes
 * typed by staff are normalised away before lookup.
 */

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newGiftCardCode(): string {
  let raw = '';
  for (let i = 0; i < 16; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.replace(/(.{4})(?!$)/g, '$1-');
}

/** The stored form of what someone typed: upper case, grouped by dashes. */
export function normaliseGiftCardCode(input: string): string {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  return raw.replace(/(.{4})(?!$)/g, '$1-');
}
