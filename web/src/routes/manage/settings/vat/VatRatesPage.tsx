import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { Checkbox } from '../../../../ui/Checkbox';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { fieldErrors } from '../../../../ui/failure';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { TextField } from '../../../../ui/TextField';
import { useSyncedDraft } from '../synced-draft';

type VatRate = Schemas['VatRate'];
interface Draft {
  name: string;
  percentage: string;
  is_default: boolean;
  is_disabled: boolean;
}
const EMPTY: Draft = { name: '', percentage: '', is_default: false, is_disabled: false };
const draftOf = (rate: VatRate): Draft => ({
  name: rate.name,
  percentage: String(rate.percentage),
  is_default: rate.is_default === 1,
  is_disabled: rate.is_disabled === 1,
});
/** A rate's name with its percentage, unless the name says it already ("21% (standard rate)" as set up). */
const headingOf = (rate: VatRate): string =>
  rate.name.includes(`${rate.percentage}%`) ? rate.name : `${rate.name} (${rate.percentage}%)`;

/** Both flags are always sent together, so switching the default and enabling a rate is one step (the service's advice). */
const bodyOf = (draft: Draft) => ({
  name: draft.name.trim(),
  percentage: Number(draft.percentage.trim().replace(',', '.')),
  is_default: draft.is_default,
  is_disabled: draft.is_disabled,
});

/**
 * The VAT rates, disabled ones too, each its own form, and a new one. The rules of the default
 * are said where they bind, beside its switch: one default at a time (making this one the
 * default takes it from the other, so the list is read again), and a disabled rate is never it.
 */
export function VatRatesPage() {
  const t = useT();
  const list = $api.useQuery('get', '/api/settings/vat-rates');
  return (
    <>
      {list.isError ? (
        <LoadError retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p>{t('manage.settings.vat.none')}</p>
      ) : (
        list.data.map((rate) => <VatRateForm key={rate.id} rate={rate} />)
      )}
      <VatRateForm rate={null} />
    </>
  );
}

function VatRateForm({ rate }: { rate: VatRate | null }) {
  const t = useT();
  const [draft, setDraft, replaceDraft] = useSyncedDraft(rate, draftOf, EMPTY);
  const create = useApiMutation('post', '/api/settings/vat-rates', { onSuccess: () => replaceDraft(EMPTY) });
  const update = useApiMutation('put', '/api/settings/vat-rates/{id}', {
    onSuccess: (saved: VatRate) => replaceDraft(draftOf(saved)),
  });
  const remove = useApiMutation('delete', '/api/settings/vat-rates/{id}');
  const save = rate ? update : create;
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) => {
      if (save.isSuccess) save.reset();
      setDraft((current) => ({ ...current, [name]: value }));
    };
  const headingId = `vat-${rate?.id ?? 'new'}`;
  // A switch has no error slot of its own: the rule the service names it for is written under it.
  const disabledError = fieldErrors(save.error).is_disabled;
  const submit = () =>
    rate
      ? update.mutate({ params: { path: { id: rate.id } }, body: bodyOf(draft) })
      : create.mutate({ body: bodyOf(draft) });
  return (
    <section className="form-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {rate ? headingOf(rate) : t('manage.settings.vat.new')}
        {rate?.is_default === 1 && ` · ${t('manage.settings.vat.theDefault')}`}
      </h2>
      <ApiForm
        // A refusal must not hold the next press back as a browser check: the service decides again.
        validationBehavior="aria"
        sending={save}
        onSubmit={submit}
      >
        <TextField
          name="name"
          label={t('manage.settings.vat.name')}
          isRequired
          maxLength={100}
          value={draft.name}
          onChange={set('name')}
        />
        <TextField
          name="percentage"
          label={t('manage.settings.vat.percentage')}
          description={t('manage.settings.vat.percentageHelp')}
          inputMode="decimal"
          isRequired
          value={draft.percentage}
          onChange={set('percentage')}
        />
        <div className="settings-toggle">
          <Checkbox
            name="is_default"
            isSelected={draft.is_default}
            onChange={set('is_default')}
            aria-describedby={`${headingId}-default`}
          >
            {t('manage.settings.vat.isDefault')}
          </Checkbox>
          <p id={`${headingId}-default`} className="description">
            {t('manage.settings.vat.defaultRule')}
          </p>
        </div>
        <div className="settings-toggle">
          <Checkbox
            name="is_disabled"
            isInvalid={disabledError !== undefined}
            isSelected={draft.is_disabled}
            onChange={set('is_disabled')}
            aria-describedby={`${headingId}-disabled`}
          >
            {t('manage.settings.vat.isDisabled')}
          </Checkbox>
          <p id={`${headingId}-disabled`} className="description">
            {t('manage.settings.vat.disabledHelp')}
            {disabledError !== undefined && (
              <span className="error settings-toggle-error" role="alert">
                {t('manage.settings.vat.defaultDisabled')}
              </span>
            )}
          </p>
        </div>
        <FailureAlert
          error={remove.error}
          words={{
            codes: {
              default_vat_rate: 'manage.settings.vat.removeDefault',
              vat_rate_in_use: 'manage.settings.vat.inUse',
            },
          }}
        />
        <div className="actions">
          <SubmitButton sending={save}>{rate ? t('manage.settings.save') : t('manage.settings.vat.add')}</SubmitButton>
          {rate && (
            <SendButton
              variant="secondary"
              sending={remove}
              onSend={() => remove.mutate({ params: { path: { id: rate.id } } })}
            >
              {t('manage.settings.vat.remove', { name: rate.name })}
            </SendButton>
          )}
          <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
            {save.isSuccess ? (rate ? t('manage.settings.saved') : t('manage.settings.vat.added')) : ''}
          </p>
        </div>
      </ApiForm>
    </section>
  );
}
