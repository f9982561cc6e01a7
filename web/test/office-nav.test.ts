import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { navFor, OFFICE_NAV, type NavEntry } from '../src/app/office-nav.js';

const entries: NavEntry[] = [
  { id: 'today', label: 'office.nav.today', href: () => '/' as never, roles: ['admin', 'staff'] },
  { id: 'settings', label: 'office.nav.today', href: () => '/settings' as never, roles: ['admin'] },
  { id: 'agenda', label: 'office.nav.today', href: () => '/agenda' as never, roles: ['staff'] },
];

describe('the office navigation by role', () => {
  it("an admin's areas are absent for staff, not disabled; each role gets its entries in the list's order", () => {
    assert.deepEqual(
      navFor('staff', entries).map((entry) => entry.id),
      ['today', 'agenda'],
    );
    assert.deepEqual(
      navFor('admin', entries).map((entry) => entry.id),
      ['today', 'settings'],
    );
  });

  it('every entry of the office navigation names at least one role and a unique id', () => {
    const ids = OFFICE_NAV.map((entry) => entry.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const entry of OFFICE_NAV) assert.ok(entry.roles.length > 0, entry.id);
  });
});
