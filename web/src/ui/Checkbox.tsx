import { Checkbox as AriaCheckbox, type CheckboxProps } from 'react-aria-components';
import './checkbox.css';

/** React Aria's checkbox with a drawn box (its input stays the real, focusable control). */
export function Checkbox({ children, ...props }: Omit<CheckboxProps, 'children'> & { children: React.ReactNode }) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      <span className="box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="3 9 7 13 15 5" />
        </svg>
      </span>
      <span className="label">{children}</span>
    </AriaCheckbox>
  );
}
