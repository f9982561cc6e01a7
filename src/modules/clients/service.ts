/*
 * The clients module's one entry for other modules (and its routes and jobs). The module is
 * split by subject:
 *
 *   record.ts          one client read and shaped for the API; the live client other records
 *                      (bookings, sales, waitlist entries) refer to, locked in their transaction
 *   list.ts            the client list: search, labels, pages
 *   writes.ts          create, update, delete (the API's and the importer's, …In)
 *   merge.ts           merging a duplicate into a client, and what moves with it
 *   labels.ts          client labels
 *   history.ts         a client's visit history (their bookings, read through bookings' functions)
 *   spend.ts           a client's lifetime spend (sales minus refunds), also reporting's and the segments'
 *   messages.ts        the emails and texts sent to a client
 *   gdpr.ts            the GDPR export and erasure; export-sections.ts: the sections other
 *                      modules hold
 *   visit-alerts.ts    clients who have not come back in time
 */

export {
  CLIENT_ID_REFUSALS,
  findClient,
  getClient,
  lockActiveClient,
  readClient,
  requireActive,
  toClient,
  WITHOUT_PERSONAL_DATA,
  type ClientRef,
  type ClientRefusals,
  type ClientRow,
} from './record.js';
export { listClients } from './list.js';
export { createClient, createClientIn, deleteClient, updateClient, updateClientIn } from './writes.js';
export { MERGE_STEPS, mergeClients, repointColumn } from './merge.js';
export { registerClientExportSection } from './export-sections.js';
export { clientNetSpentCents } from './spend.js';
export { holdsAnyLabel, labelKey } from './labels.js';
export { registerClientBookingReads, type ClientBookingStats } from './history.js';
// The importer (modules/imports) validates its rows with the API's own schemas.
export { ClientCreateBody, ClientUpdateBody } from './schemas.js';
