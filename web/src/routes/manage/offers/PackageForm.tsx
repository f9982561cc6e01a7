import { useId, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { fieldErrors } from '../../../ui/failure';
import { TextField } from '../../../ui/TextField';

type Package = Schemas['Package'];

/** One line of the package's services as the form holds it (`key` keeps a line's fields when another goes). */
interface Line {
  key: number;
  serviceId: string;
  quantity: string;
}

let nextKey = 1;
const lineOf = (serviceId = '', quantity = '1'): Line => ({ key: nextKey++, serviceId, quantity });

/** The form as the API's body: every field sent, so an edit says the whole package. */
function bodyOf(form: HTMLFormElement, lines: readonly Line[]) {
  const data = new FormData(form);
  return {
    name: fieldText(form, 'name'),
    description: fieldText(form, 'description'),
    price: Number(fieldText(form, 'price').replace(',', '.')),
    // Empty: the credits never expire.
    valid_days: fieldText(form, 'valid_days').trim() === '' ? null : Number(fieldText(form, 'valid_days')),
    active: data.has('active') ? (1 as const) : (0 as const),
    services: lines.map((_, index) => ({
      service_id: Number(fieldText(form, `services.${index}.service_id`)),
      quantity: Number(fieldText(form, `services.${index}.quantity`)),
    })),
  };
}

/**
 * A package's form in a dialog: its name, what it includes (services, each a number of
 * sessions), its price (VAT included), how many days its credits stay usable after the sale
 * (empty: always) and whether it is on sale. An existing package is
 * deleted here when it was never sold; the service refuses a sold one (409) and the dialog
 * says to deactivate it instead.
 */
export function PackageFormDialog({
  isOpen,
  onOpenChange,
  item,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The package edited; absent for a new one. */
  item?: Package;
}) {
  const t = useT();
  const close = () => onOpenChange(false);
  const create = useApiMutation('post', '/api/packages', { onSuccess: close });
  const update = useApiMutation('put', '/api/packages/{id}', { onSuccess: close });
  const remove = useApiMutation('delete', '/api/packages/{id}', { onSuccess: close });
  const sending = item ? update : create;
  const busy = sending.isPending || remove.isPending;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (busy) return;
        if (!open) [create, update, remove].forEach((m) => m.reset());
        onOpenChange(open);
      }}
      title={item ? t('manage.offers.packages.editTitle', { name: item.name }) : t('manage.offers.packages.new')}
      isDismissable={!busy}
    >
      <PackageFields
        key={item?.id ?? 'new'}
        item={item}
        sending={sending}
        onSubmit={(body) =>
          item ? update.mutate({ params: { path: { id: item.id } }, body }) : create.mutate({ body })
        }
        onCancel={() => !busy && close()}
      />
      {item && (
        <div className="offers-danger">
          <FailureAlert error={remove.error} words={{ codes: { package_in_use: 'manage.offers.packages.inUse' } }} />
          <SendButton
            variant="secondary"
            sending={remove}
            onSend={() => remove.mutate({ params: { path: { id: item.id } } })}
          >
            {t('manage.offers.packages.delete')}
          </SendButton>
        </div>
      )}
    </Dialog>
  );
}

function PackageFields({
  item,
  sending,
  onSubmit,
  onCancel,
}: {
  item?: Package;
  sending: { error: unknown; isPending: boolean };
  onSubmit: (body: ReturnType<typeof bodyOf>) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const services = $api.useQuery('get', '/api/services');
  const [lines, setLines] = useState<Line[]>(() =>
    item ? item.services.map((s) => lineOf(String(s.service_id), String(s.quantity))) : [lineOf()],
  );
  const errors = fieldErrors(sending.error);
  const groupId = useId();
  return (
    <ApiForm sending={sending} onSubmit={(form) => onSubmit(bodyOf(form, lines))} className="offers-form">
      <TextField
        label={t('manage.offers.packages.name')}
        name="name"
        isRequired
        maxLength={200}
        defaultValue={item?.name}
        autoFocus
      />
      <TextField
        label={t('manage.offers.packages.description')}
        name="description"
        multiline
        maxLength={2000}
        defaultValue={item?.description}
      />
      <TextField
        label={t('manage.offers.packages.priceLabel')}
        name="price"
        inputMode="decimal"
        isRequired
        pattern="\d+([.,]\d{1,2})?"
        defaultValue={item ? String(item.price) : ''}
      />
      <TextField
        label={t('manage.offers.packages.validDays')}
        description={t('manage.offers.packages.validDaysHelp')}
        name="valid_days"
        type="number"
        inputMode="numeric"
        defaultValue={item?.valid_days ? String(item.valid_days) : ''}
      />
      <fieldset className="offers-lines" aria-describedby={errors.services ? `${groupId}-error` : undefined}>
        <legend>{t('manage.offers.packages.services')}</legend>
        {lines.map((line, index) => (
          <div key={line.key} className="offers-line">
            <div className="field">
              <label htmlFor={`${groupId}-${line.key}`}>{t('manage.offers.packages.service', { n: index + 1 })}</label>
              <select
                id={`${groupId}-${line.key}`}
                name={`services.${index}.service_id`}
                required
                defaultValue={line.serviceId}
                aria-invalid={errors[`services.${index}.service_id`] ? true : undefined}
                aria-describedby={errors[`services.${index}.service_id`] ? `${groupId}-${line.key}-error` : undefined}
              >
                <option value="">{t('manage.offers.packages.pick')}</option>
                {(services.data ?? []).map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </select>
              {errors[`services.${index}.service_id`] && (
                <p id={`${groupId}-${line.key}-error`} className="error">
                  {errors[`services.${index}.service_id`]}
                </p>
              )}
            </div>
            <TextField
              label={t('manage.offers.packages.sessions')}
              name={`services.${index}.quantity`}
              type="number"
              inputMode="numeric"
              isRequired
              defaultValue={line.quantity}
            />
            {lines.length > 1 && (
              <Button
                variant="secondary"
                aria-label={t('manage.offers.packages.removeLine', { n: index + 1 })}
                onPress={() => setLines((all) => all.filter((other) => other.key !== line.key))}
              >
                {t('manage.offers.packages.remove')}
              </Button>
            )}
          </div>
        ))}
        {errors.services && (
          <p id={`${groupId}-error`} className="error">
            {errors.services}
          </p>
        )}
        <Button
          variant="secondary"
          onPress={() => setLines((all) => [...all, lineOf()])}
          isDisabled={lines.length >= 50}
        >
          {t('manage.offers.packages.addLine')}
        </Button>
      </fieldset>
      <Checkbox name="active" defaultSelected={item ? item.active === 1 : true}>
        {t('manage.offers.packages.onSale')}
      </Checkbox>
      <div className="actions">
        <SubmitButton sending={sending}>{item ? t('manage.offers.save') : t('manage.offers.create')}</SubmitButton>
        <Button variant="secondary" onPress={onCancel}>
          {t('manage.offers.cancel')}
        </Button>
      </div>
    </ApiForm>
  );
}
