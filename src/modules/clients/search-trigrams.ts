import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/*
 * What SQLite's client search indexes are asked for the candidates of a search, a superset of
 * its matches that the search's `like`s then decide:
 *
 * - names: one range of `clients_search_name_suffixes`, every suffix of every name (lower-cased
 *   as SQLite's lower() and LIKE fold case, ASCII letters only, and cut to 16 characters). A
 *   name holds the text exactly when one of its suffixes starts with it.
 * - emails and phones: FTS5 with the trigram tokenizer (`clients_search_emails`,
 *   `clients_search_phones`), asked for the clients holding a few of the text's rarest
 *   trigrams. Every client whose email or phone holds the text holds each of its trigrams.
 *   Which trigrams are rarest comes from each index's own counts (`clients_search_email_terms`,
 *   `clients_search_phone_terms`), kept here for a while per database: a count out of date can
 *   only make a search slower by choosing a less rare trigram, never change what it finds,
 *   since every trigram chosen is one the matches must hold.
 */

/** Characters of a name's suffix kept in the index: a longer text is looked for by its first 16. */
const SUFFIX_LENGTH = 16;

/** Per index of the search, the FTS5 vocabulary table counting its clients per trigram. */
const TERMS = { emails: 'clients_search_email_terms', phones: 'clients_search_phone_terms' } as const;
type SearchIndex = keyof typeof TERMS;

/** Candidates few enough to check one by one: no further trigram is read once this few are expected. */
const FEW_ENOUGH = 200;
/** Trigrams asked for at most: each one more reads its whole list. */
const MOST_TRIGRAMS = 3;
/** A trigram this many times commoner than the rarest costs more to read than it narrows. */
const COMMONER_LIMIT = 20;
/** How long a trigram's count is used before it is read again. */
const COUNT_TTL_MS = 10 * 60_000;
/** Counts kept per database at most; beyond it they are all read again. */
const MOST_COUNTS = 50_000;

/** The trigrams of `text` as FTS5's trigram tokenizer cuts them (three characters, not bytes), each with its first position. */
export function trigramsOf(text: string): Array<{ trigram: string; at: number }> {
  const characters = [...text];
  const seen = new Map<string, number>();
  for (let at = 0; at + 3 <= characters.length; at += 1) {
    const trigram = characters.slice(at, at + 3).join('');
    if (!seen.has(trigram)) seen.set(trigram, at);
  }
  return [...seen].map(([trigram, at]) => ({ trigram, at }));
}

/** Per database, the counts read, keyed by index and trigram. */
const countsByDatabase = new WeakMap<object, Map<string, { clients: number; readAt: number }>>();

/** Under this key the counts keep the number of clients (no trigram is four characters). */
const ALL_CLIENTS = 'all clients';

/** How many clients hold each trigram in `index`, and ALL_CLIENTS how many there are, read unless known recently. */
async function clientsHolding(db: Kysely<DB>, index: SearchIndex, trigrams: string[]): Promise<Map<string, number>> {
  let counts = countsByDatabase.get(db);
  if (!counts || counts.size > MOST_COUNTS) {
    counts = new Map();
    countsByDatabase.set(db, counts);
  }
  const now = Date.now();
  const result = new Map<string, number>();
  for (const trigram of trigrams) {
    const key = `${index} ${trigram}`;
    const known = counts.get(key);
    if (known && now - known.readAt < COUNT_TTL_MS) {
      result.set(trigram, known.clients);
      continue;
    }
    // The index folds case as its tokenizer does; a trigram it folds otherwise reads as 0, which
    // only makes it look rare.
    const row = await (
      trigram === ALL_CLIENTS
        ? sql<{ doc: number }>`select coalesce(max(id), 0) as doc from clients`
        : sql<{ doc: number }>`select doc from ${sql.table(TERMS[index])} where term = ${trigram}`
    )
      .execute(db)
      .then((r) => r.rows[0]);
    const clients = Number(row?.doc ?? 0);
    counts.set(key, { clients, readAt: now });
    result.set(trigram, clients);
  }
  return result;
}

/** For each character of `text`, the number of the word it is in (by whitespace), or -1 for whitespace. */
function wordOfEachCharacter(text: string): number[] {
  let word = -1;
  let inWord = false;
  return [...text].map((character) => {
    const space = /\s/.test(character);
    if (!space && !inWord) word += 1;
    inWord = !space;
    return space ? -1 : word;
  });
}

/**
 * The rarest trigrams of `text`: the rarest one, then the next rarest while the clients holding
 * all of those chosen are still expected to be many, stopping at one far commoner than the
 * rarest (its list costs more than it narrows). A trigram of other words than those chosen is
 * taken as independent of them (`s j` and `nse` of `roos jansen` both mostly mean a word
 * starting with a j); one sharing a word with them is expected to narrow by only the square
 * root of its share of the clients, since the trigrams of one word are far from independent.
 *
 * Trigrams overlapping one chosen narrow least, so they are looked at only after every other,
 * and then as narrowing by the square root of their share too. They are still worth their list
 * where nothing else is left: of `client14401@` only `440` is apart from the rest, and it alone
 * leaves ~1,750 clients of the bench's 200,000 to check one by one (1.3 ms); with `401` beside
 * it, ~20. One whose every character is in one chosen (`oor` beside `noo` and `r v` of `noor
 * vos`) says next to nothing more and is passed over.
 */
export function chooseTrigrams(text: string, clientsHolding: (trigram: string) => number, clients: number): string[] {
  const all = trigramsOf(text);
  const count = (t: { trigram: string }) => clientsHolding(t.trigram);
  const words = wordOfEachCharacter(text);
  const wordsOf = (at: number) => new Set(words.slice(at, at + 3).filter((word) => word >= 0));
  const byRarity = [...all].sort((a, b) => count(a) - count(b) || a.at - b.at);
  const rarest = byRarity[0];
  if (!rarest) return [];
  const chosen = [rarest];
  const chosenWords = wordsOf(rarest.at);
  let expected = count(rarest);
  const overlapping = (next: { at: number }) => chosen.some((c) => Math.abs(c.at - next.at) < 3);
  // A trigram whose three characters are each in one chosen says next to nothing more.
  const covered = (next: { at: number }) =>
    [0, 1, 2].every((i) => chosen.some((c) => c.at <= next.at + i && next.at + i < c.at + 3));
  for (const pass of ['apart', 'overlapping'] as const) {
    for (const next of byRarity) {
      if (chosen.length >= MOST_TRIGRAMS || expected <= FEW_ENOUGH) break;
      if (count(next) > COMMONER_LIMIT * Math.max(1, count(rarest))) break;
      if (chosen.includes(next) || covered(next) || (pass === 'apart' && overlapping(next))) continue;
      const share = count(next) / Math.max(1, clients);
      const nextWords = wordsOf(next.at);
      const related = overlapping(next) || [...nextWords].some((word) => chosenWords.has(word));
      expected *= related ? Math.sqrt(share) : share;
      chosen.push(next);
      for (const word of nextWords) chosenWords.add(word);
    }
  }
  return chosen.map((c) => c.trigram);
}

async function rarestTrigrams(db: Kysely<DB>, index: SearchIndex, text: string): Promise<string[]> {
  const counts = await clientsHolding(db, index, [...trigramsOf(text).map((t) => t.trigram), ALL_CLIENTS]);
  return chooseTrigrams(text, (trigram) => counts.get(trigram) ?? 0, counts.get(ALL_CLIENTS) ?? 0);
}

/** A phrase of FTS5's query language that means the text itself, whatever characters it holds. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The range of the names' suffixes holding `text` (lower-cased): from its first 16 characters
 * to the first text past every one starting with them (the last character's next code point,
 * carried over when it has none), in the byte order of UTF-8 that SQLite compares text in,
 * which is the order of code points. Null when nothing is past them (every character U+10FFFF).
 */
export function suffixRange(text: string): { from: string; to: string } | null {
  // A lone surrogate reaches SQLite as U+FFFD, as the `like`'s pattern does: ranged as that.
  const points = [...text]
    .slice(0, SUFFIX_LENGTH)
    .map((character) => character.codePointAt(0)!)
    .map((point) => (point >= 0xd800 && point <= 0xdfff ? 0xfffd : point));
  const from = String.fromCodePoint(...points);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last >= 0x10ffff) continue;
    // No code point lies in the surrogates' range: after U+D7FF comes U+E000.
    points.push(last === 0xd7ff ? 0xe000 : last + 1);
    return { from, to: String.fromCodePoint(...points) };
  }
  return null;
}

/** The questions for each index naming the clients that may match a search. */
export interface CandidateQueries {
  /** The range of `clients_search_name_suffixes` holding the names that may hold the search. */
  names: { from: string; to: string };
  /** For `clients_search_emails` (FTS5): the clients whose email may hold the search. */
  emails: string;
  /** For `clients_search_phones` (FTS5): those whose phone may hold it; null when the search has no phone part. */
  phones: string | null;
}

/**
 * What the indexes are asked for the clients that may match a search: the range of the names'
 * suffixes starting with `search`, the emails holding its rarest trigrams, and the phones
 * holding the rarest of `phone` (all lower-cased as the `like`s compare them), possibly more
 * than match. The caller reads them inside its own statement, so the candidates go from the
 * index to the rows without a trip through JavaScript. Null when a part is shorter than a
 * trigram, which the trigram indexes cannot answer.
 */
export async function candidatesQuery(db: Kysely<DB>, search: string, phone: string): Promise<CandidateQueries | null> {
  const text = search.toLowerCase();
  const phoneText = phone.toLowerCase();
  const tooShort = (part: string) => [...part].length < 3;
  if (tooShort(text) || (phoneText !== '' && tooShort(phoneText))) return null;
  const names = suffixRange(text);
  if (!names) return null;
  const all = (trigrams: string[]) => trigrams.map(phrase).join(' AND ');
  return {
    names,
    emails: all(await rarestTrigrams(db, 'emails', text)),
    phones: phoneText ? all(await rarestTrigrams(db, 'phones', phoneText)) : null,
  };
}
