import { useLocation } from 'wouter';
import type { Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';

type Client = Schemas['Client'];

/**
 * "Delete this client?": the client goes entirely, as if never added, which the service allows
 * only for a client without appointments or sales (a client added by mistake or twice). Unlike
 * the erase (GDPR), which keeps an anonymous record for the till's and the salon's figures. The
 * service's refusal for a client with a history says to erase instead. Any member, as the API;
 * once deleted, back to the list the card was opened from.
 */
export function DeleteDialog({
  isOpen,
  onOpenChange,
  client,
  backTo,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  client: Client;
  backTo: string;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useApiMutation('delete', '/api/clients/{id}', {
    onSuccess: () => navigate(backTo, { replace: true }),
  });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (remove.isPending) return;
        if (!open) remove.reset();
        onOpenChange(open);
      }}
      title={t('clients.delete.title', { name: client.name })}
      role="alertdialog"
      isDismissable={!remove.isPending}
    >
      <p>{t('clients.delete.what')}</p>
      <p>{t('clients.delete.history')}</p>
      <FailureAlert error={remove.error} words={{ codes: { client_has_history: 'clients.delete.hasHistory' } }} />
      <div className="actions">
        <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: client.id } } })}>
          {t('clients.delete.confirm')}
        </SendButton>
        <Button variant="secondary" onPress={() => !remove.isPending && onOpenChange(false)} autoFocus>
          {t('clients.delete.keep')}
        </Button>
      </div>
    </Dialog>
  );
}
