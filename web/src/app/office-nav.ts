// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref, type OfficeHref } from '../../../src/lib/office-paths.js';
// The catalogue's keys (as i18n.tsx's MessageKey), named without i18n.tsx so the node tests read this file.
import type en from '../i18n/catalogues/en.json';

type MessageKey = keyof typeof en;

/** A signed-in person's role, as the service names it. */
export type OfficeRole = 'admin' | 'staff';

/** One entry of the office's navigation. */
export interface NavEntry {
  /** Stable name (the entry's React key, and what tests and styles may refer to). */
  id: string;
  /** The catalogue key of its label. */
  label: MessageKey;
  href: () => OfficeHref;
  /** Who may use the area: an entry is left out for anyone else, never shown disabled. */
  roles: readonly OfficeRole[];
}

/**
 * The back office's navigation, in the order it is shown: the one list every area adds its
 * entry to (label, address, roles). The service decides what each role may do; this list only
 * keeps a person from being shown areas whose every request would be refused.
 */
export const OFFICE_NAV: readonly NavEntry[] = [
  { id: 'today', label: 'office.nav.today', href: officeHref.home, roles: ['admin', 'staff'] },
  { id: 'calendar', label: 'calendar.nav.link', href: officeHref.calendar, roles: ['admin', 'staff'] },
  { id: 'agenda', label: 'agenda.nav', href: officeHref.agenda, roles: ['admin', 'staff'] },
  { id: 'clients', label: 'clients.nav', href: officeHref.clients, roles: ['admin', 'staff'] },
  { id: 'waitlist', label: 'waitlist.nav', href: officeHref.waitlist, roles: ['admin', 'staff'] },
  { id: 'till', label: 'till.nav', href: officeHref.till, roles: ['admin', 'staff'] },
  // Any signed-in member lists the sales and voids one (as the API); the journal and the
  // payments are the owner's (the API answers them to admins only).
  { id: 'sales', label: 'sales.nav', href: officeHref.sales, roles: ['admin', 'staff'] },
  { id: 'journal', label: 'journal.nav', href: officeHref.journal, roles: ['admin'] },
  { id: 'payments', label: 'payments.nav', href: officeHref.payments, roles: ['admin'] },
  { id: 'manage', label: 'manage.nav', href: officeHref.manage, roles: ['admin'] },
];

/** The entries `role` may use, in the list's order. */
export function navFor(role: OfficeRole, entries: readonly NavEntry[] = OFFICE_NAV): NavEntry[] {
  return entries.filter((entry) => entry.roles.includes(role));
}
