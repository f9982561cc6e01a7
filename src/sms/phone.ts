import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The country a number without a `+` prefix is read in: the region of the salon's
 * `language` setting when it names one (`en-GB` → GB), else the Netherlands.
 */
export function defaultCountry(language: string | undefined): CountryCode {
  const region = /-([A-Z]{2})$/.exec(language ?? '')?.[1];
  return (region as CountryCode | undefined) ?? 'NL';
}

/** The number in E.164 (`+31612345678`), or null when it is not a valid phone number. */
export function toE164(raw: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed?.isValid() ? parsed.number : null;
}

/** A country code a phone number can belong to (NL, BE …), upper-cased; null when unknown. */
export function phoneCountryCode(code: string): CountryCode | null {
  const upper = code.trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : null;
}

/**
 * The countries whose numbers may be texted (the `sms_allowed_countries` setting, a JSON
 * array): none named means the salon's own country, the one numbers without `+` are read in.
 */
export function smsCountries(settings: { sms_allowed_countries: string; language: string }): CountryCode[] {
  let stored: unknown = [];
  try {
    stored = JSON.parse(settings.sms_allowed_countries);
  } catch {
    // Unreadable reads as none named: the safest list.
  }
  const named = Array.isArray(stored)
    ? stored.map((code) => (typeof code === 'string' ? phoneCountryCode(code) : null)).filter((c) => c !== null)
    : [];
  return named.length > 0 ? named : [defaultCountry(settings.language)];
}

/** Whether an E.164 number belongs to one of the countries SMS may go to. */
export function maySmsCountry(e164: string, settings: { sms_allowed_countries: string; language: string }): boolean {
  const country = parsePhoneNumberFromString(e164)?.country;
  return country !== undefined && smsCountries(settings).includes(country);
}

/**
 * The range a number belongs to for the per-prefix limit: all but its last three digits.
 * Pumping traffic goes to blocks of consecutive numbers a fraudulent carrier holds; a salon's
 * own clients rarely share a block of a thousand.
 */
export function numberPrefix(e164: string): string {
  return e164.slice(0, -3);
}
