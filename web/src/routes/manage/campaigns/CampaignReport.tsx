import { useId, useMemo, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { Details, useRecordTime } from '../../../ui/RecordPage';
import { toBlocks, toDrafts } from './block-drafts';
import { DeleteCampaignDialog } from './DeleteCampaignDialog';
import { Preview } from './Preview';
import { SaveTemplateDialog } from './SaveTemplateDialog';

type Campaign = Schemas['Campaign'];

/**
 * A campaign that is being sent or was sent: its progress while the worker mails its
 * recipients (the page asks for the counts every second meanwhile), then how it went: sent,
 * failed, unsubscribed before their turn. Its email stays viewable, and can become a template.
 */
export function CampaignReport({ campaign: c }: { campaign: Campaign }) {
  const t = useT();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const progressId = useId();
  const [dialog, setDialog] = useState<'template' | 'delete' | null>(null);
  const drafts = useMemo(() => toDrafts(c.blocks), [c.blocks]);
  const done = c.sent_count + c.failed_count + c.skipped_count;
  const sending = c.status === 'sending';
  return (
    <>
      <h1>{c.name}</h1>
      <p role="status" className="campaign-state">
        {sending
          ? t('manage.campaigns.progress', { done, count: c.recipient_count })
          : t('manage.campaigns.finished', {
              status: t(`campaigns.status.${c.status}`),
              sent: c.sent_count,
              count: c.recipient_count,
            })}
      </p>
      {sending && (
        <div className="campaign-progress">
          <label htmlFor={progressId}>{t('manage.campaigns.progressLabel')}</label>
          <progress id={progressId} max={Math.max(1, c.recipient_count)} value={done} />
        </div>
      )}
      <Details
        label={t('campaigns.campaign.details')}
        details={[
          [t('campaigns.campaign.status'), t(`campaigns.status.${c.status}`)],
          [t('campaigns.campaign.subject'), c.subject],
          [t('campaigns.campaign.recipients'), String(c.recipient_count)],
          [t('campaigns.campaign.sent'), String(c.sent_count)],
          [t('campaigns.campaign.failed'), String(c.failed_count)],
          [t('manage.campaigns.unsubscribed'), String(c.skipped_count)],
          [t('campaigns.campaign.pending'), String(c.pending_count)],
          [t('campaigns.campaign.startedAt'), when(c.started_at)],
          [t('campaigns.campaign.finishedAt'), when(c.finished_at)],
        ]}
      />
      <div className="actions campaign-actions">
        <Button variant="secondary" onPress={() => setDialog('template')}>
          {t('manage.campaigns.saveTemplate')}
        </Button>
        {!sending && (
          <Button variant="secondary" onPress={() => setDialog('delete')}>
            {t('manage.campaigns.deleteCampaign')}
          </Button>
        )}
      </div>
      <Preview blocks={drafts} subject={c.subject} />
      {dialog === 'template' && <SaveTemplateDialog blocks={toBlocks(drafts)} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteCampaignDialog campaign={c} onClose={() => setDialog(null)} />}
    </>
  );
}
