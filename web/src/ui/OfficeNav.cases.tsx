import type { Cases } from '../testing/component-page';
import { OfficeNav } from './OfficeNav';

/** The component tests' cases of OfficeNav (web/component/OfficeNav.test.ts). */

const links = [
  { id: 'today', label: 'Today', href: '#today', current: false },
  { id: 'calendar', label: 'Calendar', href: '#calendar', current: true },
  { id: 'clients', label: 'Clients', href: '#clients', current: false },
];

export const cases: Cases = {
  links: () => (
    <>
      <OfficeNav label="Main" menuLabel="Menu" links={links} />
      <h1>Calendar</h1>
    </>
  ),
};
