import { useState } from 'react';
import type { Cases } from '../testing/component-page';
import { UserMenu } from './UserMenu';

/** The component tests' cases of UserMenu (web/component/UserMenu.test.ts). */

function Signed() {
  const [done, setDone] = useState('nothing yet');
  return (
    <>
      <h1>Today</h1>
      <UserMenu
        name="Olivia Owner"
        role="Admin"
        label="Account menu of Olivia Owner, Admin"
        signOutLabel="Sign out"
        onSignOut={() => setDone('signed out here')}
        signOutEverywhereLabel="Sign out everywhere"
        onSignOutEverywhere={() => setDone('signed out everywhere')}
      >
        <p>
          <a href="#language">Language</a>
        </p>
      </UserMenu>
      <p>Done: {done}</p>
      <button type="button">After the menu</button>
    </>
  );
}

export const cases: Cases = {
  'signed in': () => <Signed />,
};
