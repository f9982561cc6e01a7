import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { NO_TOKEN, problemOf, ProblemOutcome, type Problem } from './problems';

const UNSUBSCRIBE_PROBLEMS: Record<string, Problem> = {
  invalid_token: { title: 'links.invalid.title', body: 'unsubscribe.invalid', retry: false },
};

/**
 * `/unsubscribe`: the footer link of every campaign email. One press of the button, then the
 * confirmation; opening the link alone changes nothing (a mail scanner opens it too). The
 * service has no way back (no resubscribe), so the page offers none.
 */
export default function UnsubscribePage() {
  const t = useT();
  const token = useQueryParam('token');
  return (
    <LinkPage title={(salon) => t('unsubscribe.title', { salon })}>
      {(salon) => <Unsubscribe token={token} salon={salon} />}
    </LinkPage>
  );
}

function Unsubscribe({ token, salon }: { token: string | null; salon: SalonPage }) {
  const t = useT();
  // The client receives no more campaigns; idempotent.
  const send = useApiMutation('post', '/api/campaigns/unsubscribe');
  const problem = token === null ? NO_TOKEN : send.isError ? problemOf(send.error, UNSUBSCRIBE_PROBLEMS) : null;
  const canPress = token !== null && !send.isSuccess && (problem === null || problem.retry);
  return (
    <>
      {canPress && (
        <div className="link-action">
          <p>{t('unsubscribe.intro')}</p>
          <SendButton sending={send} onSend={() => send.mutate({ body: { token } })}>
            {t('unsubscribe.action')}
          </SendButton>
        </div>
      )}
      <LiveRegions
        done={
          send.isSuccess && (
            <Outcome tone="done" title={t('unsubscribe.done.title')}>
              <p>{t('unsubscribe.done.body', { salon: salon.salon_name })}</p>
            </Outcome>
          )
        }
        problem={problem && <ProblemOutcome problem={problem} salon={salon} />}
      />
    </>
  );
}
