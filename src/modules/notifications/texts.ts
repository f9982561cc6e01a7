import type { Executor } from '../../db/executor.js';
import { readSettings } from '../../db/settings.js';
import {
  formatMessage,
  localeFormat,
  normaliseLanguage,
  type Language,
  type LocaleFormat,
  type MessageKey,
  type MessageValues,
} from '../../messages/index.js';

/*
 * The words of the staff's notifications. A caller names a catalogue key and its parameters
 * (`notice(...)`); notifyAdmins and notifyUser write it in the salon's `language` setting of
 * that moment, so a Dutch salon reads Dutch in its inbox and on its phones. The texts live in
 * the message catalogues with the emails' (src/messages/catalogues), which also gives a
 * language without its own texts English.
 */

/** Each notification text's parameters: what a caller must give, and all it may give. */
export const NOTIFICATION_TEXTS = {
  'notification.booking_new.title': [],
  'notification.booking_new.message': ['client', 'service', 'start'],
  'notification.booking_request.title': [],
  'notification.booking_request.message': ['client', 'service', 'start'],
  'notification.visit_overdue.title': ['count'],
  'notification.visit_overdue.message': ['days', 'names', 'rest'],
  'notification.low_stock.title': ['product'],
  'notification.low_stock.message': ['product', 'sku', 'quantity', 'threshold'],
  'notification.review_new.title': ['rating'],
  'notification.review_new.message': ['service', 'staff'],
  'notification.review_new.message_comment': ['service', 'staff', 'comment'],
  'notification.payment_failed.title': [],
  'notification.payment_failed.message': ['what', 'error'],
  'notification.payment_failed.pos_order': ['reference'],
  'notification.payment_failed.noshow_fee': ['reference'],
  'notification.payment_failed.deposit': ['reference'],
  'notification.payment_failed.unknown_reason': [],
  'notification.noshow_fee_paid.title': [],
  'notification.noshow_fee_paid.message': ['booking', 'amount'],
  'notification.deposit_late.title': [],
  'notification.deposit_late.message': ['client', 'amount', 'service', 'start'],
  'notification.campaign_sent.title': [],
  'notification.campaign_sent.message': ['name', 'sent', 'failed', 'skipped', 'total'],
  'notification.waitlist_join.title': ['client'],
  'notification.waitlist_join.message': ['client', 'service', 'date'],
  'notification.waitlist_join.message_window': ['client', 'service', 'date', 'from', 'to'],
  'notification.waitlist_slot.title': ['client'],
  'notification.waitlist_slot.message': ['service', 'staff', 'start', 'end', 'client'],
  'notification.waitlist_slot.any_staff': [],
  'notification.webhook_disabled.title': [],
  'notification.webhook_disabled.message': ['url', 'days'],
  'notification.sms_limit.title': [],
  'notification.sms_limit.message': ['limit', 'day'],
} as const satisfies Partial<Record<MessageKey, readonly string[]>>;

export type NoticeKey = keyof typeof NOTIFICATION_TEXTS;

/**
 * A parameter: text and numbers as they are (numbers in the language's digits); wall-clock
 * times (`YYYY-MM-DD HH:MM[:SS]`, salon time) and cents formatted as the emails do; or a text
 * of its own (a part that differs per language, e.g. "unknown reason").
 */
export type NoticeValue =
  | string
  | number
  | NoticeText
  | { dateTime: string }
  | { date: string }
  | { time: string }
  | { cents: number; currency?: string };

type Params<K extends NoticeKey> = (typeof NOTIFICATION_TEXTS)[K][number];

/** A notification's title or message, still to be written in a language. */
export interface NoticeText {
  key: NoticeKey;
  values: Readonly<Record<string, NoticeValue>>;
}

/** The text `key` with exactly its parameters (none for a key without). */
export function notice<K extends NoticeKey>(
  key: K,
  ...values: [Params<K>] extends [never] ? [] : [Readonly<Record<Params<K>, NoticeValue>>]
): NoticeText {
  return { key, values: values[0] ?? {} };
}

/** Writes a text in `language`, its dates and amounts in `format` (the same language's). */
export function writeNotice(text: NoticeText, language: Language, format: LocaleFormat): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(text.values)) values[name] = writeValue(value, language, format);
  return formatMessage(language, text.key, values);
}

function writeValue(value: NoticeValue, language: Language, format: LocaleFormat): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if ('key' in value) return writeNotice(value, language, format);
  if ('dateTime' in value) return format.dateTime(value.dateTime);
  if ('date' in value) return format.date(value.date);
  if ('time' in value) return format.time(value.time);
  return format.money(value.cents, value.currency);
}

/** A notification's title and message as written. */
export interface WrittenNotice {
  title: string;
  message: string;
}

/**
 * The writer of notifications in the salon's language as the settings say now (read in the
 * caller's transaction, so a language changed in it counts); English for one without texts.
 */
export async function noticeWriter(trx: Executor): Promise<(title: NoticeText, message: NoticeText) => WrittenNotice> {
  const settings = await readSettings(trx);
  const language = normaliseLanguage(settings.language);
  const format = localeFormat(language, { timeFormat: settings.time_format, currency: settings.currency });
  return (title, message) => ({
    title: writeNotice(title, language, format),
    message: writeNotice(message, language, format),
  });
}
