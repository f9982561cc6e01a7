import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

interface TextFieldProps extends AriaTextFieldProps {
  label: string;
  description?: string;
  multiline?: boolean;
}

/** Label + input + description + the error (React Aria's own validation or the server's). */
export function TextField({ label, description, multiline, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input />}
      {description && (
        <Text slot="description" className="description">
          {description}
        </Text>
      )}
      <FieldError className="error" />
    </AriaTextField>
  );
}
