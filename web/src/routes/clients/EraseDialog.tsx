import type { Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';

type Client = Schemas['Client'];

/**
 * "Erase this client's personal data?" (GDPR): what goes, what is kept and why (the till's
 * records and the appointments stay, anonymised: the law keeps a till's records for years and
 * the salon's figures must stay right), and that it cannot be undone. Admins only, as the API.
 */
export function EraseDialog({
  isOpen,
  onOpenChange,
  client,
  onDone,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  client: Client;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const erase = useApiMutation('post', '/api/clients/{id}/erase', {
    onSuccess: () => {
      onOpenChange(false);
      onDone(t('clients.erase.done', { name: client.name }));
    },
  });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (erase.isPending) return;
        if (!open) erase.reset();
        onOpenChange(open);
      }}
      title={t('clients.erase.title', { name: client.name })}
      role="alertdialog"
      isDismissable={!erase.isPending}
    >
      <p>{t('clients.erase.goes', { id: client.id })}</p>
      <p>{t('clients.erase.kept')}</p>
      <p>
        <strong>{t('clients.erase.final')}</strong>
      </p>
      <FailureAlert error={erase.error} />
      <div className="actions">
        <SendButton sending={erase} onSend={() => erase.mutate({ params: { path: { id: client.id } } })}>
          {t('clients.erase.confirm')}
        </SendButton>
        <Button variant="secondary" onPress={() => !erase.isPending && onOpenChange(false)} autoFocus>
          {t('clients.erase.keep')}
        </Button>
      </div>
    </Dialog>
  );
}
