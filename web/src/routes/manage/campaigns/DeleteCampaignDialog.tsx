import { useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { CAMPAIGN_WORDS } from './campaign-words';

/** Deleting a campaign (a draft, or a sent one's record), after a question; then back to the list. */
export function DeleteCampaignDialog({ campaign, onClose }: { campaign: Schemas['Campaign']; onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useApiMutation('delete', '/api/campaigns/{id}', {
    onSuccess: () => navigate(officeHref.manageCampaigns(), { replace: true }),
  });
  return (
    <Dialog
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('manage.campaigns.deleteNamed', { name: campaign.name })}
      isDismissable={!remove.isPending}
    >
      <FailureAlert error={remove.error} words={CAMPAIGN_WORDS} />
      <p>{t('manage.campaigns.deleteCampaignText')}</p>
      <div className="actions">
        <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: campaign.id } } })}>
          {t('manage.campaigns.delete')}
        </SendButton>
        <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
          {t('manage.campaigns.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
