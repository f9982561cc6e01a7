import { useId } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';

/**
 * One value out of a long list (time zones, currencies), typed with the browser's own
 * suggestions as the letters come (a `<datalist>`): named as the service's field, so a value it
 * refuses is said on the field. The browser's list rather than React Aria's combo box: its
 * popover's focus containment would be shared with the booking page and weigh on its first load.
 */
export function PickField({
  name,
  label,
  description,
  items,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  items: readonly { id: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const list = useId();
  return (
    <TextField name={name} className="field" value={value} onChange={onChange} isRequired>
      <Label>{label}</Label>
      <Input list={list} autoComplete="off" spellCheck={false} />
      {description && (
        <Text slot="description" className="description">
          {description}
        </Text>
      )}
      <FieldError className="error" />
      <datalist id={list}>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name === item.id ? undefined : item.name}
          </option>
        ))}
      </datalist>
    </TextField>
  );
}
