import { Link } from 'wouter';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { useTitle } from '../../../ui/PageStates';
import { Details, RecordState, useRecordTime } from '../../../ui/RecordPage';
import { SYSTEM_PATHS } from './system-paths';

/** /manage/system/sms/:id: one text message as handed to the provider, with its id there and its delivery. */
export function OneSmsPage({ id }: { id: number }) {
  const t = useT();
  const sms = $api.useQuery('get', '/api/system/sms/{id}', { params: { path: { id } } }, { retry: false });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const title = t('manage.system.oneSms.title', { to: sms.data?.to ?? '' });
  useTitle(title);
  if (!sms.data) {
    return <RecordState query={sms} title={t('system.sms.title')} missing={t('manage.system.oneSms.missing')} />;
  }
  const message = sms.data;
  return (
    <>
      <p className="manage-back">
        <Link href={SYSTEM_PATHS.sms}>{t('manage.system.oneSms.back')}</Link>
      </p>
      <h1>{title}</h1>
      <Details
        label={t('manage.system.oneSms.details')}
        details={[
          [t('system.sms.column.status'), t(`system.sms.status.${message.status}`)],
          [t('system.sms.column.when'), when(message.created_at)],
          [t('manage.system.oneSms.sentAt'), message.sent_at ? when(message.sent_at) : ''],
          [t('manage.system.oneSms.deliveredAt'), message.delivered_at ? when(message.delivered_at) : ''],
          [t('manage.system.oneSms.provider'), message.provider_id ?? ''],
          [t('manage.system.email.error'), message.error ?? ''],
          [t('manage.system.email.template'), message.template],
        ]}
      />
      <h2>{t('system.sms.column.text')}</h2>
      {message.redacted ? <p>{t('system.sms.redacted')}</p> : <pre className="system-email-text">{message.body}</pre>}
    </>
  );
}
