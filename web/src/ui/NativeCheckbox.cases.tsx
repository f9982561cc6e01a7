import { useState } from 'react';
import type { Cases } from '../testing/component-page';
import { NativeCheckbox } from './NativeCheckbox';

/** The component tests' cases of NativeCheckbox (web/component/NativeCheckbox.test.ts). */

const SERVICES = ['Cut', 'Colour', 'Blow-dry'];

/** A fieldset of services as the booking page holds them: in the order ticked, at most two. */
function Services() {
  const [chosen, setChosen] = useState<string[]>([]);
  const full = chosen.length >= 2;
  return (
    <>
      <fieldset className="choice-group">
        <legend>Services</legend>
        {SERVICES.map((name) => {
          const checked = chosen.includes(name);
          return (
            <NativeCheckbox
              key={name}
              checked={checked}
              disabled={full && !checked}
              onChange={(tick) => setChosen(tick ? [...chosen, name] : chosen.filter((other) => other !== name))}
            >
              {name}
              <span className="detail">
                <span className="visually-hidden">, </span>
                30 minutes
              </span>
            </NativeCheckbox>
          );
        })}
      </fieldset>
      <p>Chosen: {chosen.join(', ') || 'none'}</p>
    </>
  );
}

export const cases: Cases = {
  services: () => <Services />,
};
