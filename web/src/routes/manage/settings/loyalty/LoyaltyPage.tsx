import { useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { Checkbox } from '../../../../ui/Checkbox';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { TextField } from '../../../../ui/TextField';
import './loyalty.css';

type Loyalty = Schemas['LoyaltySettings'];
interface Row {
  points: string;
  discount: string;
  description: string;
}
interface Draft {
  enabled: boolean;
  perEuro: string;
  rows: Row[];
}

/** Money and points as typed, a Dutch comma taken for the decimal point. */
const numberOf = (text: string) => Number(text.trim().replace(',', '.'));
const draftOf = (loyalty: Loyalty): Draft => ({
  enabled: loyalty.loyalty_enabled === 1,
  perEuro: String(loyalty.points_per_euro),
  rows: loyalty.reward_thresholds.map((row) => ({
    points: String(row.points),
    discount: String(row.discount),
    description: row.description,
  })),
});

/** The loyalty settings, kept apart from the salon's record by the service. */
export function LoyaltyPage() {
  const loyalty = $api.useQuery('get', '/api/loyalty/settings');
  if (loyalty.isError) return <LoadError retry={() => void loyalty.refetch()} />;
  if (!loyalty.data) return <Loading />;
  return <LoyaltyForm loyalty={loyalty.data} />;
}

/**
 * Points per euro and the rewards' thresholds, saved together: the service replaces the whole
 * list of thresholds, so the form sends it whole, in the order typed (it answers them sorted by
 * points, which the form then shows). A refused row's field (two rows with the same points) is
 * named by its index, as the fields here are.
 */
function LoyaltyForm({ loyalty }: { loyalty: Loyalty }) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loyalty));
  const save = useApiMutation('put', '/api/loyalty/settings', {
    onSuccess: (saved: Loyalty) => setDraft(draftOf(saved)),
  });
  const change = (next: Draft) => {
    if (save.isSuccess) save.reset();
    setDraft(next);
  };
  const setRow = (index: number, field: keyof Row) => (value: string) =>
    change({ ...draft, rows: draft.rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)) });
  const submit = () =>
    save.mutate({
      body: {
        loyalty_enabled: draft.enabled,
        points_per_euro: numberOf(draft.perEuro),
        reward_thresholds: draft.rows.map((row) => ({
          points: numberOf(row.points),
          discount: numberOf(row.discount),
          description: row.description.trim(),
        })),
      },
    });

  return (
    <ApiForm
      // A refusal must not hold the next press back as a browser check: the service decides again.
      validationBehavior="aria"
      sending={save}
      className="settings-form"
      onSubmit={submit}
    >
      <fieldset className="form-group">
        <legend>{t('manage.settings.loyalty.earning')}</legend>
        <div className="settings-toggle">
          <Checkbox
            name="loyalty_enabled"
            isSelected={draft.enabled}
            onChange={(enabled) => change({ ...draft, enabled })}
            aria-describedby="loyalty-enabled-about"
          >
            {t('manage.settings.loyalty.enabled')}
          </Checkbox>
          <p id="loyalty-enabled-about" className="description">
            {t('manage.settings.loyalty.enabledHelp')}
          </p>
        </div>
        <TextField
          name="points_per_euro"
          label={t('manage.settings.loyalty.perEuro')}
          description={t('manage.settings.loyalty.perEuroHelp')}
          inputMode="decimal"
          isRequired
          value={draft.perEuro}
          onChange={(perEuro) => change({ ...draft, perEuro })}
        />
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('manage.settings.loyalty.rewards')}</legend>
        <p className="description">{t('manage.settings.loyalty.rewardsHelp')}</p>
        {draft.rows.length === 0 && <p>{t('manage.settings.loyalty.noRewards')}</p>}
        <ol className="loyalty-rows">
          {draft.rows.map((row, index) => (
            <li key={index} className="loyalty-row">
              <TextField
                name={`reward_thresholds.${index}.points`}
                label={t('manage.settings.loyalty.points', { n: index + 1 })}
                inputMode="numeric"
                isRequired
                value={row.points}
                onChange={setRow(index, 'points')}
              />
              <TextField
                name={`reward_thresholds.${index}.discount`}
                label={t('manage.settings.loyalty.discount', { n: index + 1 })}
                inputMode="decimal"
                isRequired
                value={row.discount}
                onChange={setRow(index, 'discount')}
              />
              <TextField
                name={`reward_thresholds.${index}.description`}
                label={t('manage.settings.loyalty.rewardDescription', { n: index + 1 })}
                maxLength={200}
                value={row.description}
                onChange={setRow(index, 'description')}
              />
              <Button
                variant="secondary"
                onPress={() => change({ ...draft, rows: draft.rows.filter((_, at) => at !== index) })}
              >
                {t('manage.settings.loyalty.removeReward', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          isDisabled={draft.rows.length >= 20}
          onPress={() => change({ ...draft, rows: [...draft.rows, { points: '', discount: '', description: '' }] })}
        >
          {t('manage.settings.loyalty.addReward')}
        </Button>
      </fieldset>
      <div className="actions">
        <SubmitButton sending={save}>{t('manage.settings.save')}</SubmitButton>
        <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
          {save.isSuccess ? t('manage.settings.saved') : ''}
        </p>
      </div>
    </ApiForm>
  );
}
