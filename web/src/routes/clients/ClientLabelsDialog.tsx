import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Loading, LoadError } from '../../ui/PageStates';

type Client = Schemas['Client'];

/**
 * The card's labels of a client: the salon's labels ticked on or off and saved as the client's
 * whole set (the API's `labels` replaces it; nothing else of the client is sent, so nothing else
 * changes). New labels are made in the list's labels dialog (or typed in the client's form).
 */
export function ClientLabelsDialog({
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
  const labels = $api.useQuery('get', '/api/clients/labels');
  const save = useApiMutation('put', '/api/clients/{id}', {
    onSuccess: (saved: Client) => {
      onOpenChange(false);
      onDone(t('clients.card.labelsSaved', { name: saved.name }));
    },
  });
  const submit = (form: HTMLFormElement) => {
    const chosen = new FormData(form).getAll('label').filter((value): value is string => typeof value === 'string');
    save.mutate({ params: { path: { id: client.id } }, body: { labels: chosen } });
  };
  const has = new Set(client.labels.map((name) => name.toLowerCase()));
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (save.isPending) return;
        if (!open) save.reset();
        onOpenChange(open);
      }}
      title={t('clients.card.labelsTitle', { name: client.name })}
      isDismissable={!save.isPending}
    >
      {labels.isError ? (
        <LoadError retry={() => void labels.refetch()} />
      ) : !labels.data ? (
        <Loading />
      ) : (
        <ApiForm sending={save} onSubmit={submit}>
          {labels.data.length === 0 ? (
            <p>{t('clients.card.labelsNone')}</p>
          ) : (
            <fieldset className="client-label-choices">
              <legend>{t('clients.card.labels')}</legend>
              {labels.data.map((label) => (
                <Checkbox
                  key={label.id}
                  name="label"
                  value={label.name}
                  defaultSelected={has.has(label.name.toLowerCase())}
                >
                  <span className="label-swatch" style={{ background: label.color }} aria-hidden="true" /> {label.name}
                </Checkbox>
              ))}
            </fieldset>
          )}
          <div className="actions">
            <SubmitButton sending={save} isDisabled={labels.data.length === 0}>
              {t('clients.card.labelsSave')}
            </SubmitButton>
            <Button variant="secondary" onPress={() => !save.isPending && onOpenChange(false)}>
              {t('clients.form.cancel')}
            </Button>
          </div>
        </ApiForm>
      )}
    </Dialog>
  );
}
