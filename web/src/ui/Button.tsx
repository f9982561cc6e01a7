import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

/** React Aria's button with the house look; `variant="secondary"` for the less important action. */
export function Button({
  variant = 'primary',
  className,
  ...props
}: ButtonProps & { variant?: 'primary' | 'secondary'; ref?: Ref<HTMLButtonElement> }) {
  return <AriaButton {...props} data-variant={variant} className={className ?? 'button'} />;
}
