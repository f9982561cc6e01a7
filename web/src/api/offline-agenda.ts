import type { Schemas } from './client';

/*
 * The stylist's agenda kept on the phone for when the network is gone (docs/web.md, "The
 * stylist's phone"): the last agenda the service answered, with who it belongs to, when it was
 * read and the phone's switches, in the browser's IndexedDB (the raw API: one record does not
 * need a library). It holds clients' names, phones and the bookings' notes, so:
 *
 * - only with `offline_mode_enabled`, and only the signed-in person's own agenda (the service's
 *   agenda endpoint answers nothing else);
 * - bounded: the days of the agenda from today (at most AGENDA_DAYS), days gone by dropped when
 *   read, and nothing at all once it is older than KEEP_DAYS without a fresh read;
 * - erased at sign-out, when the service says the session is over, and when the switch is off.
 */

export type AgendaAnswer = Schemas['PersonalAgenda'];
export type AgendaEntry = AgendaAnswer['entries'][number];

/** The days an agenda read covers, today included: what the phone keeps at most. */
export const AGENDA_DAYS = 7;
/** A kept agenda not read again for this long is dropped rather than shown. */
export const KEEP_DAYS = 7;

export interface PhoneSwitches {
  offline: boolean;
  swipe: boolean;
  longPress: boolean;
  haptics: boolean;
  timeFormat: string;
}

export interface KeptAgenda {
  user: Schemas['SessionUser'];
  /** When the service answered it (ISO instant): the banner's "as of". */
  savedAt: string;
  agenda: AgendaAnswer;
  switches: PhoneSwitches;
}

const DATABASE = 'salon-offline';
const STORE = 'agenda';
const KEY = 'mine';

function request<T>(asked: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    asked.onsuccess = () => resolve(asked.result);
    asked.onerror = () => reject(asked.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DATABASE, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  return request(opening);
}

async function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await request(act(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** Keeps the agenda just read (replacing whatever was kept). */
export async function keepAgenda(kept: KeptAgenda): Promise<void> {
  await withStore('readwrite', (store) => store.put(kept, KEY));
}

/**
 * The kept agenda, without the days before today (the salon's, by this browser's clock); null
 * when none, when it is older than KEEP_DAYS (then erased), or when IndexedDB is not available.
 */
export async function keptAgenda(now: Date = new Date()): Promise<KeptAgenda | null> {
  if (typeof indexedDB === 'undefined') return null;
  const kept = (await withStore('readonly', (store) => store.get(KEY))) as KeptAgenda | undefined;
  if (!kept) return null;
  if (now.getTime() - Date.parse(kept.savedAt) > KEEP_DAYS * 86_400_000) {
    await eraseAgenda();
    return null;
  }
  const today = todayInZone(kept.agenda.timezone, now);
  const entries = kept.agenda.entries.filter((entry) => entry.booking.start_at.slice(0, 10) >= today);
  return { ...kept, agenda: { ...kept.agenda, entries } };
}

/** Erases the kept agenda (sign-out, a session over, the switch off). Never throws. */
export async function eraseAgenda(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await withStore('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}

/** Today in the salon's zone, from the browser's clock (the service cannot be asked offline). */
export function todayInZone(timezone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Who kept an agenda here, for opening the office without a network: the service cannot be
 * asked whether the session still holds, so the person whose agenda is kept is taken as signed
 * in, read-only, until the network is back and the service decides (null: nobody, or too old).
 */
export async function keptUser(now: Date = new Date()): Promise<KeptAgenda['user'] | null> {
  const kept = await keptAgenda(now).catch(() => null);
  return kept?.user ?? null;
}
