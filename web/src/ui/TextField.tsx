import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { useT } from '../i18n/i18n';

interface TextFieldProps extends AriaTextFieldProps {
  label: string;
  description?: string;
  multiline?: boolean;
}

/**
 * The error shown under a field, in the page's language. React Aria reads the browser's own
 * checks (required, an email's form) and would show the browser's message for them, which is in
 * the browser's language, not the page's: those are said with the page's own texts. A message of
 * the page (a `validate` rule, the server's answer) is shown as it is.
 */
function errorText(validation: ValidationResult, t: ReturnType<typeof useT>, type: string | undefined): string {
  const { validationDetails: details, validationErrors: errors } = validation;
  if (details.customError || errors.length === 0) return errors.join(' ');
  if (details.valueMissing) return t('form.invalid.required');
  if (details.typeMismatch && type === 'email') return t('form.invalid.email');
  if (details.tooShort || details.tooLong) return t('form.invalid.length');
  return t('form.invalid.format');
}

/** Label + input + description + the error (React Aria's own validation or the server's). */
export function TextField({ label, description, multiline, ...props }: TextFieldProps) {
  const t = useT();
  return (
    <AriaTextField {...props} className="field">
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input />}
      {description && (
        <Text slot="description" className="description">
          {description}
        </Text>
      )}
      <FieldError className="error">{(validation) => errorText(validation, t, props.type)}</FieldError>
    </AriaTextField>
  );
}
