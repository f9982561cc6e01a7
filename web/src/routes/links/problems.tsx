import { useT, type MessageKey } from '../../i18n/i18n';
import { failureMessage, readFailure } from '../../ui/failure';
import { failureWords } from '../../ui/FailureAlert';
import { Outcome } from '../../ui/Outcome';
import type { SalonPage } from './LinkPage';

/** Why a link's page cannot do its job, in plain words: a heading and a sentence. */
export interface Problem {
  title: MessageKey;
  body: MessageKey;
  /** The body's arguments (how long to wait before trying again). */
  values?: Record<string, number>;
  /** Worth another press (the connection, a busy server), unlike a link that no longer works. */
  retry: boolean;
}

const FAILED: Problem = { title: 'links.failed.title', body: 'links.failed.body', retry: true };

/**
 * The service's answer to a link's token, as the visitor should read it. `overrides` gives a
 * page its own words for a code (`review_exists`, …).
 */
export function problemOf(error: unknown, overrides: Partial<Record<string, Problem>> = {}): Problem {
  const failure = readFailure(error);
  switch (failure?.kind) {
    case 'offline':
    case 'tooMany': {
      const { key, values } = failureMessage(failure, failureWords());
      return { title: 'links.failed.title', body: key, values, retry: true };
    }
    case 'invalid':
    case 'refused': {
      const own = failure.code === undefined ? undefined : overrides[failure.code];
      if (own) return own;
      if (failure.kind === 'refused' && failure.status === 404) return INVALID;
      return (failure.code === undefined ? undefined : BY_CODE[failure.code]) ?? FAILED;
    }
    default:
      return FAILED;
  }
}

/** A token the service does not know, or one made for another of the email's links. */
export const INVALID: Problem = { title: 'links.invalid.title', body: 'links.invalid.body', retry: false };

/** What a link's refusals mean, by the service's code. */
const BY_CODE: Partial<Record<string, Problem>> = {
  token_used: { title: 'links.used.title', body: 'links.used.body', retry: false },
  token_expired: { title: 'links.expired.title', body: 'links.expired.body', retry: false },
  not_provisional: { title: 'links.answered.title', body: 'links.answered.body', retry: false },
};

/** A problem as the page shows it, with the way to reach the salon when the link cannot help. */
export function ProblemOutcome({ problem, salon }: { problem: Problem; salon: SalonPage }) {
  const t = useT();
  return (
    <Outcome tone="problem" title={t(problem.title)}>
      <p>{t(problem.body, problem.values)}</p>
      {!problem.retry && <ContactSalon salon={salon} />}
    </Outcome>
  );
}

/** "Call the salon: 020 …", a link a phone dials; without a phone on record, the salon's email. */
export function ContactSalon({ salon }: { salon: SalonPage }) {
  const t = useT();
  if (salon.salon_phone) {
    return (
      <p>
        {t('links.contact.call')} <a href={`tel:${salon.salon_phone.replace(/[^\d+]/g, '')}`}>{salon.salon_phone}</a>
      </p>
    );
  }
  if (salon.salon_email) {
    return (
      <p>
        {t('links.contact.email')} <a href={`mailto:${salon.salon_email}`}>{salon.salon_email}</a>
      </p>
    );
  }
  return <p>{t('links.contact.salon')}</p>;
}

/** A link without its token: cut off when copied, or opened by hand. */
export const NO_TOKEN: Problem = { title: 'links.noToken.title', body: 'links.noToken.body', retry: false };
