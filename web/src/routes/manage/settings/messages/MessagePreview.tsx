import { keepPreviousData } from '@tanstack/react-query';
import { $api } from '../../../../api/client';
import { answerOf } from '../../../../api/errors';
import { useT } from '../../../../i18n/i18n';

/**
 * The message as the service renders it with sample data, the draft in place of the stored text
 * (checked as a save would be, nothing stored). Asked for only once typing pauses (the draft
 * comes in debounced), and each draft once: the query is keyed by it, so typing back to a text
 * already previewed asks nothing. A draft the service refuses shows the service's reason where
 * the preview would be, over the last good preview kept dimmed, never a blank frame.
 *
 * An email is shown as the service's own plain-text rendering (what a mail client without HTML
 * shows), not its HTML: that HTML is styled inline, and a frame of it inherits the office's
 * Content-Security-Policy, which forbids inline styles and other origins' images, so it would show
 * broken and fill the console with refusals.
 */
export function MessagePreview({
  messageKey,
  language,
  draft,
}: {
  messageKey: string;
  language: 'en' | 'nl';
  draft: { subject?: string; body: string };
}) {
  const t = useT();
  const preview = $api.useQuery(
    'post',
    '/api/settings/messages/{key}/preview',
    { params: { path: { key: messageKey } }, body: { language, ...draft } },
    { placeholderData: keepPreviousData, retry: false },
  );
  const refusal = preview.isError ? (answerOf(preview.error)?.message ?? t('app.failure.failed')) : null;
  const shown = preview.data;
  return (
    <section
      className="form-group messages-preview"
      aria-labelledby={`${messageKey}-preview`}
      aria-busy={preview.isFetching}
    >
      <h2 id={`${messageKey}-preview`}>{t('manage.settings.messages.preview')}</h2>
      <p className="description">{t('manage.settings.messages.previewHelp')}</p>
      {refusal !== null && (
        <p className="alert" role="alert">
          {t('manage.settings.messages.previewFailed', { message: refusal })}
        </p>
      )}
      {!shown ? (
        refusal === null && <p>{t('app.loading')}</p>
      ) : (
        <div className={refusal !== null ? 'messages-preview-stale' : undefined}>
          {shown.subject !== null && (
            <p className="messages-preview-subject">
              <span className="description">{t('manage.settings.messages.subject')}: </span>
              <strong data-testid="preview-subject">{shown.subject}</strong>
            </p>
          )}
          <pre className="messages-preview-text" data-testid="preview-text">
            {shown.text}
          </pre>
        </div>
      )}
    </section>
  );
}
