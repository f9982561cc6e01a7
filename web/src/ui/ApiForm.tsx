import type { FormEvent, ReactNode } from 'react';
import { Form, type FormProps } from 'react-aria-components';
import { useT } from '../i18n/i18n';
import { Button } from './Button';
import { FailureAlert, type PageWords } from './FailureAlert';
import { fieldErrors } from './failure';

/** What the form shows of its request: a TanStack mutation has both. */
export interface Sending {
  error: unknown;
  isPending: boolean;
}

/**
 * A form that sends one request: the service's field errors (a 400's `details`) on their
 * fields through React Aria's `validationErrors` (no second validation schema), every other
 * failure as one alert above the fields, and a second submit while sending ignored. What was
 * typed stays after any failure (a lost connection too): the fields are the page's own state.
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending.isPending) onSubmit(event.currentTarget);
  };
  const server = fieldErrors(sending.error);
  const errors = checks && Object.keys(checks).length > 0 ? { ...server, ...checks } : server;
  return (
    <Form {...props} onSubmit={submit} validationErrors={errors}>
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
  return (
    <Button variant={variant} isDisabled={isDisabled} onPress={() => !sending.isPending && onSend()}>
      {sending.isPending ? t('app.sending') : children}
    </Button>
  );
}
