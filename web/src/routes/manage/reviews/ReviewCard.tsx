import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { FailureAlert } from '../../../ui/FailureAlert';
import { TextField } from '../../../ui/TextField';

type Review = Schemas['AdminReview'];

/**
 * One review: who wrote it about which visit, its rating and words, whether the booking page
 * shows it (with the button that changes that) and the salon's reply. The reply is typed here
 * and saved on its own; what was typed stays after a refusal, whose message is on the field.
 */
export function ReviewCard({ review, when }: { review: Review; when: (text: string) => string }) {
  const t = useT();
  const headingId = `review-${review.id}`;
  const publish = useApiMutation('put', '/api/reviews/{id}');
  const reply = useApiMutation('put', '/api/reviews/{id}');
  const [text, setText] = useState(review.reply);
  const [said, setSaid] = useState('');
  const shown = review.published === 1;
  const path = { params: { path: { id: review.id } } };
  return (
    <article className="review-card" aria-labelledby={headingId} data-published={shown || undefined}>
      <header className="review-head">
        <h3 id={headingId}>{t('manage.reviews.card.title', { rating: review.rating, client: review.client_name })}</h3>
        <span className="review-state">
          {shown ? t('manage.reviews.state.published') : t('manage.reviews.state.hidden')}
        </span>
      </header>
      <p className="review-stars" aria-hidden="true">
        {'★'.repeat(review.rating)}
        {'☆'.repeat(5 - review.rating)}
      </p>
      <p className="review-meta">
        {t('manage.reviews.card.visit', {
          service: review.service_name,
          staff: review.staff_name,
          when: when(review.created_at),
        })}
      </p>
      <blockquote className="review-comment">
        {review.comment === '' ? <em>{t('manage.reviews.card.noComment')}</em> : review.comment}
      </blockquote>
      <div className="review-actions">
        <SendButton
          sending={publish}
          variant="secondary"
          onSend={() => {
            setSaid('');
            publish.mutate(
              { ...path, body: { published: !shown } },
              {
                onSuccess: (saved) =>
                  setSaid(t(saved.published === 1 ? 'manage.reviews.saidPublished' : 'manage.reviews.saidHidden')),
              },
            );
          }}
        >
          {shown ? t('manage.reviews.hide') : t('manage.reviews.publish')}
        </SendButton>
        <p role="status" className="manage-announce">
          {said}
        </p>
      </div>
      <FailureAlert error={publish.error} />
      <ApiForm
        sending={reply}
        className="review-reply"
        aria-label={t('manage.reviews.reply.formLabel', { client: review.client_name })}
        onSubmit={() => {
          setSaid('');
          reply.mutate(
            { ...path, body: { reply: text } },
            {
              onSuccess: (saved) =>
                setSaid(t(saved.reply === '' ? 'manage.reviews.reply.removed' : 'manage.reviews.reply.saved')),
            },
          );
        }}
      >
        <TextField
          label={t('manage.reviews.reply.label')}
          description={t('manage.reviews.reply.help')}
          name="reply"
          multiline
          maxLength={2000}
          value={text}
          onChange={setText}
        />
        <SubmitButton sending={reply} isDisabled={text.trim() === review.reply}>
          {t('manage.reviews.reply.save')}
        </SubmitButton>
      </ApiForm>
    </article>
  );
}
