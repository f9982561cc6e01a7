import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AVAILABILITY_KEY } from '../../api/availability';
import {
  attendByLink,
  bookingActionsQuery,
  cancelByLink,
  moveByLink,
  type BookingActions,
  type PublicBooking,
} from '../../api/booking-links';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Loading } from '../../ui/PageStates';
import { BookingSummary } from './BookingSummary';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { MoveForm } from './MoveForm';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { ContactSalon, NO_TOKEN, problemOf, ProblemOutcome, type Problem } from './problems';
import { REFUSALS, refusalMessage, type LinkAction } from './refusals';
import { useSalonTime } from '../../ui/salon-time';
import { useMoment } from './when';

const INVALID: Problem = { title: 'links.invalid.title', body: 'links.invalid.body', retry: false };

/**
 * The answers to a move that mean "that time is no longer free": the times are fetched again
 * and the visitor chooses another, the link still unused.
 */
const TAKEN = new Set(['slot_taken', 'resource_unavailable', 'not_a_slot', 'inside_lead_time', 'slot_in_past']);

const TITLES = {
  attend: 'links.attend.title',
  cancel: 'links.cancel.title',
  move: 'links.move.title',
} as const;

/**
 * `/booking/attend`, `/booking/cancel` and `/booking/move`: the self-service links of the
 * booking and reminder emails. The page reads what the link's token allows (reading does not
 * use it up) and shows the appointment; the action happens only on the button's press (after a
 * new day and time for a move), never on opening the link.
 */
export default function BookingActionPage({ action }: { action: LinkAction }) {
  const t = useT();
  const token = useQueryParam('token');
  return (
    <LinkPage title={(salon) => t(TITLES[action], { salon })}>
      {(salon) =>
        token === null ? (
          <LiveRegions problem={<ProblemOutcome problem={NO_TOKEN} salon={salon} />} />
        ) : (
          <BookingAction action={action} token={token} salon={salon} />
        )
      }
    </LinkPage>
  );
}

function BookingAction({ action, token, salon }: { action: LinkAction; token: string; salon: SalonPage }) {
  const t = useT();
  const queryClient = useQueryClient();
  const read = useQuery(bookingActionsQuery(token));
  const act = useMutation({
    mutationFn: (startAt: string | null) =>
      action === 'attend'
        ? attendByLink(token)
        : action === 'cancel'
          ? cancelByLink(token)
          : moveByLink(token, startAt ?? ''),
    onSettled: (_data, error) => {
      if (action !== 'move') return;
      // A taken time: this link's times are fetched again. A move done: the link is used up, so
      // its times must not be asked for again (that answers 410); cached times are only marked
      // stale, for the next page that shows them.
      if (isTaken(error)) void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
      else if (error === null) void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY, refetchType: 'none' });
    },
  });

  if (read.isPending) {
    return (
      <>
        <Loading />
        <LiveRegions />
      </>
    );
  }
  if (read.isError || read.data.purpose !== action) {
    const problem = read.isError ? problemOf(read.error) : INVALID;
    return (
      <>
        <LiveRegions problem={<ProblemOutcome problem={problem} salon={salon} />} />
        {problem.retry && (
          <Button variant="secondary" onPress={() => void read.refetch()}>
            {t('app.error.retry')}
          </Button>
        )}
      </>
    );
  }

  const links = read.data;
  const booking = act.data ?? links.booking;
  const refusedNow = act.error instanceof ApiError && act.error.code !== undefined && REFUSALS.has(act.error.code);
  const taken = act.isError && isTaken(act.error);
  const problem = act.isError && !refusedNow && !taken ? problemOf(act.error) : null;
  const refusal = refusedNow
    ? (act.error as ApiError).code!
    : links.actions[action].allowed
      ? null
      : (links.actions[action].refusal?.code ?? 'invalid_transition');
  const canPress = !act.isSuccess && refusal === null && (problem === null || problem.retry);

  return (
    <>
      <BookingSummary booking={booking} salon={salon} />
      {canPress && <Intro action={action} links={links} salon={salon} />}
      {canPress && action === 'move' && (
        <MoveForm
          token={token}
          salon={salon}
          sending={act.isPending}
          taken={taken}
          onChoose={() => {
            if (act.isError) act.reset();
          }}
          onMove={(slot) => act.mutate(slot.start_at)}
        />
      )}
      {canPress && action !== 'move' && (
        <Button
          onPress={() => {
            if (!act.isPending) act.mutate(null);
          }}
        >
          {act.isPending ? t('app.sending') : action === 'attend' ? t('links.attend.action') : t('links.cancel.action')}
        </Button>
      )}
      <LiveRegions
        done={act.data && <Done action={action} booking={act.data} salon={salon} />}
        problem={
          refusal !== null ? (
            <Refusal action={action} code={refusal} links={links} salon={salon} />
          ) : (
            problem && <ProblemOutcome problem={problem} salon={salon} />
          )
        }
      />
    </>
  );
}

function isTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code !== undefined && TAKEN.has(error.code);
}

function Intro({ action, links, salon }: { action: LinkAction; links: BookingActions; salon: SalonPage }) {
  const t = useT();
  const moment = useMoment(salon);
  if (action === 'attend') {
    return (
      <p className="link-action">
        {links.booking.client_confirmed_at === null
          ? t('links.attend.intro', { salon: salon.salon_name })
          : t('links.attend.already')}
      </p>
    );
  }
  const until = links.actions[action].until;
  if (action === 'move') {
    return (
      <p className="link-action">
        {until === null ? t('links.move.intro') : t('links.move.introUntil', { deadline: moment(until) })}
      </p>
    );
  }
  return (
    <p className="link-action">
      {until === null ? t('links.cancel.intro') : t('links.cancel.introUntil', { deadline: moment(until) })}
    </p>
  );
}

function Done({ action, booking, salon }: { action: LinkAction; booking: PublicBooking; salon: SalonPage }) {
  const t = useT();
  const { span } = useSalonTime(salon);
  if (action === 'move') {
    return (
      <Outcome tone="done" title={t('links.move.done.title')}>
        <p>{t('links.move.done.body', { when: span(booking.start_at, booking.end_at) })}</p>
      </Outcome>
    );
  }
  return action === 'attend' ? (
    <Outcome tone="done" title={t('links.attend.done.title')}>
      <p>{t('links.attend.done.body')}</p>
    </Outcome>
  ) : (
    <Outcome tone="done" title={t('links.cancel.done.title')}>
      <p>{t('links.cancel.done.body')}</p>
    </Outcome>
  );
}

/** The action is not allowed (any more): why, and how to reach the salon instead. */
export function Refusal({
  action,
  code,
  links,
  salon,
}: {
  action: LinkAction;
  code: string;
  links: BookingActions;
  salon: SalonPage;
}) {
  const t = useT();
  const moment = useMoment(salon);
  const until = links.actions[action].until;
  return (
    <Outcome tone="problem" title={t('links.refused.title')}>
      <p>{t(refusalMessage(action, code, links.booking.status), { deadline: until === null ? '' : moment(until) })}</p>
      <ContactSalon salon={salon} />
    </Outcome>
  );
}
