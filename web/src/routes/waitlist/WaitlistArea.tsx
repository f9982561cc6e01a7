import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { NotFound, useTitle } from '../../ui/PageStates';
import { Details, RecordState, useRecordTime } from '../../ui/RecordPage';

/** The waitlist area, one lazy chunk: for now an entry's screen (/waitlist/:id), where its notifications link. */
export default function WaitlistArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.waitlistEntry}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <WaitlistEntryPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/** /waitlist/:id: who waits for what, when, and where the entry stands (any signed-in member, as the API). */
function WaitlistEntryPage({ id }: { id: number }) {
  const t = useT();
  const entry = $api.useQuery('get', '/api/waitlist/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const title = entry.data
    ? t('waitlist.entry.title', { client: entry.data.client_name })
    : t('waitlist.entry.heading');
  useTitle(title);
  if (!entry.data) return <RecordState query={entry} title={title} missing={t('waitlist.entry.missing')} />;
  const e = entry.data;
  const hours = e.time_from || e.time_to ? `${e.time_from ?? '…'}–${e.time_to ?? '…'}` : t('waitlist.entry.anyTime');
  return (
    <>
      <h1>{title}</h1>
      <Details
        label={t('waitlist.entry.details')}
        details={[
          [t('waitlist.entry.status'), t(`waitlist.status.${e.status}`)],
          [t('waitlist.entry.client'), e.client_name],
          [t('waitlist.entry.service'), e.service_name],
          [t('waitlist.entry.staff'), e.staff_name ?? t('waitlist.entry.anyStaff')],
          [t('waitlist.entry.date'), e.date],
          [t('waitlist.entry.window'), hours],
          [t('waitlist.entry.position'), e.position === null ? null : String(e.position)],
          [t('waitlist.entry.offeredAt'), when(e.offered_at)],
          [t('waitlist.entry.notes'), e.notes],
          [t('waitlist.entry.createdAt'), when(e.created_at)],
        ]}
      />
    </>
  );
}
