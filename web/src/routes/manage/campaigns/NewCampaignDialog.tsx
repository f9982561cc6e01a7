import { useId } from 'react';
import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { apiBlocks } from './block-drafts';

/**
 * A new campaign: its name, its subject and what it starts from (a saved template's blocks,
 * or a greeting and a paragraph to write over). Created as a draft, then opened in the editor.
 */
export function NewCampaignDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const templates = $api.useQuery('get', '/api/campaigns/templates', {}, { enabled: isOpen });
  const create = useApiMutation('post', '/api/campaigns', {
    onSuccess: (campaign: { id: number }) => navigate(officeHref.manageCampaign(campaign.id)),
  });
  const templateId = useId();
  const blank = apiBlocks([
    { type: 'heading', text: t('manage.campaigns.start.heading') },
    { type: 'text', text: t('manage.campaigns.start.text') },
  ]);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (create.isPending) return;
        if (!open) create.reset();
        onOpenChange(open);
      }}
      title={t('manage.campaigns.new')}
      isDismissable={!create.isPending}
    >
      <ApiForm
        sending={create}
        onSubmit={(form) => {
          const chosen = templates.data?.find((item) => String(item.id) === fieldText(form, 'template'));
          create.mutate({
            body: {
              name: fieldText(form, 'name'),
              subject: fieldText(form, 'subject'),
              blocks: chosen ? chosen.blocks : blank,
            },
          });
        }}
      >
        <TextField name="name" label={t('manage.campaigns.name')} isRequired maxLength={200} autoFocus />
        <TextField name="subject" label={t('manage.campaigns.subject')} isRequired maxLength={200} />
        <div className="field">
          <label htmlFor={templateId}>{t('manage.campaigns.startFrom')}</label>
          <select id={templateId} name="template" defaultValue="">
            <option value="">{t('manage.campaigns.startBlank')}</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.campaigns.create')}</SubmitButton>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={create.isPending}>
            {t('manage.campaigns.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
