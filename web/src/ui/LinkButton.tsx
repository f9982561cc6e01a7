import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import './link-button.css';

/**
 * A link that looks like a button (it goes somewhere rather than doing something), navigating
 * in-app. wouter's own link: the booking page's first load cannot afford React Aria's.
 */
export function LinkButton({
  variant = 'primary',
  href,
  ...props
}: Omit<ComponentProps<'a'>, 'className'> & { href: string; variant?: 'primary' | 'secondary' }) {
  return <Link {...props} href={href} data-variant={variant} className="button link-button" />;
}
