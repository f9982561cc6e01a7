import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import './menu.css';

/**
 * The signed-in person's menu: a button naming who they are and their role, which shows a panel
 * with what the caller puts in it (the language switch) and "sign out" and "sign out
 * everywhere". The disclosure pattern (`aria-expanded`; buttons that stay buttons, reached by
 * Tab) rather than React Aria's Menu: the Menu brings React Aria's focus-containment module,
 * which the bundler shares with the booking page's first load (2.2 KB more there, past its
 * budget). Escape, or the focus leaving the panel, closes it; Escape puts the focus back on the
 * button. Texts come from the caller, so the menu speaks the page's language.
 */
export function UserMenu({
  name,
  role,
  label,
  children,
  signOutLabel,
  onSignOut,
  signOutEverywhereLabel,
  onSignOutEverywhere,
}: {
  name: string;
  /** The role as the page says it ("Admin"). */
  role: string;
  /** The button's accessible name ("Account menu of Olivia Owner, Admin"). */
  label: string;
  /** More choices above the sign-outs (the language). */
  children?: ReactNode;
  signOutLabel: string;
  onSignOut: () => void;
  signOutEverywhereLabel: string;
  onSignOutEverywhere: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const button = useRef<HTMLButtonElement>(null);
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="user-menu" onKeyDown={escape} onBlur={leave}>
      <Button
        ref={button}
        className="menu-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panel}
        onPress={() => setOpen((now) => !now)}
      >
        <span className="menu-button-name">{name}</span>
        <span className="menu-button-role">{role}</span>
      </Button>
      <div id={panel} className="menu-popover user-menu-panel" hidden={!open}>
        {open && (
          <>
            <p className="user-menu-who">
              <span className="menu-button-name">{name}</span>
              <span className="menu-button-role">{role}</span>
            </p>
            {children}
            <ul className="user-menu-actions">
              <li>
                <Button className="menu-item" onPress={then(onSignOut)}>
                  {signOutLabel}
                </Button>
              </li>
              <li>
                <Button className="menu-item" onPress={then(onSignOutEverywhere)}>
                  {signOutEverywhereLabel}
                </Button>
              </li>
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
