import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n/i18n';
import { failureMessage, readFailure, type FailureWords } from './failure';

/**
 * What the service's codes say to a visitor, named as the API names them: the rules a 409
 * states, and the refusals any page may meet. A page adds or overrides words of its own.
 */
const CODES: Partial<Record<string, MessageKey>> = {
  slot_taken: 'app.failure.code.slot_taken',
  resource_unavailable: 'app.failure.code.slot_taken',
  too_late_to_cancel: 'app.failure.code.too_late_to_cancel',
  too_late_to_move: 'app.failure.code.too_late_to_move',
  already_cancelled: 'app.failure.code.already_cancelled',
  invalid_transition: 'app.failure.code.invalid_transition',
  part_of_visit: 'app.failure.code.part_of_visit',
  idempotency_key_in_use: 'app.failure.code.idempotency_key_in_use',
  email_taken: 'app.failure.code.email_taken',
};

const WORDS: FailureWords<MessageKey> = {
  invalid: 'app.failure.invalid',
  tooMany: 'app.failure.tooMany',
  tooManySeconds: 'app.failure.tooManySeconds',
  tooManyMinutes: 'app.failure.tooManyMinutes',
  offline: 'app.failure.offline',
  failed: 'app.failure.failed',
  refused: 'app.failure.refused',
  codes: CODES,
};

/** A page's own words: for some codes (its 401, its rules), for a refusal in general, for a server failure. */
export type PageWords = Partial<Omit<FailureWords<MessageKey>, 'codes'>> & {
  codes?: Partial<Record<string, MessageKey>>;
};

/** The words a failure is told with: the page's own over the app's. */
export function failureWords(words: PageWords = {}): FailureWords<MessageKey> {
  return { ...WORDS, ...words, codes: { ...CODES, ...words.codes } };
}

/** The alert message of a request's error, in the page's language; null for no error. */
export function useFailureText(): (error: unknown, words?: PageWords) => string | null {
  const t = useT();
  return (error, words) => {
    const failure = readFailure(error);
    if (failure === null) return null;
    const { key, values } = failureMessage(failure, failureWords(words));
    return t(key, values);
  };
}

/**
 * The one alert of a failed request (nothing without an error): a live region, so a screen
 * reader says it at once. `children` follow the message (a way to reach the salon …).
 */
export function FailureAlert({ error, words, children }: { error: unknown; words?: PageWords; children?: ReactNode }) {
  const text = useFailureText()(error, words);
  if (text === null) return null;
  return (
    <p role="alert" className="alert">
      {text}
      {children && <> {children}</>}
    </p>
  );
}
