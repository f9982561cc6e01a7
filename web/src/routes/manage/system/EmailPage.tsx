import { Link } from 'wouter';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { useTitle } from '../../../ui/PageStates';
import { Details, RecordState, useRecordTime } from '../../../ui/RecordPage';
import { SYSTEM_PATHS } from './system-paths';

/**
 * /manage/system/emails/:id: one email as the mail server received it, rendered by the service
 * with the code that sends it. The HTML is shown in a sandboxed frame (no scripts, no forms, no
 * navigation of this page), never in the page itself; an email holding a secret (a sign-in
 * link) shows only that it is withheld.
 */
export function EmailPage({ id }: { id: number }) {
  const t = useT();
  const email = $api.useQuery('get', '/api/system/emails/{id}', { params: { path: { id } } }, { retry: false });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const title = email.data?.subject || t('manage.system.email.title');
  useTitle(title);
  if (!email.data) {
    return (
      <RecordState query={email} title={t('manage.system.email.title')} missing={t('manage.system.email.missing')} />
    );
  }
  const message = email.data;
  return (
    <>
      <p className="manage-back">
        <Link href={SYSTEM_PATHS.emails}>{t('manage.system.email.back')}</Link>
      </p>
      <h1>{title}</h1>
      <Details
        label={t('manage.system.email.details')}
        details={[
          [t('manage.system.column.to'), message.to],
          [t('manage.system.column.status'), t(`manage.system.emails.status.${message.status}`)],
          [t('manage.system.column.when'), when(message.created_at)],
          [t('manage.system.email.sentAt'), message.sent_at ? when(message.sent_at) : ''],
          [t('manage.system.email.error'), message.error ?? ''],
          [t('manage.system.email.template'), message.template],
        ]}
      />
      {message.redacted ? (
        <p>{t('manage.system.email.redacted')}</p>
      ) : message.render_error ? (
        <p className="error">{t('manage.system.email.renderError', { error: message.render_error })}</p>
      ) : (
        <>
          <h2>{t('manage.system.email.asSent')}</h2>
          {message.html !== null && (
            <iframe
              className="system-email-frame"
              title={t('manage.system.email.frame', { subject: message.subject })}
              sandbox=""
              srcDoc={message.html}
            />
          )}
          {message.text !== null && (
            <>
              <h2>{t('manage.system.email.text')}</h2>
              <pre className="system-email-text">{message.text}</pre>
            </>
          )}
        </>
      )}
    </>
  );
}
