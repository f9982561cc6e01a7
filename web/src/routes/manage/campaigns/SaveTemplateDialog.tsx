import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import type { Block } from './block-drafts';

/** The campaign's blocks saved under a name: a later campaign starts from them. */
export function SaveTemplateDialog({ blocks, onClose }: { blocks: Block[]; onClose: () => void }) {
  const t = useT();
  const save = useApiMutation('post', '/api/campaigns/templates', { onSuccess: onClose });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={t('manage.campaigns.saveTemplate')}
      isDismissable={!save.isPending}
    >
      <ApiForm sending={save} onSubmit={(form) => save.mutate({ body: { name: fieldText(form, 'name'), blocks } })}>
        <TextField name="name" label={t('manage.campaigns.templateName')} isRequired maxLength={200} autoFocus />
        <div className="actions">
          <SubmitButton sending={save}>{t('manage.campaigns.save')}</SubmitButton>
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('manage.campaigns.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
