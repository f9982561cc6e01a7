/*
 * The resources module's one entry for other modules (and its routes). Rooms and equipment: at
 * most `capacity` bookings hold a resource at any moment. The bookings hold them (the bookings
 * module writes that); this module only administers the resources and which services require
 * them. Lowering the capacity below what future bookings already hold is allowed: those bookings
 * stay as they are, and new ones are refused until the use falls below the new capacity. The
 * module is split by subject:
 *
 *   reads.ts   resources as the API shows them, with the active services requiring each
 *   writes.ts  creating, changing and deleting (or archiving) a resource, references checked
 */

export { getResource, listResources } from './reads.js';
export { createResource, deleteResource, updateResource } from './writes.js';
