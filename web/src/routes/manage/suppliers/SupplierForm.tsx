import type { Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

type Supplier = Schemas['Supplier'];

/** A supplier's form in a dialog: a new supplier, or one edited (then also whether it is active). */
export function SupplierFormDialog({
  isOpen,
  onOpenChange,
  supplier,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  supplier?: Supplier;
  onSaved: (supplier: Supplier) => void;
}) {
  const t = useT();
  const saved = (result: Supplier) => {
    onOpenChange(false);
    onSaved(result);
  };
  const create = useApiMutation('post', '/api/suppliers', { onSuccess: saved });
  const update = useApiMutation('put', '/api/suppliers/{id}', { onSuccess: saved });
  const sending = supplier ? update : create;
  const submit = (form: HTMLFormElement) => {
    const body = {
      name: fieldText(form, 'name'),
      contact_person: fieldText(form, 'contact_person'),
      email: fieldText(form, 'email').trim(),
      phone: fieldText(form, 'phone'),
      address: fieldText(form, 'address'),
      website: fieldText(form, 'website').trim(),
      notes: fieldText(form, 'notes'),
    };
    if (supplier) {
      const active = new FormData(form).has('active') ? (1 as const) : (0 as const);
      update.mutate({ params: { path: { id: supplier.id } }, body: { ...body, active } });
    } else create.mutate({ body });
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (sending.isPending) return;
        if (!open) sending.reset();
        onOpenChange(open);
      }}
      title={
        supplier ? t('manage.suppliers.form.editTitle', { name: supplier.name }) : t('manage.suppliers.form.newTitle')
      }
      isDismissable={!sending.isPending}
    >
      <ApiForm sending={sending} onSubmit={submit} className="stock-form">
        <TextField
          label={t('manage.suppliers.field.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={supplier?.name}
          autoFocus
        />
        <TextField
          label={t('manage.suppliers.field.contact')}
          name="contact_person"
          maxLength={200}
          defaultValue={supplier?.contact_person}
        />
        <TextField
          label={t('manage.suppliers.field.email')}
          name="email"
          type="email"
          maxLength={254}
          defaultValue={supplier?.email}
        />
        <TextField
          label={t('manage.suppliers.field.phone')}
          name="phone"
          type="tel"
          maxLength={50}
          defaultValue={supplier?.phone}
        />
        <TextField
          label={t('manage.suppliers.field.address')}
          name="address"
          multiline
          maxLength={500}
          defaultValue={supplier?.address}
        />
        <TextField
          label={t('manage.suppliers.field.website')}
          description={t('manage.suppliers.form.websiteHelp')}
          name="website"
          type="url"
          maxLength={500}
          defaultValue={supplier?.website}
        />
        <TextField
          label={t('manage.suppliers.field.notes')}
          name="notes"
          multiline
          maxLength={5000}
          defaultValue={supplier?.notes}
        />
        {supplier && (
          <Checkbox name="active" defaultSelected={supplier.active === 1}>
            {t('manage.suppliers.form.active')}
          </Checkbox>
        )}
        <div className="actions">
          <SubmitButton sending={sending}>
            {supplier ? t('manage.suppliers.form.save') : t('manage.suppliers.form.create')}
          </SubmitButton>
          <Button variant="secondary" onPress={() => !sending.isPending && onOpenChange(false)}>
            {t('manage.suppliers.form.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}
