/*
 * A worker that makes the browser's first Intl calls, so the page's own do not have to
 * (warm-intl.ts). Its name is the locale. It says when it is done (the page may be waiting for
 * it) and closes. The calls are the booking page's first render's: prices, durations, the
 * number in a plural, the opening hours' times and day names.
 */
const locale = self.name;
new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1);
new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(1);
new Intl.NumberFormat(locale, { style: 'percent' }).format(1);
new Intl.NumberFormat(locale).format(1);
new Intl.PluralRules(locale).select(1);
new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric' }).format(0);
new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(0);
self.postMessage(null);
self.close();
