import { useId } from 'react';
import type { Schemas } from '../../../api/client';
import { errorCode } from '../../../api/errors';
import { useApiMutation } from '../../../api/mutation';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { fieldErrors } from '../../../ui/failure';
import { TextField } from '../../../ui/TextField';

type Promotion = Schemas['Promotion'];

const ITEM_TYPES = ['service', 'product', 'package'] as const;
const ITEM_WORDS: Record<(typeof ITEM_TYPES)[number], MessageKey> = {
  service: 'manage.offers.promotions.appliesService',
  product: 'manage.offers.promotions.appliesProduct',
  package: 'manage.offers.promotions.appliesPackage',
};

/** An optional whole number typed: null when left empty (no limit). */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form as the API's body: every field sent, so an edit says the whole promotion. */
function bodyOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const from = fieldText(form, 'valid_from');
  const to = fieldText(form, 'valid_to');
  return {
    code: fieldText(form, 'code').trim(),
    name: fieldText(form, 'name'),
    discount_type: fieldText(form, 'discount_type') === 'fixed' ? ('fixed' as const) : ('percentage' as const),
    discount_value: Number(fieldText(form, 'discount_value').replace(',', '.')),
    valid_from: from === '' ? null : from,
    valid_to: to === '' ? null : to,
    usage_limit: limitOf(fieldText(form, 'usage_limit')),
    per_client_limit: limitOf(fieldText(form, 'per_client_limit')),
    applies_to: ITEM_TYPES.filter((type) => data.has(`applies_${type}`)),
    active: data.has('active') ? (1 as const) : (0 as const),
  };
}

/**
 * A promotion's form in a dialog: its code (stored upper case), what it takes off (a percentage
 * or an amount), its first and last day (either open), how often it may be used in all and per
 * client, and what it applies to. A code another promotion has (409 `code_taken`) is said on
 * the code; a used promotion cannot be deleted (409 `promotion_in_use`), only switched off.
 */
export function PromotionFormDialog({
  isOpen,
  onOpenChange,
  item,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  item?: Promotion;
}) {
  const t = useT();
  const close = () => onOpenChange(false);
  const create = useApiMutation('post', '/api/promotions', { onSuccess: close });
  const update = useApiMutation('put', '/api/promotions/{id}', { onSuccess: close });
  const remove = useApiMutation('delete', '/api/promotions/{id}', { onSuccess: close });
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
      title={item ? t('manage.offers.promotions.editTitle', { code: item.code }) : t('manage.offers.promotions.new')}
      isDismissable={!busy}
    >
      <PromotionFields
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
          <FailureAlert
            error={remove.error}
            words={{ codes: { promotion_in_use: 'manage.offers.promotions.inUse' } }}
          />
          <SendButton
            variant="secondary"
            sending={remove}
            onSend={() => remove.mutate({ params: { path: { id: item.id } } })}
          >
            {t('manage.offers.promotions.delete')}
          </SendButton>
        </div>
      )}
    </Dialog>
  );
}

function PromotionFields({
  item,
  sending,
  onSubmit,
  onCancel,
}: {
  item?: Promotion;
  sending: { error: unknown; isPending: boolean };
  onSubmit: (body: ReturnType<typeof bodyOf>) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const typeId = useId();
  const appliesId = useId();
  const checks =
    errorCode(sending.error) === 'code_taken' ? { code: t('manage.offers.promotions.codeTaken') } : undefined;
  const errors = fieldErrors(sending.error);
  const applies = item?.applies_to ?? ITEM_TYPES;
  return (
    <ApiForm
      sending={sending}
      onSubmit={(form) => onSubmit(bodyOf(form))}
      checks={checks}
      words={{ codes: { code_taken: 'manage.offers.promotions.codeTaken' } }}
      className="offers-form"
    >
      <TextField
        label={t('manage.offers.promotions.code')}
        description={t('manage.offers.promotions.codeHelp')}
        name="code"
        isRequired
        minLength={2}
        maxLength={64}
        pattern="[A-Za-z0-9_\-]+"
        defaultValue={item?.code}
        autoComplete="off"
        autoFocus
      />
      <TextField
        label={t('manage.offers.promotions.name')}
        name="name"
        isRequired
        maxLength={200}
        defaultValue={item?.name}
      />
      <div className="offers-pair">
        <div className="field">
          <label htmlFor={typeId}>{t('manage.offers.promotions.discountType')}</label>
          <select id={typeId} name="discount_type" defaultValue={item?.discount_type ?? 'percentage'}>
            <option value="percentage">{t('manage.offers.promotions.percentage')}</option>
            <option value="fixed">{t('manage.offers.promotions.fixed')}</option>
          </select>
        </div>
        <TextField
          label={t('manage.offers.promotions.value')}
          name="discount_value"
          inputMode="decimal"
          isRequired
          pattern="\d+([.,]\d{1,2})?"
          defaultValue={item ? String(item.discount_value) : ''}
        />
      </div>
      <div className="offers-pair">
        <TextField
          label={t('manage.offers.promotions.from')}
          name="valid_from"
          type="date"
          defaultValue={item?.valid_from ?? ''}
        />
        <TextField
          label={t('manage.offers.promotions.to')}
          name="valid_to"
          type="date"
          defaultValue={item?.valid_to ?? ''}
        />
      </div>
      <div className="offers-pair">
        <TextField
          label={t('manage.offers.promotions.usageLimit')}
          description={t('manage.offers.promotions.noLimit')}
          name="usage_limit"
          type="number"
          inputMode="numeric"
          defaultValue={item?.usage_limit === null || item === undefined ? '' : String(item.usage_limit)}
        />
        <TextField
          label={t('manage.offers.promotions.perClient')}
          description={t('manage.offers.promotions.noLimit')}
          name="per_client_limit"
          type="number"
          inputMode="numeric"
          defaultValue={item?.per_client_limit === null || item === undefined ? '' : String(item.per_client_limit)}
        />
      </div>
      <fieldset className="offers-applies" aria-describedby={errors.applies_to ? appliesId : undefined}>
        <legend>{t('manage.offers.promotions.appliesTo')}</legend>
        {ITEM_TYPES.map((type) => (
          <Checkbox key={type} name={`applies_${type}`} defaultSelected={applies.includes(type)}>
            {t(ITEM_WORDS[type])}
          </Checkbox>
        ))}
        {errors.applies_to && (
          <p id={appliesId} className="error">
            {t('manage.offers.promotions.appliesNone')}
          </p>
        )}
      </fieldset>
      <Checkbox name="active" defaultSelected={item ? item.active === 1 : true}>
        {t('manage.offers.promotions.on')}
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
