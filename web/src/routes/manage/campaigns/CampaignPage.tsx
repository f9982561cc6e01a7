import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { useTitle } from '../../../ui/PageStates';
import { RecordState } from '../../../ui/RecordPage';
import { CampaignEditor } from './CampaignEditor';
import { CampaignReport } from './CampaignReport';

/** While a campaign is being sent, its counts are asked again this often: the send's progress. */
const PROGRESS_EVERY_MS = 1000;

/**
 * /manage/campaigns/:id: a draft is edited (blocks, preview, audience) and sent from here; a
 * campaign being sent shows its progress, and a sent one how it went.
 */
export function CampaignPage({ id }: { id: number }) {
  const t = useT();
  const campaign = $api.useQuery(
    'get',
    '/api/campaigns/{id}',
    { params: { path: { id } } },
    { refetchInterval: (query) => (query.state.data?.status === 'sending' ? PROGRESS_EVERY_MS : false) },
  );
  const title = campaign.data?.name ?? t('campaigns.campaign.heading');
  useTitle(title);
  const back = (
    <p className="manage-back">
      <Link href={officeHref.manageCampaigns()}>{t('manage.campaigns.back')}</Link>
    </p>
  );
  if (!campaign.data)
    return (
      <>
        {back}
        <RecordState query={campaign} title={title} missing={t('campaigns.campaign.missing')} />
      </>
    );
  return (
    <div className="manage-campaign">
      {back}
      {campaign.data.status === 'draft' ? (
        <CampaignEditor key={campaign.data.id} campaign={campaign.data} />
      ) : (
        <CampaignReport campaign={campaign.data} />
      )}
    </div>
  );
}
