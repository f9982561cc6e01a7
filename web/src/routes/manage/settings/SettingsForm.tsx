import { useMemo, useState } from 'react';
import { useApiMutation } from '../../../api/mutation';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { ApiForm, SubmitButton } from '../../../ui/ApiForm';
import { fieldErrors } from '../../../ui/failure';
import type { FieldPart } from './groups';
import { SettingField } from './SettingField';
import { changedFields, formValues, listFieldErrors, type FormValues, type Settings } from './values';

const legend = (id: string) => `manage.settings.part.${id}` as MessageKey;

/**
 * One group's form of the settings record. It sends only what was changed here, so two people
 * saving different groups (or fields) at once do not undo each other: the settings carry no
 * version to compare, and the service changes only the fields present. What was typed stays
 * after a refusal, whose message is on its field; a save says so in the status line.
 */
export function SettingsForm({ parts, settings }: { parts: readonly FieldPart[]; settings: Settings }) {
  const t = useT();
  const [start, setStart] = useState<FormValues>(() => formValues(parts, settings));
  const [values, setValues] = useState<FormValues>(start);
  const save = useApiMutation('put', '/api/settings', {
    onSuccess: (saved: Settings) => {
      // The new starting point; secrets empty again, their new "stored" state read from the answer.
      const now = formValues(parts, saved);
      setStart(now);
      setValues(now);
    },
  });
  const errors = fieldErrors(save.error);
  const listErrors = useMemo(() => listFieldErrors(parts, errors), [parts, errors]);
  const set = (name: string) => (value: string | boolean) => {
    if (save.isSuccess) save.reset();
    setValues((current) => ({ ...current, [name]: value }));
  };
  const changes = changedFields(parts, start, values);
  const unchanged = Object.keys(changes).length === 0;
  const shown = save.data ?? settings;

  return (
    <ApiForm
      sending={save}
      checks={listErrors}
      className="settings-form"
      onSubmit={() => save.mutate({ body: changedFields(parts, start, values) })}
    >
      {parts.map((part) => (
        <fieldset key={part.id} className="form-group">
          <legend>{t(legend(part.id))}</legend>
          {part.fields.map((spec) => (
            <SettingField
              key={spec.name}
              spec={spec}
              value={values[spec.name] ?? ''}
              settings={shown}
              error={spec.kind === 'toggle' ? errors[spec.name] : undefined}
              onChange={set(spec.name)}
            />
          ))}
        </fieldset>
      ))}
      <div className="actions">
        <SubmitButton sending={save} isDisabled={unchanged && !save.isPending}>
          {t('manage.settings.save')}
        </SubmitButton>
        <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
          {save.isSuccess ? t('manage.settings.saved') : unchanged ? '' : t('manage.settings.unsaved')}
        </p>
      </div>
    </ApiForm>
  );
}
