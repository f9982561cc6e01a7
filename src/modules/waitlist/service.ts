/*
 * The waitlist module's one entry for other modules (and its routes). Clients wait for a service
 * on a date (a staff member and a time window optional); a freed slot is offered to the first
 * entry it fits. The module is split by subject:
 *
 *   reads.ts           entries as the API shows them, with their place in the queue when shown
 *   wanted-time.ts     the wanted date and time window, checked
 *   writes.ts          joining the waitlist, changing and deleting an entry
 *   freed-slots.ts     a freed slot offered to the first entry it fits, and announced
 *   booked-entries.ts  the entry a new booking fulfils, locked and marked booked
 */

export { getEntry, listEntries, waitlistOfClient } from './reads.js';
export { createEntry, deleteEntry, updateEntry } from './writes.js';
export { offerFreedSlot } from './freed-slots.js';
export { lockEntryForBooking, markEntryBooked } from './booked-entries.js';
