import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { $api, type Schemas } from '../../api/client';
import { errorStatus } from '../../api/errors';
import { LOCALE_OF, useLanguage, useT, type MessageKey } from '../../i18n/i18n';
import { wallClockInstant } from '../../lib/datetime';
import { formatDay, formatMoney, formatTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { outcomeOf, readReturnQuery, type Outcome } from './outcome';

type SalonPage = Schemas['PublicSalonPage'];
type PaymentStatus = Schemas['PublicPaymentStatus'];

/** How often the page asks while the payment is pending, and for how long before it stops. */
const POLL_MS = 3_000;
const POLL_FOR_MS = 2 * 60_000;

const TITLES: Record<Outcome, MessageKey> = {
  checking: 'payment.checking.title',
  waiting: 'payment.waiting.title',
  unpaid: 'payment.unpaid.title',
  booked: 'payment.booked.title',
  requested: 'payment.requested.title',
  late: 'payment.late.title',
  bookingCancelled: 'payment.bookingCancelled.title',
  paid: 'payment.paid.title',
  failed: 'payment.failed.title',
  expired: 'payment.expired.title',
  cancelled: 'payment.cancelled.title',
};

/**
 * `/payment/return`: where a provider's checkout sends the browser back, with the payment's id
 * and the token that lets this page read how it ended. While the payment is pending the page
 * asks again every few seconds (the service asks the provider when its webhook is slow), and
 * after a couple of minutes stops and says what happens next.
 */
export default function PaymentReturnPage() {
  const t = useT();
  const search = useSearch();
  const query = useMemo(() => readReturnQuery(search), [search]);
  const page = $api.useQuery('get', '/api/public/salon-page');
  const [stopped, setStopped] = useState(false);
  const [round, setRound] = useState(0);
  // How the payment ended, read with the token of the return URL. The token is part of the
  // query's key in memory only: it never reaches storage, the title or a log.
  const status = $api.useQuery(
    'get',
    '/api/public/payment-status',
    { params: { query: { payment_id: query?.paymentId ?? 0, token: query?.token ?? '' } } },
    {
      enabled: query !== null,
      staleTime: 0,
      refetchInterval: (current) => (current.state.data?.status === 'pending' && !stopped ? POLL_MS : false),
    },
  );
  const pending = status.data?.status === 'pending';

  // Polling stops POLL_FOR_MS after it (re)started; "Check again" starts a new round.
  useEffect(() => {
    if (!pending || stopped) return;
    const timer = window.setTimeout(() => setStopped(true), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [pending, stopped, round]);

  const notFound = query === null || errorStatus(status.error) === 404;
  if (notFound) return <OutcomeView titleKey="payment.notFound.title" body={t('payment.notFound.body')} showBook />;
  if (status.isError && !status.data) return <LoadError retry={() => void status.refetch()} />;
  if (page.isError) return <LoadError retry={() => void page.refetch()} />;
  if (!status.data || !page.data) return <Loading />;

  const outcome = outcomeOf(status.data, query.cancelled, stopped);
  return (
    <PaymentOutcome
      outcome={outcome}
      payment={status.data}
      page={page.data}
      checkAgain={() => {
        setStopped(false);
        setRound((value) => value + 1);
        void status.refetch();
      }}
    />
  );
}

function PaymentOutcome({
  outcome,
  payment,
  page,
  checkAgain,
}: {
  outcome: Outcome;
  payment: PaymentStatus;
  page: SalonPage;
  checkAgain: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const amount = formatMoney(payment.amount, payment.currency, locale);
  const deposit = payment.purpose === 'deposit';
  const held = payment.held_until === null ? null : heldUntil(payment.held_until, page, locale, t);

  const body: Record<Outcome, string> = {
    checking: t('payment.checking.body'),
    waiting: deposit ? t('payment.waiting.deposit') : t('payment.waiting.other'),
    unpaid: held ? t('payment.unpaid.held', { time: held }) : t('payment.unpaid.body'),
    booked: t('payment.booked.body', { amount }),
    requested: t('payment.requested.body', { amount }),
    late: t('payment.late.body', { amount }),
    bookingCancelled: t('payment.bookingCancelled.body', { amount }),
    paid:
      payment.purpose === 'noshow_fee' ? t('payment.paid.noshowFee', { amount }) : t('payment.paid.body', { amount }),
    failed: deposit ? t('payment.failed.deposit') : t('payment.failed.other'),
    expired: t('payment.expired.body'),
    cancelled: t('payment.cancelled.body'),
  };
  const bookAgain = deposit && ['failed', 'expired', 'late', 'unpaid'].includes(outcome);
  const bookAnother = outcome === 'booked' || outcome === 'requested';

  return (
    <OutcomeView
      titleKey={TITLES[outcome]}
      body={body[outcome]}
      tone={['failed', 'expired', 'late', 'bookingCancelled', 'cancelled'].includes(outcome) ? 'alert' : 'notice'}
      summary={payment.booking ? <BookingSummary booking={payment.booking} page={page} /> : null}
    >
      {outcome === 'unpaid' && payment.checkout_url && (
        <a className="button" href={payment.checkout_url} target="_top">
          {deposit ? t('book.deposit.pay') : t('payment.pay')}
        </a>
      )}
      {outcome === 'waiting' && <Button onPress={checkAgain}>{t('payment.checkAgain')}</Button>}
      {bookAgain && (
        <Link className="button" data-variant="secondary" href="/book">
          {outcome === 'unpaid' ? t('payment.otherTime') : t('payment.bookAgain')}
        </Link>
      )}
      {bookAnother && (
        <Link className="button" data-variant="secondary" href="/book">
          {t('book.done.again')}
        </Link>
      )}
    </OutcomeView>
  );
}

/**
 * The page's one heading and its message, in a live region so that a change (the payment
 * confirmed while the client waits) is announced; the heading takes the focus on each change.
 */
function OutcomeView({
  titleKey,
  body,
  tone = 'notice',
  summary = null,
  showBook = false,
  children,
}: {
  titleKey: MessageKey;
  body: string;
  tone?: 'notice' | 'alert';
  summary?: ReactNode;
  showBook?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const title = t(titleKey);
  useTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [titleKey]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <div role="status">
        <p className={tone}>{body}</p>
      </div>
      {summary}
      <div className="actions">
        {children}
        {showBook && (
          <Link className="button" data-variant="secondary" href="/book">
            {t('payment.bookAgain')}
          </Link>
        )}
      </div>
    </>
  );
}

function BookingSummary({ booking, page }: { booking: NonNullable<PaymentStatus['booking']>; page: SalonPage }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const start = wallClockInstant(booking.start_at, page.timezone);
  const end = wallClockInstant(booking.end_at, page.timezone);
  const when = t('book.times.slot', {
    day: formatDay(start, locale, page.timezone),
    from: formatTime(start, locale, page.time_format, page.timezone),
    to: formatTime(end, locale, page.time_format, page.timezone),
  });
  const staff = [...new Set(booking.parts.map((part) => part.staff_name))];
  return (
    <p className="summary">
      {t('payment.summary', { services: booking.parts.map((part) => part.service_name).join(', '), when })}
      {staff.length > 0 && (
        <>
          <br />
          {t('book.done.with', { names: staff.join(', ') })}
        </>
      )}
    </p>
  );
}

/** When a held time is released: the time, with its day when that is not today (a long hold). */
function heldUntil(text: string, page: SalonPage, locale: string, t: ReturnType<typeof useT>): string {
  const instant = wallClockInstant(text, page.timezone);
  const time = formatTime(instant, locale, page.time_format, page.timezone);
  return text.slice(0, 10) === page.today
    ? time
    : t('payment.dayTime', { day: formatDay(instant, locale, page.timezone), time });
}
