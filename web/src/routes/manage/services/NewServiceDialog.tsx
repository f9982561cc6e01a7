import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { categoryOf, CategorySelect, numberOf } from './CategorySelect';

type Service = Schemas['Service'];

/** A new service, at the end of the list: what it needs to exist; its page then opens for the rest. */
export function NewServiceDialog({
  isOpen,
  onOpenChange,
  categories,
  nextPosition,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  categories: readonly Schemas['ServiceCategory'][];
  nextPosition: number;
  onSaved: (service: Service) => void;
}) {
  const t = useT();
  const create = useApiMutation('post', '/api/services', {
    onSuccess: (service: Service) => {
      onOpenChange(false);
      onSaved(service);
    },
  });
  const submit = (form: HTMLFormElement) =>
    create.mutate({
      body: {
        name: fieldText(form, 'name'),
        category_id: categoryOf(form),
        duration_min: numberOf(form, 'duration_min'),
        price: numberOf(form, 'price'),
        position: nextPosition,
      },
    });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (create.isPending) return;
        if (!open) create.reset();
        onOpenChange(open);
      }}
      title={t('manage.services.newService')}
      isDismissable={!create.isPending}
    >
      <ApiForm sending={create} onSubmit={submit} className="manage-form">
        <TextField label={t('manage.services.field.name')} name="name" isRequired maxLength={200} autoFocus />
        <CategorySelect categories={categories} defaultValue={null} />
        <TextField
          label={t('manage.services.field.duration')}
          name="duration_min"
          inputMode="numeric"
          isRequired
          defaultValue="30"
        />
        <TextField
          label={t('manage.services.field.price')}
          name="price"
          inputMode="decimal"
          isRequired
          defaultValue="0"
        />
        <div className="actions">
          <SubmitButton sending={create}>{t('manage.services.create')}</SubmitButton>
          <Button variant="secondary" onPress={() => !create.isPending && onOpenChange(false)}>
            {t('manage.services.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
