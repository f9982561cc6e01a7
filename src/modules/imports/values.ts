/*
 * Cell text as other systems write it, read into the values the API takes. Each reader
 * answers null for text it cannot read, and the row is then refused naming the column;
 * nothing is guessed beyond the notations listed here.
 */

/** How the salon writes numbers and dates, from its `language` setting (`nl`, `en`, `en-GB`, …). */
export interface Notation {
  /** The decimal separator: `,` in Dutch, `.` in English. */
  decimal: ',' | '.';
  /** `01/04/1990` is 1 April (day first) unless the salon's language is US English. */
  dayFirst: boolean;
}

export function notationOf(language: string): Notation {
  let decimal: ',' | '.' = ',';
  try {
    const part = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal');
    decimal = part?.value === '.' ? '.' : ',';
  } catch {
    // An unknown language tag: the salon default (Dutch) notation.
  }
  return { decimal, dayFirst: language !== 'en-US' };
}

/** Digits in thousands groups, the groups joined by spaces here: `1 234 567`. */
const THOUSANDS = /^\d{1,3}( \d{3})*$/;

/**
 * An amount of money: `12,50`, `12.50`, `€ 1.234,56`, `1,234.56`, `EUR 35`, `25,-`. With both
 * separators the last one is the decimal one. With one kind only: used more than once, it
 * groups thousands; once, it is the decimal separator when it is the salon's, or when not
 * followed by exactly three digits (`12.50` in a Dutch salon is twelve and a half, `1.250`
 * is twelve hundred and fifty).
 */
export function parseAmount(text: string, notation: Notation): number | null {
  let value = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^[A-Z]{3}|[A-Z]{3}$/g, '')
    .replace(/[€$£]/g, '')
    .replace(/[.,]-$/, '')
    .replace(/'/g, '');
  let sign = 1;
  if (value.startsWith('-')) {
    sign = -1;
    value = value.slice(1);
  }
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return null;
  const lastComma = value.lastIndexOf(',');
  const lastPoint = value.lastIndexOf('.');
  let whole: string;
  let fraction = '';
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimalAt = Math.max(lastComma, lastPoint);
    const group = value[decimalAt] === ',' ? '.' : ',';
    fraction = value.slice(decimalAt + 1);
    const groups = value.slice(0, decimalAt).split(group);
    if (!THOUSANDS.test(groups.join(' '))) return null;
    whole = groups.join('');
  } else if (lastComma >= 0 || lastPoint >= 0) {
    const separator = lastComma >= 0 ? ',' : '.';
    const parts = value.split(separator);
    const groupsThousands = parts.length > 2 || (separator !== notation.decimal && parts[1]!.length === 3);
    if (groupsThousands) {
      if (!THOUSANDS.test(parts.join(' '))) return null;
      whole = parts.join('');
    } else {
      [whole, fraction] = [parts[0]!, parts[1]!];
    }
  } else {
    whole = value;
  }
  if (whole === '' && fraction === '') return null;
  const amount = Number(`${whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(amount) ? sign * amount : null;
}

/** A whole number such as a stock count: `12`, `-3`, `1.000` / `1,000` (thousands), `12,0`. */
export function parseWholeNumber(text: string, notation: Notation): number | null {
  const amount = parseAmount(text, notation);
  return amount !== null && Number.isInteger(amount) ? amount : null;
}

/** A percentage in hundredths of a percent, as VAT rates are stored: `21`, `21%`, `9,0 %` → 2100, 900. */
export function parsePercentage(text: string, notation: Notation): number | null {
  const amount = parseAmount(text.replace(/%$/, '').trim(), notation);
  return amount === null ? null : Math.round(amount * 100);
}

const pad = (n: string) => n.padStart(2, '0');

/**
 * A calendar date as `YYYY-MM-DD` (whether the day exists is the API's check): ISO
 * `1990-04-01` (a time after it is ignored), `1990/04/01`, and day-first `01-04-1990`,
 * `1-4-1990`, `01/04/1990`, `01.04.1990`, month first instead for a US salon unless the
 * numbers say otherwise (a first number above 12 is a day). Two-digit years are not read.
 */
export function parseDate(text: string, notation: Notation): string | null {
  const value = text.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T].*)?$/.exec(value);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T].*)?$/.exec(value);
  if (!local) return null;
  const [first, second] = [Number(local[1]), Number(local[2])];
  const dayFirst = first > 12 ? true : second > 12 ? false : notation.dayFirst;
  const [day, month] = dayFirst ? [local[1]!, local[2]!] : [local[2]!, local[1]!];
  return `${local[3]}-${pad(month)}-${pad(day)}`;
}

/**
 * A duration in whole minutes: `45`, `45 min`, `45m`, `1:30`, `1h30`, `1 h 30 min`,
 * `1,5 uur`, `2 hours`.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const spoken =
    /^(?:(\d+(?:[.,]\d+)?)\s*(?:h|hr|hrs|hour|hours|u|uur|uren)\.?)?\s*(?:(\d+)\s*(?:m|min|mins|minute|minutes|minuut|minuten)?\.?)?$/.exec(
      value,
    );
  if (!spoken || (spoken[1] === undefined && spoken[2] === undefined)) return null;
  const minutes = Number((spoken[1] ?? '0').replace(',', '.')) * 60 + Number(spoken[2] ?? '0');
  return Number.isInteger(minutes) ? minutes : null;
}

const YES = new Set(['1', 'yes', 'y', 'true', 'ja', 'j', 'x', 'on', 'waar', 'opted in', 'subscribed', 'ingeschreven']);
const NO = new Set(['0', 'no', 'n', 'false', 'nee', 'off', 'onwaar', 'opted out', 'unsubscribed', 'uitgeschreven']);

/** Yes or no (`1`/`0`, `yes`/`no`, `true`/`false`, `ja`/`nee`, `x`), as 1 or 0. */
export function parseFlag(text: string): 0 | 1 | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return 1;
  if (NO.has(value)) return 0;
  return null;
}

const GENDERS: Record<string, string> = {
  female: 'female',
  f: 'female',
  woman: 'female',
  w: 'female',
  vrouw: 'female',
  v: 'female',
  mevrouw: 'female',
  'mevr.': 'female',
  mevr: 'female',
  'mw.': 'female',
  mw: 'female',
  mrs: 'female',
  'mrs.': 'female',
  ms: 'female',
  'ms.': 'female',
  male: 'male',
  m: 'male',
  man: 'male',
  heer: 'male',
  'de heer': 'male',
  'dhr.': 'male',
  dhr: 'male',
  mr: 'male',
  'mr.': 'male',
  'non-binary': 'non_binary',
  'non binary': 'non_binary',
  nonbinary: 'non_binary',
  non_binary: 'non_binary',
  'non-binair': 'non_binary',
  nb: 'non_binary',
  x: 'non_binary',
  other: 'other',
  anders: 'other',
  unknown: '',
  onbekend: '',
  'prefer not to say': '',
  '-': '',
};

/** The API's gender value for the usual English and Dutch words and salutations; other text is kept for the API to refuse. */
export function parseGender(text: string): string {
  const value = text.trim().toLowerCase();
  return GENDERS[value] ?? value;
}

const LANGUAGES: Record<string, string> = {
  en: 'en',
  english: 'en',
  engels: 'en',
  nl: 'nl',
  dutch: 'nl',
  nederlands: 'nl',
};

/** `en` or `nl` for the usual names of the two languages; other text is kept for the API to refuse. */
export function parseLanguage(text: string): string {
  const value = text.trim().toLowerCase();
  return LANGUAGES[value] ?? LANGUAGES[value.slice(0, 2)] ?? value;
}

/** A list in one cell (labels, tags): separated by `,`, `;` or `|`; blanks and repeats dropped. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const item of text.split(/[,;|]/)) {
    const name = item.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    items.push(name);
  }
  return items;
}

/** The whole name from its parts: first name, surname prefix (`van der`) and last name. */
export function joinName(...parts: Array<string | undefined>): string {
  return parts
    .map((p) => p?.trim() ?? '')
    .filter((p) => p !== '')
    .join(' ');
}
