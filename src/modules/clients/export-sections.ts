import type { Executor } from '../../db/executor.js';

/** A section of the client export that another module holds, read by that module's own function. */
export type ClientSectionReader = (executor: Executor, clientId: number, timezone: string) => Promise<unknown>;

export type ClientSectionKey = 'bookings' | 'waitlist';

/*
 * The sections of the export (gdpr.ts) held by modules that themselves use clients: a booking
 * or a waitlist entry refers to a client through clients' service. Their readers are handed
 * over by the composition root, so clients does not import those modules back and the
 * modules form no cycle.
 */
const sectionReaders = new Map<ClientSectionKey, ClientSectionReader>();

export function registerClientExportSection(key: ClientSectionKey, read: ClientSectionReader): void {
  sectionReaders.set(key, read);
}

export function readClientSection(key: ClientSectionKey): ClientSectionReader {
  const read = sectionReaders.get(key);
  if (!read) throw new Error(`client export section ${key} was not registered (src/composition.ts)`);
  return read;
}
