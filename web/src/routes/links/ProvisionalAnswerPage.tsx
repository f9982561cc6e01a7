import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { BookingSummary } from './BookingSummary';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { LinkRead } from './LinkRead';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { NO_TOKEN, problemOf, ProblemOutcome, type Problem } from './problems';
import { useSalonTime } from '../../ui/salon-time';

type Answer = 'confirm' | 'decline';

const ANSWERED: Problem = { title: 'links.answered.title', body: 'links.answered.body', retry: false };

/**
 * `/booking/confirm` and `/booking/decline`: the links of a provisional booking's email. The
 * page reads the booking by the link's token (reading answers nothing) and names the
 * appointment before the button; it answers only when the button is pressed (mail scanners open
 * links; one explicit press answers). A booking no longer awaiting an answer says so at once.
 */
export default function ProvisionalAnswerPage({ answer }: { answer: Answer }) {
  const t = useT();
  const token = useQueryParam('token');
  return (
    <LinkPage
      title={(salon) =>
        answer === 'confirm' ? t('links.confirm.title', { salon }) : t('links.decline.title', { salon })
      }
    >
      {(salon) =>
        token === null ? (
          <LiveRegions problem={<ProblemOutcome problem={NO_TOKEN} salon={salon} />} />
        ) : (
          <Provisional answer={answer} token={token} salon={salon} />
        )
      }
    </LinkPage>
  );
}

function Provisional({ answer, token, salon }: { answer: Answer; token: string; salon: SalonPage }) {
  // Always fresh: the salon may have answered the request meanwhile.
  const read = $api.useQuery(
    'get',
    '/api/public/bookings/provisional',
    { params: { query: { token } } },
    { staleTime: 0 },
  );
  return (
    <LinkRead read={read} salon={salon}>
      {(linked) => <AnswerForm answer={answer} token={token} salon={salon} linked={linked} />}
    </LinkRead>
  );
}

function AnswerForm({
  answer,
  token,
  salon,
  linked,
}: {
  answer: Answer;
  token: string;
  salon: SalonPage;
  linked: Schemas['LinkedBooking'];
}) {
  const t = useT();
  const { span } = useSalonTime(salon);
  // The client's answer: confirmed (scheduled) or declined (cancelled).
  const send = useApiMutation(
    'post',
    answer === 'confirm' ? '/api/public/bookings/confirm' : '/api/public/bookings/decline',
  );
  const done = send.data;
  const problem = send.isError ? problemOf(send.error) : !done && linked.answered ? ANSWERED : null;
  const canPress = !done && (problem === null || problem.retry);

  return (
    <>
      <BookingSummary booking={done ?? linked.booking} salon={salon} />
      {canPress && (
        <div className="link-action">
          <p>
            {answer === 'confirm' ? t('links.confirm.intro', { salon: salon.salon_name }) : t('links.decline.intro')}
          </p>
          <SendButton sending={send} onSend={() => send.mutate({ body: { token } })}>
            {answer === 'confirm' ? t('links.confirm.action') : t('links.decline.action')}
          </SendButton>
        </div>
      )}
      <LiveRegions
        done={
          done && (
            <Outcome
              tone="done"
              title={answer === 'confirm' ? t('links.confirm.done.title') : t('links.decline.done.title')}
            >
              <p>
                {answer === 'confirm'
                  ? t('links.confirm.done.body')
                  : t('links.decline.done.body', { when: span(done.start_at, done.end_at) })}
              </p>
            </Outcome>
          )
        }
        problem={problem && <ProblemOutcome problem={problem} salon={salon} />}
      />
    </>
  );
}
