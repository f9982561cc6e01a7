import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { defaultCountry, toE164 } from '../../sms/phone.js';
import { readSettings } from '../settings/service.js';

/*
 * Phone numbers as the salon stores them (E.164, read in the salon's country when they have no +)
 * and as a search text holds them.
 */

export const invalidPhone = (field: string) =>
  badRequest('invalid_phone', `${field} is not a valid phone number`, [
    { field, message: 'must be a phone number, e.g. +31 6 1234 5678 or 06 12345678' },
  ]);

/**
 * A phone number as stored: E.164, read in the salon's country when it has no `+`. `''`
 * stays `''` (no number); anything else that is not a valid number is 400 `invalid_phone`.
 */
export async function normalisePhone(db: Kysely<DB>, raw: string, field: string): Promise<string> {
  const text = raw.trim();
  if (text === '') return '';
  const settings = await readSettings(db);
  const e164 = toE164(text, defaultCountry(settings.language));
  if (!e164) throw invalidPhone(field);
  return e164;
}

/** The E.164 form of a search text that is a whole phone number, else null. */
export async function e164OfSearch(db: Kysely<DB>, text: string): Promise<string | null> {
  if (!/^[+\d\s()-]{6,}$/.test(text)) return null;
  const settings = await readSettings(db);
  return toE164(text, defaultCountry(settings.language));
}
