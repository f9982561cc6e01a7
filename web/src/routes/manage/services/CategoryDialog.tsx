import { useId, useState } from 'react';
import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { TextField } from '../../../ui/TextField';

type Category = Schemas['ServiceCategory'];

/**
 * A new category (at the end of the list) or one edited: its name and colour (the desk's
 * calendar and the booking page colour its services with it); an edited one can be deleted,
 * its services staying without a category.
 */
export function CategoryDialog({
  isOpen,
  onOpenChange,
  category,
  nextPosition,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  category?: Category;
  nextPosition: number;
}) {
  const t = useT();
  const colourId = useId();
  const [confirming, setConfirming] = useState(false);
  const done = () => {
    setConfirming(false);
    onOpenChange(false);
  };
  const create = useApiMutation('post', '/api/services/categories', { onSuccess: done });
  const update = useApiMutation('put', '/api/services/categories/{id}', { onSuccess: done });
  const remove = useApiMutation('delete', '/api/services/categories/{id}', { onSuccess: done });
  const sending = category ? update : create;
  const busy = sending.isPending || remove.isPending;
  const submit = (form: HTMLFormElement) => {
    const body = { name: fieldText(form, 'name'), color: fieldText(form, 'color') };
    if (category) update.mutate({ params: { path: { id: category.id } }, body });
    else create.mutate({ body: { ...body, position: nextPosition } });
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
      title={
        category ? t('manage.services.category.editTitle', { name: category.name }) : t('manage.services.newCategory')
      }
      isDismissable={!busy}
    >
      <ApiForm sending={sending} onSubmit={submit} className="manage-form">
        <TextField
          label={t('manage.services.field.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={category?.name}
          autoFocus
        />
        <div className="field">
          <label htmlFor={colourId}>{t('manage.services.field.colour')}</label>
          <input
            id={colourId}
            type="color"
            name="color"
            defaultValue={category?.color ?? '#6e56cf'}
            className="colour-input"
          />
        </div>
        <div className="actions">
          <SubmitButton sending={sending}>
            {category ? t('manage.services.save') : t('manage.services.create')}
          </SubmitButton>
          <Button variant="secondary" onPress={() => !busy && onOpenChange(false)}>
            {t('manage.services.cancel')}
          </Button>
        </div>
      </ApiForm>
      {category && (
        <div className="manage-danger">
          <FailureAlert error={remove.error} />
          {confirming ? (
            <>
              <p>{t('manage.services.category.deleteQuestion', { name: category.name })}</p>
              <div className="actions">
                <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: category.id } } })}>
                  {t('manage.services.category.deleteConfirm')}
                </SendButton>
                <Button variant="secondary" onPress={() => setConfirming(false)}>
                  {t('manage.services.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <Button variant="secondary" onPress={() => setConfirming(true)}>
              {t('manage.services.category.delete')}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
