import type { ReactNode } from 'react';
import './checkbox.css';

/**
 * A checkbox on the browser's own input, with the same drawn box as Checkbox.tsx: for a page's
 * first screen, whose first load cannot afford React Aria's interactions (the booking page's
 * services). The input stays the real, focusable control, visually hidden inside its label, so
 * the whole row is the target, Space ticks it and its name is the label's text. The label
 * carries the states React Aria's checkbox puts on its own (`data-selected`, `data-disabled`),
 * so both look alike from one stylesheet.
 */
export function NativeCheckbox({
  checked,
  onChange,
  disabled = false,
  describedBy,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The id of a text that describes the choice (a service's description), read after its name. */
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label className="checkbox" data-selected={checked || undefined} data-disabled={disabled || undefined}>
      <input
        type="checkbox"
        className="visually-hidden"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="3 9 7 13 15 5" />
        </svg>
      </span>
      <span className="label">{children}</span>
    </label>
  );
}
