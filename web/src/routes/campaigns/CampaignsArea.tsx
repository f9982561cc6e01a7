import { Route, Switch } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { OFFICE_ROUTES } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { NotFound, useTitle } from '../../ui/PageStates';
import { AdminOnly, Details, RecordState, useIsAdmin, useRecordTime } from '../../ui/RecordPage';

/** The campaigns area, one lazy chunk: for now a campaign's summary (/campaigns/:id), where "campaign sent" links. */
export default function CampaignsArea() {
  return (
    <Switch>
      <Route path={OFFICE_ROUTES.campaign}>
        {(params: { id: string }) =>
          /^[1-9]\d{0,9}$/.test(params.id) ? <CampaignPage key={params.id} id={Number(params.id)} /> : <NotFound />
        }
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

/** /campaigns/:id: a campaign's summary (admins only, as the API): its subject, its state and how its send went. */
function CampaignPage({ id }: { id: number }) {
  const t = useT();
  const admin = useIsAdmin();
  const heading = t('campaigns.campaign.heading');
  if (!admin) return <AdminOnly title={heading} />;
  return <Campaign id={id} heading={heading} />;
}

function Campaign({ id, heading }: { id: number; heading: string }) {
  const t = useT();
  const campaign = $api.useQuery('get', '/api/campaigns/{id}', { params: { path: { id } } });
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const title = campaign.data?.name ?? heading;
  useTitle(title);
  if (!campaign.data) return <RecordState query={campaign} title={title} missing={t('campaigns.campaign.missing')} />;
  const c = campaign.data;
  return (
    <>
      <h1>{title}</h1>
      <Details
        label={t('campaigns.campaign.details')}
        details={[
          [t('campaigns.campaign.status'), t(`campaigns.status.${c.status}`)],
          [t('campaigns.campaign.subject'), c.subject],
          [t('campaigns.campaign.recipients'), String(c.recipient_count)],
          [t('campaigns.campaign.sent'), String(c.sent_count)],
          [t('campaigns.campaign.failed'), String(c.failed_count)],
          [t('campaigns.campaign.skipped'), String(c.skipped_count)],
          [t('campaigns.campaign.pending'), String(c.pending_count)],
          [t('campaigns.campaign.startedAt'), when(c.started_at)],
          [t('campaigns.campaign.finishedAt'), when(c.finished_at)],
          [t('campaigns.campaign.createdAt'), when(c.created_at)],
        ]}
      />
    </>
  );
}
