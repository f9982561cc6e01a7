import { useState } from 'react';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { TextField } from '../../../ui/TextField';

type Resource = Schemas['Resource'];

/** A new resource or one edited: name, capacity, the services that need it; an edited one deleted. */
export function ResourceDialog({
  isOpen,
  onOpenChange,
  resource,
  services,
  onDone,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  resource?: Resource;
  services: readonly Schemas['Service'][];
  onDone: (text: string) => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onOpenChange(false);
  };
  const saved = (result: Resource) => {
    close();
    onDone(t('manage.resources.saved', { name: result.name }));
  };
  const create = useApiMutation('post', '/api/resources', { onSuccess: saved });
  const update = useApiMutation('put', '/api/resources/{id}', { onSuccess: saved });
  const remove = useApiMutation('delete', '/api/resources/{id}', {
    onSuccess: (result: { archived: boolean }) => {
      close();
      onDone(
        t(result.archived ? 'manage.resources.archived' : 'manage.resources.deleted', { name: resource?.name ?? '' }),
      );
    },
  });
  const sending = resource ? update : create;
  const busy = sending.isPending || remove.isPending;
  const submit = (form: HTMLFormElement) => {
    const capacity = fieldText(form, 'capacity').trim();
    const body = {
      name: fieldText(form, 'name'),
      capacity: /^\d+$/.test(capacity) ? Number(capacity) : (capacity as unknown as number),
      service_ids: new FormData(form).getAll('service_ids').map(Number),
    };
    if (resource) update.mutate({ params: { path: { id: resource.id } }, body });
    else create.mutate({ body });
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (busy) return;
        if (!open) {
          sending.reset();
          remove.reset();
          setConfirming(false);
        }
        onOpenChange(open);
      }}
      title={resource ? t('manage.resources.editTitle', { name: resource.name }) : t('manage.resources.new')}
      isDismissable={!busy}
    >
      <ApiForm sending={sending} onSubmit={submit} className="manage-form">
        <TextField
          label={t('manage.resources.field.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={resource?.name}
          autoFocus
        />
        <TextField
          label={t('manage.resources.field.capacity')}
          description={t('manage.resources.capacityHelp')}
          name="capacity"
          inputMode="numeric"
          isRequired
          defaultValue={String(resource?.capacity ?? 1)}
        />
        <fieldset className="manage-fieldset">
          <legend>{t('manage.resources.field.services')}</legend>
          {services.map((service) => (
            <Checkbox
              key={service.id}
              name="service_ids"
              value={String(service.id)}
              defaultSelected={resource?.service_ids.includes(service.id) ?? false}
            >
              {service.name}
            </Checkbox>
          ))}
        </fieldset>
        <div className="actions">
          <SubmitButton sending={sending}>
            {resource ? t('manage.resources.save') : t('manage.resources.create')}
          </SubmitButton>
          <Button variant="secondary" onPress={() => !busy && onOpenChange(false)}>
            {t('manage.resources.cancel')}
          </Button>
        </div>
      </ApiForm>
      {resource && (
        <div className="manage-danger">
          <FailureAlert error={remove.error} />
          {confirming ? (
            <>
              <p>{t('manage.resources.deleteQuestion', { name: resource.name })}</p>
              <div className="actions">
                <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: resource.id } } })}>
                  {t('manage.resources.deleteConfirm')}
                </SendButton>
                <Button variant="secondary" onPress={() => setConfirming(false)}>
                  {t('manage.resources.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <Button variant="secondary" onPress={() => setConfirming(true)}>
              {t('manage.resources.delete')}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
