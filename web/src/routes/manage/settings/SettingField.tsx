import { FieldError, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/TextField';
import type { FieldSpec } from './groups';
import type { Settings } from './values';

/** The catalogue's words of a setting: its label, its help, its options (written-out starts, so they reach the part). */
const label = (name: string) => `manage.settings.field.${name}` as MessageKey;
const help = (name: string) => `manage.settings.help.${name}` as MessageKey;
const option = (name: string, value: string) => `manage.settings.option.${name}.${value}` as MessageKey;

/**
 * One setting's field, named as the service names it so a refusal's `details` land on it.
 * A switch has no error slot of its own: the service's message is written under it.
 */
export function SettingField({
  spec,
  value,
  settings,
  error,
  onChange,
}: {
  spec: FieldSpec;
  value: string | boolean;
  settings: Settings;
  /** The service's message for this field, for the fields without an error slot. */
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const t = useT();
  const description = spec.help ? t(help(spec.name)) : undefined;
  switch (spec.kind) {
    case 'toggle':
      return (
        <div className="settings-toggle">
          <Checkbox
            name={spec.name}
            isSelected={value === true}
            onChange={onChange}
            isInvalid={error !== undefined}
            aria-describedby={`${spec.name}-about`}
          >
            {t(label(spec.name))}
          </Checkbox>
          <p id={`${spec.name}-about`} className="description">
            {description}
            {error !== undefined && (
              <span className="error settings-toggle-error" role="alert">
                {' '}
                {error}
              </span>
            )}
          </p>
        </div>
      );
    case 'choice':
      return (
        <RadioGroup
          name={spec.name}
          className="field"
          value={String(value)}
          onChange={onChange}
          orientation="horizontal"
        >
          <Label>{t(label(spec.name))}</Label>
          <div className="radio-list">
            {spec.options.map((choice) => (
              <Radio key={choice} value={choice} className="radio">
                {t(option(spec.name, choice))}
              </Radio>
            ))}
          </div>
          {description && (
            <Text slot="description" className="description">
              {description}
            </Text>
          )}
          <FieldError className="error" />
        </RadioGroup>
      );
    case 'secret': {
      const stored = (settings as Record<string, unknown>)[`${spec.name}_set`] === 1;
      const state = stored ? t('manage.settings.secret.stored') : t('manage.settings.secret.none');
      return (
        <TextField
          name={spec.name}
          label={t(label(spec.name))}
          description={description ? `${state} ${description}` : state}
          type="password"
          autoComplete="new-password"
          value={String(value)}
          onChange={onChange}
        />
      );
    }
    case 'list':
      return (
        <TextField
          name={spec.name}
          label={t(label(spec.name))}
          description={description}
          multiline
          value={String(value)}
          onChange={onChange}
        />
      );
    case 'number':
      return (
        <TextField
          name={spec.name}
          label={t(label(spec.name))}
          description={description}
          inputMode={spec.decimal ? 'decimal' : 'numeric'}
          pattern={spec.decimal ? '[0-9]+([.,][0-9]{1,2})?' : '[0-9]*'}
          isRequired={!spec.nullable}
          value={String(value)}
          onChange={onChange}
        />
      );
    default:
      return (
        <TextField
          name={spec.name}
          label={t(label(spec.name))}
          description={description}
          type={spec.kind}
          multiline={spec.multiline}
          value={String(value)}
          onChange={onChange}
        />
      );
  }
}
