import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/FailureAlert';
import { useTitle } from '../../ui/PageStates';
import { Details, RecordState, useRecordTime } from '../../ui/RecordPage';
import { WAITLIST_WORDS } from './refusals';
import { windowText } from './window-text';
import { WaitlistForm } from './WaitlistForm';

/**
 * /waitlist/:id: who waits for what, when, and where the entry stands (any signed-in member, as
 * the API), with its change (a booked entry no longer changes, as the API says) and its removal,
 * after a confirmation that says a booking made from it is kept.
 */
export function WaitlistEntryPage({ id }: { id: number }) {
  const t = useT();
  const entry = $api.useQuery('get', '/api/waitlist/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const title = entry.data
    ? t('waitlist.entry.title', { client: entry.data.client_name })
    : t('waitlist.entry.heading');
  useTitle(title);
  if (!entry.data) return <RecordState query={entry} title={title} missing={t('waitlist.entry.missing')} />;
  const e = entry.data;
  return (
    <>
      <p className="waitlist-back">
        <Link href={officeHref.waitlist()}>{t('waitlist.list.back')}</Link>
      </p>
      <h1>{title}</h1>
      {mode === 'edit' ? (
        <WaitlistForm entry={e} onDone={() => setMode('view')} onCancel={() => setMode('view')} />
      ) : (
        <>
          <Details
            label={t('waitlist.entry.details')}
            details={[
              [t('waitlist.entry.status'), t(`waitlist.status.${e.status}`)],
              [t('waitlist.entry.client'), e.client_name],
              [t('waitlist.entry.service'), e.service_name],
              [t('waitlist.entry.staff'), e.staff_name ?? t('waitlist.entry.anyStaff')],
              [t('waitlist.entry.date'), e.date],
              [t('waitlist.entry.window'), windowText(e, t)],
              [t('waitlist.entry.position'), e.position === null ? null : String(e.position)],
              [t('waitlist.entry.offeredAt'), when(e.offered_at)],
              [t('waitlist.entry.notes'), e.notes],
              [t('waitlist.entry.createdAt'), when(e.created_at)],
            ]}
          />
          {mode === 'remove' ? (
            <RemoveQuestion entry={e} onBack={() => setMode('view')} />
          ) : (
            <div className="actions">
              {e.status !== 'booked' && <Button onPress={() => setMode('edit')}>{t('waitlist.entry.edit')}</Button>}
              <Button variant="secondary" onPress={() => setMode('remove')}>
                {t('waitlist.entry.remove')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/** "Remove … from the waitlist?": the entry goes; a booking made from it stays (its link to the entry is cleared). */
function RemoveQuestion({ entry, onBack }: { entry: Schemas['WaitlistEntry']; onBack: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useApiMutation('delete', '/api/waitlist/{id}', {
    onSuccess: () => navigate(officeHref.waitlist(), { replace: true }),
  });
  const question = t('waitlist.remove.question', {
    client: entry.client_name,
    service: entry.service_name,
    date: entry.date,
  });
  return (
    <div className="waitlist-question" role="group" aria-label={question}>
      <p>{question}</p>
      <p>{t('waitlist.remove.kept')}</p>
      <FailureAlert error={remove.error} words={WAITLIST_WORDS} />
      <div className="actions">
        <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: entry.id } } })}>
          {t('waitlist.remove.yes')}
        </SendButton>
        <Button variant="secondary" onPress={onBack}>
          {t('waitlist.remove.no')}
        </Button>
      </div>
    </div>
  );
}
