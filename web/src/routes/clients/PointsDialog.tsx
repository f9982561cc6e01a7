import { useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { errorCode } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { pointsOf } from './points';

type Client = Schemas['Client'];

/**
 * A client's loyalty points corrected by hand (an admin's, as the API): points added or taken
 * off with the reason, kept in the points' history. The balance never goes below zero: the
 * service's refusal says so on the points, with how many can be taken off; what was typed stays.
 */
export function PointsDialog({
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
  const account = $api.useQuery('get', '/api/loyalty/clients/{clientId}', {
    params: { path: { clientId: client.id } },
  });
  // The page's own check of the number, made on submit.
  const [notNumber, setNotNumber] = useState(false);
  const adjust = useApiMutation('post', '/api/loyalty/clients/{clientId}/adjust', {
    onSuccess: (saved: Schemas['LoyaltyAccount']) => {
      onOpenChange(false);
      onDone(t('clients.points.done', { name: client.name, balance: saved.balance }));
    },
  });
  const balance = account.data?.balance ?? 0;
  const checks = notNumber
    ? { points: t('clients.points.whole') }
    : errorCode(adjust.error) === 'insufficient_points'
      ? { points: t('clients.points.below', { balance }) }
      : undefined;
  const submit = (form: HTMLFormElement) => {
    const points = pointsOf(fieldText(form, 'points'));
    setNotNumber(points === null);
    if (points === null) return;
    const note = fieldText(form, 'note').trim();
    adjust.mutate({ params: { path: { clientId: client.id } }, body: note === '' ? { points } : { points, note } });
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (adjust.isPending) return;
        if (!open) {
          adjust.reset();
          setNotNumber(false);
        }
        onOpenChange(open);
      }}
      title={t('clients.points.title', { name: client.name })}
      isDismissable={!adjust.isPending}
    >
      <p>{account.data ? t('clients.points.balance', { balance }) : ''}</p>
      <ApiForm sending={adjust} onSubmit={submit} checks={checks}>
        <TextField
          name="points"
          label={t('clients.points.change')}
          description={t('clients.points.changeHelp')}
          inputMode="text"
          isRequired
          maxLength={10}
          autoFocus
        />
        <TextField
          name="note"
          label={t('clients.points.note')}
          description={t('clients.points.noteHelp')}
          maxLength={500}
        />
        <div className="actions">
          <SubmitButton sending={adjust}>{t('clients.points.save')}</SubmitButton>
          <Button variant="secondary" onPress={() => !adjust.isPending && onOpenChange(false)}>
            {t('clients.points.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
