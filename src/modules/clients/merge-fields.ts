import type { ClientRow } from './record.js';

/** The personal fields a merge may fill in on the kept client, as the API names them. */
export const MERGED_FIELDS = ['email', 'phone', 'birthday', 'gender', 'notes'] as const;
export type MergedField = (typeof MERGED_FIELDS)[number];

/**
 * What the kept client's row holds after a merge: its own values, the duplicate's where its
 * own are empty (the login password only together with the email), both notes. One rule for
 * the merge and its preview, so the preview shows exactly what the merge then writes.
 */
export function mergedValues(client: ClientRow, duplicate: ClientRow) {
  const takeEmail = client.email === null && duplicate.email !== null;
  return {
    email: takeEmail ? duplicate.email : client.email,
    password_hash: takeEmail && client.password_hash === null ? duplicate.password_hash : client.password_hash,
    phone: client.phone === '' ? duplicate.phone : client.phone,
    birthday: client.birthday ?? duplicate.birthday,
    gender: client.gender === '' ? duplicate.gender : client.gender,
    notes: [client.notes, duplicate.notes].filter((n) => n.trim() !== '').join('\n\n'),
  };
}

/** The fields whose merged value comes (wholly or in part, for the notes) from the duplicate. */
export function fieldsTaken(client: ClientRow, duplicate: ClientRow): MergedField[] {
  const merged = mergedValues(client, duplicate);
  return MERGED_FIELDS.filter((field) =>
    field === 'notes' ? duplicate.notes.trim() !== '' : merged[field] !== client[field],
  );
}
