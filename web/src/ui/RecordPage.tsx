import { useMemo, type ReactNode } from 'react';
import { useSession } from '../api/session';
import { errorStatus } from '../api/errors';
import { LOCALE_OF, useLanguage, useT } from '../i18n/i18n';
import { wallClockInstant } from '../lib/datetime';
import { formatMoney, timeOptions } from '../lib/format';
import { Loading, LoadError, useTitle } from './PageStates';
import './record.css';

/*
 * The small read-only screens that notifications and emails link to (a waitlist entry, a
 * product, a payment, a campaign, the SMS outbox): a heading, the object's terms and values,
 * and the states every such screen has (loading, not found, not for this role, failed).
 */

/** A term and its value; a value of null or '' reads "none". */
export type Detail = readonly [term: string, value: ReactNode];

export function Details({ label, details }: { label: string; details: readonly Detail[] }) {
  const t = useT();
  return (
    <section className="record-section" aria-label={label}>
      <dl className="record-details">
        {details.map(([term, value]) => (
          <div key={term} className="record-detail">
            <dt>{term}</dt>
            <dd>{value === null || value === '' ? <span className="record-none">{t('record.none')}</span> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Whether the signed-in person is an admin (the service's `Admin` level). */
export function useIsAdmin(): boolean {
  const session = useSession();
  return session.status === 'signed-in' && session.user.role === 'admin';
}

/**
 * An admin-only screen opened by someone else: said in words, without asking the service
 * (which would answer 403). The title stays the screen's, so the person knows what they opened.
 */
export function AdminOnly({ title }: { title: string }) {
  const t = useT();
  useTitle(title);
  return (
    <>
      <h1>{title}</h1>
      <p className="notice">{t('record.adminOnly')}</p>
    </>
  );
}

/**
 * The states of one record's read before it can be shown: loading, gone (404: "… not found"),
 * not allowed (403, a role changed meanwhile), any other failure with "Try again".
 */
export function RecordState({
  query,
  title,
  missing,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  title: string;
  /** What a 404 says ("Product not found"). */
  missing: string;
}) {
  const t = useT();
  useTitle(query.isError && errorStatus(query.error) === 404 ? missing : title);
  if (!query.isError) return <Loading />;
  const status = errorStatus(query.error);
  if (status === 404) {
    return (
      <>
        <h1>{missing}</h1>
        <p>{t('record.missing')}</p>
      </>
    );
  }
  if (status === 403) return <AdminOnly title={title} />;
  return <LoadError retry={() => void query.refetch()} />;
}

/** The API's wall-clock text (`YYYY-MM-DD HH:MM:SS`, the salon's zone) as "Thu 26 Nov 2026, 10:30". */
export function useRecordTime(salon: { timezone: string; time_format: string } | undefined) {
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  return (text: string | null): string => {
    if (!text || !salon) return text ?? '';
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...timeOptions(salon.time_format, salon.timezone),
    }).format(wallClockInstant(text, salon.timezone));
  };
}

/** An amount in the salon's currency, in the page's language. */
export function useMoney(currency: string | undefined) {
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  return useMemo(() => {
    return (amount: number) => formatMoney(amount, currency || 'EUR', locale);
  }, [locale, currency]);
}
