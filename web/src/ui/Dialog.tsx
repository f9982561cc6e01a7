import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

/**
 * A modal dialog on the browser's own `<dialog>` (showModal): the page behind is inert (focus
 * stays inside, screen readers see only the dialog), Escape closes it, and focus goes back to
 * where it was when it closes. `role="alertdialog"` for a question that needs an answer (a
 * confirmation). The native element rather than React Aria's modal: the same behaviour without
 * its focus-management code, which would otherwise land in the booking page's first load
 * (bundlers share the module with the calendar's).
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  role = 'dialog',
  isDismissable = true,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  role?: 'dialog' | 'alertdialog';
  /** Whether Escape or a press outside closes it (never while something is being sent). */
  isDismissable?: boolean;
  children: ReactNode;
}) {
  if (!isOpen) return null;
  return (
    <OpenDialog onOpenChange={onOpenChange} title={title} role={role} isDismissable={isDismissable}>
      {children}
    </OpenDialog>
  );
}

function OpenDialog({
  onOpenChange,
  title,
  role,
  isDismissable,
  children,
}: {
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  role: 'dialog' | 'alertdialog';
  isDismissable: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      previous?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      className="modal dialog"
      onCancel={(event) => {
        // Escape: the browser would close it behind React's back; the owner decides.
        event.preventDefault();
        if (isDismissable) onOpenChange(false);
      }}
      onClick={(event) => {
        // A press on the backdrop lands on the <dialog> itself, outside its content box.
        if (isDismissable && event.target === ref.current) onOpenChange(false);
      }}
    >
      <div className="dialog-content">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}
