import { useId, type ReactNode } from 'react';

/**
 * A labelled native select (a phone's own picker) with the refusal the API named for it shown
 * under it and tied to it, as React Aria's fields show theirs.
 */
export function SelectField({
  name,
  label,
  defaultValue,
  error,
  children,
}: {
  name: string;
  label: string;
  defaultValue?: string | number;
  error?: string | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </div>
  );
}
