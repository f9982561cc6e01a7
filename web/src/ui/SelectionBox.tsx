import { useId } from 'react';
import './checkbox.css';

/**
 * A row's checkbox (or the header's, for all): the browser's own input with the drawn box of
 * ui/checkbox.css, named "Select" and the row's name ("Select Ada de Vries").
 */
export function SelectionBox(props: {
  checked: boolean;
  mixed?: boolean;
  label: string;
  /** The row headers' ids, read after the label. */
  labelledBy?: string;
  tabStop: boolean;
  onChange: () => void;
}) {
  const id = useId();
  return (
    <label className="checkbox" data-selected={props.checked || undefined}>
      <input
        id={id}
        type="checkbox"
        className="visually-hidden"
        checked={props.checked}
        ref={(input) => {
          if (input) input.indeterminate = props.mixed === true;
        }}
        aria-label={props.label}
        aria-labelledby={props.labelledBy ? `${id} ${props.labelledBy}` : undefined}
        tabIndex={props.tabStop ? 0 : -1}
        onChange={props.onChange}
      />
      <span className="box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="3 9 7 13 15 5" />
        </svg>
      </span>
    </label>
  );
}
