import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { fieldErrors } from '../../../ui/failure';
import { TextField } from '../../../ui/TextField';
import { Audience } from './Audience';
import { BlockEditor } from './BlockEditor';
import { toBlocks, toDrafts, type DraftBlock } from './block-drafts';
import { CAMPAIGN_WORDS } from './campaign-words';
import { DeleteCampaignDialog } from './DeleteCampaignDialog';
import { Preview } from './Preview';
import { SaveTemplateDialog } from './SaveTemplateDialog';
import { toFilterDraft, toFilters, type FilterDraft } from './segment-filters';
import { SendDialog } from './SendDialog';

type Campaign = Schemas['Campaign'];

/**
 * A draft campaign: its name and subject, its blocks beside the live preview, its audience
 * with the live count, and Save, Send, Save as template, Delete. What is typed is the page's
 * until saved; Send saves it first, so what is sent is what is shown.
 */
export function CampaignEditor({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const [name, setName] = useState(campaign.name);
  const [subject, setSubject] = useState(campaign.subject);
  const [blocks, setBlocks] = useState<DraftBlock[]>(() => toDrafts(campaign.blocks));
  const [filters, setFilters] = useState<FilterDraft>(() => toFilterDraft(campaign.segment_filters));
  const [announced, setAnnounced] = useState('');
  const [dirty, setDirty] = useState(false);
  const [dialog, setDialog] = useState<'send' | 'template' | 'delete' | null>(null);
  const settings = $api.useQuery('get', '/api/settings');
  const save = useApiMutation('put', '/api/campaigns/{id}', {
    onSuccess: () => {
      setDirty(false);
      setAnnounced(t('manage.campaigns.saved'));
    },
  });
  const body = () => ({ name, subject, blocks: toBlocks(blocks), segment_filters: toFilters(filters) });
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
      setAnnounced('');
    };
  const errors = fieldErrors(save.error);
  const campaignsOff = settings.data !== undefined && !settings.data.bulk_campaigns_enabled;

  return (
    <>
      <h1>{campaign.name}</h1>
      <p className="ordered-meta">{t('campaigns.status.draft')}</p>
      {campaignsOff && (
        <p className="notice">
          {t('manage.campaigns.off')}{' '}
          <Link href={officeHref.manageCampaignAutomations()}>{t('manage.campaigns.automations.title')}</Link>
        </p>
      )}
      <p role="status" className="manage-announce">
        {announced}
      </p>
      <div className="campaign-workspace">
        <div className="campaign-edit">
          <ApiForm
            sending={save}
            words={CAMPAIGN_WORDS}
            onSubmit={() => save.mutate({ params: { path: { id: campaign.id } }, body: body() })}
            aria-label={t('manage.campaigns.form')}
          >
            <TextField
              name="name"
              label={t('manage.campaigns.name')}
              isRequired
              maxLength={200}
              value={name}
              onChange={changed(setName)}
            />
            <TextField
              name="subject"
              label={t('manage.campaigns.subject')}
              isRequired
              maxLength={200}
              value={subject}
              onChange={changed(setSubject)}
              description={t('manage.campaigns.subjectHelp')}
            />
            <BlockEditor blocks={blocks} onChange={changed(setBlocks)} errors={errors} announce={setAnnounced} />
            <div className="actions campaign-actions">
              <SubmitButton sending={save}>{t('manage.campaigns.save')}</SubmitButton>
              {dirty && <span className="ordered-meta">{t('manage.campaigns.unsaved')}</span>}
            </div>
          </ApiForm>
          <Audience draft={filters} onChange={changed(setFilters)} saveError={save.error} />
          <div className="actions campaign-actions">
            <Button onPress={() => setDialog('send')}>{t('manage.campaigns.send')}</Button>
            <Button variant="secondary" onPress={() => setDialog('template')}>
              {t('manage.campaigns.saveTemplate')}
            </Button>
            <Button variant="secondary" onPress={() => setDialog('delete')}>
              {t('manage.campaigns.deleteCampaign')}
            </Button>
          </div>
        </div>
        <Preview blocks={blocks} subject={subject} />
      </div>
      {dialog === 'send' && <SendDialog campaign={campaign} body={body()} onClose={() => setDialog(null)} />}
      {dialog === 'template' && <SaveTemplateDialog blocks={toBlocks(blocks)} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteCampaignDialog campaign={campaign} onClose={() => setDialog(null)} />}
    </>
  );
}
