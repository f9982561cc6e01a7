import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

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
