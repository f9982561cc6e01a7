import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import type { SegmentFilters } from './segment-filters';

/** The audience's filters saved under a name, for the next campaign to load. */
export function SaveSegmentDialog({
  isOpen,
  onClose,
  filters,
}: {
  isOpen: boolean;
  onClose: () => void;
  filters: SegmentFilters;
}) {
  const t = useT();
  const save = useApiMutation('post', '/api/campaigns/segments', { onSuccess: onClose });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (save.isPending) return;
        if (!open) {
          save.reset();
          onClose();
        }
      }}
      title={t('manage.campaigns.saveSegment')}
      isDismissable={!save.isPending}
    >
      <ApiForm sending={save} onSubmit={(form) => save.mutate({ body: { name: fieldText(form, 'name'), filters } })}>
        <TextField name="name" label={t('manage.campaigns.segmentName')} isRequired maxLength={200} autoFocus />
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
