import { useState } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { $api } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { TextField } from '../../ui/TextField';
import { BookingSummary } from './BookingSummary';
import { LinkPage, useQueryParam, type SalonPage } from './LinkPage';
import { LinkRead } from './LinkRead';
import { LiveRegions, Outcome } from '../../ui/Outcome';
import { NO_TOKEN, problemOf, ProblemOutcome, type Problem } from './problems';

const RATINGS = [1, 2, 3, 4, 5] as const;

const REVIEWED: Problem = { title: 'review.exists.title', body: 'review.exists.body', retry: false };

const REVIEW_PROBLEMS: Record<string, Problem> = {
  review_exists: REVIEWED,
  not_found: { title: 'links.invalid.title', body: 'review.invalid', retry: false },
};

/**
 * `/review`: the link of the review request email. The visit it rates is named first (read by
 * the visit's feedback token, which reviews nothing); then stars from 1 to 5 (a radio group:
 * arrow keys move the choice, each star named "4 stars") and an optional comment, sent with the
 * token; then a thank-you. A visit is reviewed once: a reviewed one says so at once.
 */
export default function ReviewPage() {
  const t = useT();
  const token = useQueryParam('token');
  return (
    <LinkPage title={(salon) => t('review.title', { salon })}>
      {(salon) =>
        token === null ? (
          <LiveRegions problem={<ProblemOutcome problem={NO_TOKEN} salon={salon} />} />
        ) : (
          <ReviewedVisit token={token} salon={salon} />
        )
      }
    </LinkPage>
  );
}

function ReviewedVisit({ token, salon }: { token: string; salon: SalonPage }) {
  const read = $api.useQuery('get', '/api/public/reviews/visit', { params: { query: { token } } }, { staleTime: 0 });
  return (
    <LinkRead read={read} salon={salon} overrides={REVIEW_PROBLEMS}>
      {(linked) => (
        <>
          <BookingSummary booking={linked.booking} salon={salon} title="review.visit.title" />
          <ReviewForm token={token} salon={salon} reviewed={linked.answered} />
        </>
      )}
    </LinkRead>
  );
}

function ReviewForm({ token, salon, reviewed }: { token: string; salon: SalonPage; reviewed: boolean }) {
  const t = useT();
  const [rating, setRating] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const send = useApiMutation('post', '/api/public/reviews');
  const problem = send.isError ? problemOf(send.error, REVIEW_PROBLEMS) : reviewed && !send.isSuccess ? REVIEWED : null;
  const canSend = !send.isSuccess && (problem === null || problem.retry);

  const submit = () => {
    if (rating === null) return;
    const text = comment.trim();
    send.mutate({ body: { token, rating: Number(rating), ...(text === '' ? {} : { comment: text }) } });
  };

  return (
    <>
      {canSend && (
        // The page tells a failure as its outcome (below), not as the form's alert.
        <ApiForm sending={send} alert={false} onSubmit={submit}>
          <RadioGroup className="stars" orientation="horizontal" value={rating} onChange={setRating} isRequired>
            <Label className="label">{t('review.rating.label')}</Label>
            <div className="star-row">
              {RATINGS.map((stars) => (
                <Radio
                  key={stars}
                  value={String(stars)}
                  aria-label={t('review.rating.stars', { count: stars })}
                  className={rating !== null && Number(rating) >= stars ? 'star filled' : 'star'}
                >
                  <Star />
                </Radio>
              ))}
            </div>
            {/* In the page's language, not the browser's own "Please select one of these options". */}
            <FieldError className="error">{t('review.rating.required')}</FieldError>
          </RadioGroup>
          <TextField
            label={t('review.comment.label')}
            description={t('review.comment.description')}
            multiline
            maxLength={2000}
            value={comment}
            onChange={setComment}
          />
          <SubmitButton sending={send}>{t('review.submit')}</SubmitButton>
        </ApiForm>
      )}
      <LiveRegions
        done={
          send.data && (
            <Outcome tone="done" title={t('review.done.title')}>
              <p>{t('review.done.body', { stars: t('review.rating.stars', { count: send.data.rating }) })}</p>
            </Outcome>
          )
        }
        problem={problem && <ProblemOutcome problem={problem} salon={salon} />}
      />
    </>
  );
}

function Star() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}
