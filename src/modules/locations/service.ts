/*
 * The locations module's one entry for other modules (and its routes). The module is split by
 * subject:
 *
 *   reads.ts   the salon's locations as the API shows them: the list, one
 *   writes.ts  creating, changing and deleting a location, serialised so one default stays
 */

export { getLocation, listLocations } from './reads.js';
export { createLocation, deleteLocation, updateLocation } from './writes.js';
