import { useId, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import './office-nav.css';

/** A link of the navigation: its text, its address, and whether it is the page shown. */
export interface NavLink {
  id: string;
  label: string;
  href: string;
  current: boolean;
}

/**
 * The back office's navigation: a row of links on a wide screen; on a phone one button that
 * shows and hides the same links (the disclosure pattern: `aria-expanded`, the links stay links,
 * Tab reaches them). A link followed closes it. The stylesheet decides by the width which of the
 * two a screen shows, without a script.
 */
export function OfficeNav({
  links,
  label,
  menuLabel,
}: {
  links: readonly NavLink[];
  label: string;
  menuLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const list = useId();
  return (
    <nav aria-label={label} className="office-nav" data-open={open || undefined}>
      <Button
        className="menu-button office-nav-toggle"
        aria-expanded={open}
        aria-controls={list}
        onPress={() => setOpen((now) => !now)}
      >
        {menuLabel}
      </Button>
      <ul className="office-nav-links" id={list}>
        {links.map((link) => (
          <li key={link.id}>
            <Link
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              className="office-nav-link"
              onPress={() => setOpen(false)}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
