import { $api, api, unwrap, type Schemas } from '../../api/client';
import { errorCode, isSlotGone } from '../../api/errors';
import { useChange } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { BookingSummary } from './BookingSummary';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { LinkRead } from './LinkRead';
import { MoveForm } from './MoveForm';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { ContactSalon, INVALID, NO_TOKEN, problemOf, ProblemOutcome } from './problems';
import { REFUSALS, refusalMessage, type LinkAction } from './refusals';
import { useSalonTime } from '../../ui/salon-time';
import { useMoment } from './when';

type BookingActions = Schemas['BookingActions'];
type PublicBooking = Schemas['PublicBooking'];

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
  // The verdicts change with the clock (the cancellation window) and with the salon's changes.
  const read = $api.useQuery('get', '/api/public/booking-actions', { params: { query: { token } } }, { staleTime: 0 });
  return (
    <LinkRead read={read} salon={salon}>
      {(links) =>
        links.purpose === action ? (
          <ActionForm action={action} token={token} salon={salon} links={links} />
        ) : (
          // A token made for another of the email's links.
          <LiveRegions problem={<ProblemOutcome problem={INVALID} salon={salon} />} />
        )
      }
    </LinkRead>
  );
}

function ActionForm({
  action,
  token,
  salon,
  links,
}: {
  action: LinkAction;
  token: string;
  salon: SalonPage;
  links: BookingActions;
}) {
  const t = useT();
  // One of three requests, keyed as the one it sends: what each makes stale (a move link's times
  // when one was taken, and only marked stale once the link is used up) is the map's
  // (api/invalidations.ts).
  const act = useChange(['post', `/api/public/booking-actions/${action}`], {
    mutationFn: (startAt: string | null): Promise<PublicBooking> =>
      action === 'move'
        ? unwrap(api.POST('/api/public/booking-actions/move', { body: { token, start_at: startAt ?? '' } }))
        : unwrap(api.POST(`/api/public/booking-actions/${action}`, { body: { token } })),
  });

  const booking = act.data ?? links.booking;
  const code = errorCode(act.error);
  const refusedNow = code !== undefined && REFUSALS.has(code);
  const taken = isSlotGone(act.error);
  const problem = act.isError && !refusedNow && !taken ? problemOf(act.error) : null;
  const refusal = refusedNow
    ? code
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
          bookedOn={booking.start_at.slice(0, 10)}
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
        <SendButton sending={act} onSend={() => act.mutate(null)}>
          {action === 'attend' ? t('links.attend.action') : t('links.cancel.action')}
        </SendButton>
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
