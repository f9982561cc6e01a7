import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { BookingSummary } from './BookingSummary';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { NO_TOKEN, problemOf, ProblemOutcome } from './problems';
import { useSalonTime } from '../../ui/salon-time';

type Answer = 'confirm' | 'decline';

/**
 * `/booking/confirm` and `/booking/decline`: the links of a provisional booking's email. The
 * service offers no read of such a booking by its token, so the page says what the button does
 * and acts only when it is pressed (mail scanners open links; one explicit press answers), then
 * shows the appointment as the answer returns it.
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
      {(salon) => <AnswerForm answer={answer} token={token} salon={salon} />}
    </LinkPage>
  );
}

function AnswerForm({ answer, token, salon }: { answer: Answer; token: string | null; salon: SalonPage }) {
  const t = useT();
  const { span } = useSalonTime(salon);
  // The client's answer: confirmed (scheduled) or declined (cancelled).
  const send = useApiMutation(
    'post',
    answer === 'confirm' ? '/api/public/bookings/confirm' : '/api/public/bookings/decline',
  );
  const problem = token === null ? NO_TOKEN : send.isError ? problemOf(send.error) : null;
  const done = send.data;
  const canPress = token !== null && !done && (problem === null || problem.retry);

  return (
    <>
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
      {done && answer === 'confirm' && <BookingSummary booking={done} salon={salon} />}
    </>
  );
}
