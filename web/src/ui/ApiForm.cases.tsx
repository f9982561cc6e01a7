import { useState } from 'react';
import { ApiError } from '../api/errors';
import type { Cases } from '../testing/component-page';
import { ApiForm, fieldText, SubmitButton } from './ApiForm';
import { TextField } from './TextField';

/**
 * The component tests' cases of ApiForm (web/component/ApiForm.test.ts): a form whose "service"
 * refuses 250 points as the loyalty settings do (a 400 naming the field) and takes any other
 * number, with the browser's checks (native, the default) or React Aria's (aria).
 */
function PointsForm({ behavior }: { behavior: 'native' | 'aria' }) {
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const submit = (form: HTMLFormElement) => {
    const points = fieldText(form, 'points');
    setSent((before) => [...before, points]);
    setSaved(points !== '250');
    setError(
      points === '250'
        ? new ApiError(400, {
            error: 'Two reward thresholds have 250 points',
            code: 'validation_failed',
            details: [{ field: 'points', message: 'must be unique in reward_thresholds' }],
          })
        : null,
    );
  };
  return (
    <>
      <h1>Rewards</h1>
      <ApiForm validationBehavior={behavior} sending={{ error, isPending: false }} onSubmit={submit}>
        <TextField name="points" label="Points" isRequired maxLength={10} defaultValue="250" />
        <TextField name="description" label="Description" maxLength={200} />
        <div className="actions">
          <SubmitButton sending={{ error, isPending: false }}>Save</SubmitButton>
          <p role="status">{saved ? 'Saved.' : ''}</p>
        </div>
      </ApiForm>
      <p>Sent: {sent.join(', ')}</p>
    </>
  );
}

/**
 * A form whose request is pending for half a second, its pending state reaching the page as
 * TanStack Query's does: in a task of its own after the submit.
 */
function SlowForm() {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(0);
  const submit = () => {
    setSent((before) => before + 1);
    setTimeout(() => setPending(true), 0);
    setTimeout(() => setPending(false), 500);
  };
  return (
    <>
      <h1>Order</h1>
      <ApiForm sending={{ error: null, isPending: pending }} onSubmit={submit}>
        <TextField name="note" label="Note" maxLength={20} />
        <div className="actions">
          <SubmitButton sending={{ error: null, isPending: pending }}>Save</SubmitButton>
        </div>
      </ApiForm>
      <p>Sent {sent} times</p>
    </>
  );
}

export const cases: Cases = {
  native: () => <PointsForm behavior="native" />,
  aria: () => <PointsForm behavior="aria" />,
  slow: () => <SlowForm />,
};
