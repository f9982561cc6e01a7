import { answerOf, ConnectionError } from '../api/errors.js';

/*
 * Why a request failed, as a page tells it: the fields at fault (a 400's `details`, shown on
 * the fields through React Aria's `validationErrors`), or one message for the rest. Pages read
 * failures only through this module and FailureAlert.tsx, so a status or a code is interpreted
 * in one place.
 */

export type Failure =
  /** 400 with `details`: each field's message goes on the field; the alert says to look at them. */
  | { kind: 'invalid'; code: string | undefined; fields: Readonly<Record<string, string>> }
  /** Any other 4xx: a rule of the service (a 409's code: `too_late_to_cancel` …), gone, not allowed. */
  | { kind: 'refused'; status: number; code: string | undefined }
  /** 429: too many attempts; `retryAfter` in seconds when the service said (Retry-After). */
  | { kind: 'tooMany'; retryAfter: number | null }
  /** No answer: the connection dropped. Nothing typed is lost; the same request may be sent again. */
  | { kind: 'offline' }
  /** 5xx, or anything else unexpected. */
  | { kind: 'failed' };

/** The failure of a request's error; null for no error. */
export function readFailure(error: unknown): Failure | null {
  if (error === null || error === undefined) return null;
  if (error instanceof ConnectionError) return { kind: 'offline' };
  const answer = answerOf(error);
  if (answer === null || answer.status >= 500) return { kind: 'failed' };
  if (answer.status === 429) return { kind: 'tooMany', retryAfter: answer.retryAfter };
  const details = answer.body?.details ?? [];
  if (answer.status === 400 && details.length > 0) {
    return {
      kind: 'invalid',
      code: answer.code,
      fields: Object.fromEntries(details.map((detail) => [detail.field, detail.message])),
    };
  }
  return { kind: 'refused', status: answer.status, code: answer.code };
}

/**
 * Every message of a 400's `details`, in order, even several on one field (an MJML document's
 * problems are all on `mjml`); empty for any other failure.
 */
export function detailMessages(error: unknown): string[] {
  if (error === null || error === undefined || error instanceof ConnectionError) return [];
  const answer = answerOf(error);
  if (answer === null || answer.status !== 400) return [];
  return (answer.body?.details ?? []).map((detail) => detail.message);
}

const NO_FIELD_ERRORS: Readonly<Record<string, string>> = Object.freeze({});
const fieldsOfError = new WeakMap<object, Readonly<Record<string, string>>>();

/**
 * React Aria's `validationErrors` for a form: each field the service named in a 400, with its
 * message. The same object for the same error, so a field's message, once the field is edited,
 * stays cleared across renders (React Aria shows server errors again when the object changes).
 */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  if (typeof error !== 'object' || error === null) return NO_FIELD_ERRORS;
  let fields = fieldsOfError.get(error);
  if (fields === undefined) {
    const failure = readFailure(error);
    fields = failure?.kind === 'invalid' ? failure.fields : NO_FIELD_ERRORS;
    fieldsOfError.set(error, fields);
  }
  return fields;
}

/** The message keys a failure is told with (K: the catalogue's keys; generic so it is tested without them). */
export interface FailureWords<K> {
  invalid: K;
  /** 429 without Retry-After. */
  tooMany: K;
  /** 429 with Retry-After under two minutes: `{seconds}`. */
  tooManySeconds: K;
  /** 429 with a longer Retry-After: `{minutes}`. */
  tooManyMinutes: K;
  offline: K;
  failed: K;
  /** A refusal without words of its own. */
  refused: K;
  /** Words for the codes of refusals (the 409 rules, named as the API names them, a 401's …). */
  codes: Partial<Record<string, K>>;
}

export interface FailureMessage<K> {
  key: K;
  values?: Record<string, number>;
}

/** The one alert message of a failure. */
export function failureMessage<K>(failure: Failure, words: FailureWords<K>): FailureMessage<K> {
  switch (failure.kind) {
    case 'invalid':
      return { key: (failure.code && words.codes[failure.code]) || words.invalid };
    case 'refused':
      return { key: (failure.code && words.codes[failure.code]) || words.refused };
    case 'tooMany':
      if (failure.retryAfter === null) return { key: words.tooMany };
      if (failure.retryAfter < 120)
        return { key: words.tooManySeconds, values: { seconds: Math.max(1, failure.retryAfter) } };
      return { key: words.tooManyMinutes, values: { minutes: Math.ceil(failure.retryAfter / 60) } };
    case 'offline':
      return { key: words.offline };
    case 'failed':
      return { key: words.failed };
  }
}
