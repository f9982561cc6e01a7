import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, type FormProps } from 'react-aria-components';
import { useT } from '../i18n/i18n';
import { Button } from './Button';
import { FailureAlert, type PageWords } from './FailureAlert';
import { fieldErrors } from './failure';

interface Edited {
  of: unknown;
  checked: string;
  names: ReadonlySet<string>;
}
const NOTHING_EDITED: Edited = { of: null, checked: '{}', names: new Set<string>() };

/**
 * Holds a second press back from a submit until the request's pending state can have reached
 * the page. TanStack Query tells its observers in a task of its own (a zero-delay timeout made
 * inside `mutate`), and React renders what they say before the next task; so a zero-delay
 * timeout made after `mutate` runs after both, and from then `isPending` holds presses back. A
 * double click's second press comes before that render: without this it sent the request twice.
 * A submit that sent nothing (the page's own checks refused it) is free again a moment later.
 */
function useOncePerPress(): (send: () => void) => void {
  const held = useRef(false);
  return (send) => {
    if (held.current) return;
    held.current = true;
    try {
      send();
    } finally {
      setTimeout(() => {
        held.current = false;
      }, 0);
    }
  };
}

/** What the form shows of its request: a TanStack mutation has both. */
export interface Sending {
  error: unknown;
  isPending: boolean;
}

/**
 * A form that sends one request: the service's field errors (a 400's `details`) on their
 * fields through React Aria's `validationErrors` (no second validation schema), every other
 * failure as one alert above the fields, and a second submit while sending ignored (a double
 * click's too). What was
 * typed stays after any failure (a lost connection too): the fields are the page's own state.
 *
 * A field's refusal goes the moment the field is edited (its `input` event), not when it loses
 * the focus as React Aria would have it: with the browser's checks (`validationBehavior`
 * "native", the default) the refusal stays the field's custom validity until then, so Enter
 * straight after editing was held back by the browser; and in either behaviour, the refusal's
 * line under the field vanished on the blur that a press on Save causes, moving Save up between
 * the press and its release, so the click landed elsewhere and nothing was sent.
 */
export function ApiForm({
  sending,
  onSubmit,
  words,
  checks,
  alert = true,
  children,
  ...props
}: Omit<FormProps, 'onSubmit' | 'validationErrors' | 'children'> & {
  sending: Sending;
  /** Called on a submit the browser's own checks let through, unless a request is on its way. */
  onSubmit: (form: HTMLFormElement) => void;
  words?: PageWords;
  /** The page's own messages for fields (checked on submit), shown over the service's. */
  checks?: Readonly<Record<string, string>>;
  /** False where the page tells a failure its own way (an outcome section): the fields still show theirs. */
  alert?: boolean;
  children: ReactNode;
}) {
  // The fields edited since this failure or these checks: new ones, or a new submit (the page's
  // checks made again), start with none edited.
  const checked = JSON.stringify(checks ?? {});
  const [edited, setEdited] = useState<Edited>(NOTHING_EDITED);
  const once = useOncePerPress();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEdited(NOTHING_EDITED);
    const form = event.currentTarget;
    if (!sending.isPending) once(() => onSubmit(form));
  };
  const editedNames = edited.of === sending.error && edited.checked === checked ? edited.names : NOTHING_EDITED.names;
  const server = fieldErrors(sending.error);
  const all = checks && Object.keys(checks).length > 0 ? { ...server, ...checks } : server;
  const shown = Object.fromEntries(Object.entries(all).filter(([name]) => !editedNames.has(name)));
  // One object while the failure and its messages are the same: React Aria shows every message
  // it cleared again when the object changes (those it clears are edited ones, left out above).
  const key = JSON.stringify(shown);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the object's content
  const errors = useMemo(() => shown, [key, sending.error]);
  // React Aria's Form passes no onInput, so the fields' `input` events are heard on the document:
  // after React has taken the new value (its listener is on the root, below the document). On the
  // form itself, the state set here would render before React read the input, and a controlled
  // field would be written back to its old value.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const input = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node) || !form.contains(target)) return;
      const name =
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement
          ? target.name
          : '';
      if (name !== '' && name in errors && !editedNames.has(name))
        setEdited({ of: sending.error, checked, names: new Set([...editedNames, name]) });
    };
    const document = form.ownerDocument;
    document.addEventListener('input', input);
    return () => document.removeEventListener('input', input);
  }, [errors, editedNames, sending.error, checked]);
  return (
    <Form {...props} ref={formRef} onSubmit={submit} validationErrors={errors}>
      {alert && <FailureAlert error={sending.error} words={words} />}
      {children}
    </Form>
  );
}

/**
 * The form's submit button, saying "Sending…" while its request is on its way. Not React Aria's
 * `isPending`: its announcement points at the button, which the next page or step often removes
 * (axe then finds an unnamed image role); the button stays focusable and a second press is ignored
 * by ApiForm.
 */
export function SubmitButton({
  sending,
  isDisabled,
  variant,
  children,
}: {
  sending: Sending;
  isDisabled?: boolean;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Button type="submit" variant={variant} isDisabled={isDisabled}>
      {sending.isPending ? t('app.sending') : children}
    </Button>
  );
}

/** The text of a form's field, '' when absent (an uncontrolled form read on submit). */
export function fieldText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

/** A button that sends a request outside a form (a confirmation, a link's action): "Sending…" meanwhile, presses ignored. */
export function SendButton({
  sending,
  onSend,
  isDisabled,
  variant,
  children,
}: {
  sending: Sending;
  onSend: () => void;
  isDisabled?: boolean;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  const t = useT();
  const once = useOncePerPress();
  return (
    <Button variant={variant} isDisabled={isDisabled} onPress={() => !sending.isPending && once(onSend)}>
      {sending.isPending ? t('app.sending') : children}
    </Button>
  );
}
