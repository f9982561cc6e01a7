import { useState } from 'react';
import type { Cases } from '../testing/component-page';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** The component tests' cases of Dialog (web/component/Dialog.test.ts). */

function Question({ isDismissable = true }: { isDismissable?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [answer, setAnswer] = useState('none yet');
  return (
    <>
      <h1>Bookings</h1>
      <Button onPress={() => setOpen(true)}>Cancel the booking</Button>
      <p>Answer: {answer}</p>
      <Dialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Cancel this booking?"
        role="alertdialog"
        isDismissable={isDismissable}
      >
        <p>Tuesday 1 December, 10:00</p>
        <div className="actions">
          <Button variant="secondary" autoFocus onPress={() => setOpen(false)}>
            No, keep it
          </Button>
          <Button
            onPress={() => {
              setAnswer('cancelled');
              setOpen(false);
            }}
          >
            Yes, cancel it
          </Button>
        </div>
      </Dialog>
    </>
  );
}

export const cases: Cases = {
  question: () => <Question />,
  'question while sending': () => <Question isDismissable={false} />,
};
