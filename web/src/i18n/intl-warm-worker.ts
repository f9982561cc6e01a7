/*
 * A worker that makes the browser's first Intl calls, so the page's own do not have to
 * (warm-intl.ts). Its name is the locale. Nothing comes back: it closes once done.
 */
const locale = self.name;
new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1);
new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(1);
new Intl.NumberFormat(locale, { style: 'percent' }).format(1);
new Intl.PluralRules(locale).select(1);
new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric' }).format(0);
self.close();
