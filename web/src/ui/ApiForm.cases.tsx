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

export const cases: Cases = {
  native: () => <PointsForm behavior="native" />,
  aria: () => <PointsForm behavior="aria" />,
};
