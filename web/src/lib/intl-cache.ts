/*
 * Intl's formatters, made once per locale and options and reused. Making one costs far more
 * than formatting with it (the locale's data is looked up and its patterns compiled): the
 * booking page formats a price, a duration and a time for every service and slot it shows,
 * and on a slow phone making a formatter per call was most of the first render's blocking time.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.NumberFormat(locale, options)`, made once. Throws as it does (an unknown currency). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. Throws as it does (an unknown time zone). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
