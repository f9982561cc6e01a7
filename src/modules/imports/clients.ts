import { badRequest } from '../../lib/errors.js';
import { normalizeEmail } from '../auth/service.js';
import { ClientCreateBody, ClientUpdateBody, createClientIn, getClient, updateClientIn } from '../clients/service.js';
import { toE164 } from '../../sms/phone.js';
import { invalidPhone } from '../sms/service.js';
import { ambiguous, apiCheck, type Importer, unreadable } from './importer.js';
import { clientIdsByEmail, clientIdsByNameOnly, clientIdsByPhone } from './repository.js';
import { joinName, parseDate, parseFlag, parseGender, parseLanguage, splitList } from './values.js';

/*
 * Clients are matched on their email address; without one on their phone number (normalised
 * to E.164 as the API stores it); without either on their name, among the clients who have
 * neither. A row with an email does not take over, by its phone, a client who has another
 * email: a parent and a child may share a number.
 */

type ClientInput = Record<string, unknown> & { name?: string; labels?: string[] };

interface ClientRowData {
  input: ClientInput;
  /** Lower-cased, or null. */
  email: string | null;
  /** E.164, or null. */
  phone: string | null;
  name: string | null;
}

const checkUpdate = apiCheck(ClientUpdateBody);
const checkCreate = apiCheck(ClientCreateBody);

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const clientImporter: Importer<ClientRowData, ClientInput> = {
  prepare(cells, env) {
    const input: ClientInput = {};
    const name =
      cells.get('name') ?? joinName(cells.get('first_name'), cells.get('surname_prefix'), cells.get('last_name'));
    if (name !== '') input.name = name;
    const email = cells.get('email');
    if (email !== undefined) input.email = email;
    // One phone per client: the mobile one when both are given, for text-message reminders.
    const phone = cells.get('mobile') ?? cells.get('phone');
    if (phone !== undefined) input.phone = phone;
    const birthday = cells.get('birthday');
    if (birthday !== undefined) {
      input.birthday = parseDate(birthday, env.notation);
      if (input.birthday === null)
        throw unreadable('birthday', `is not a date (YYYY-MM-DD or DD-MM-YYYY): ${birthday}`);
    }
    const gender = cells.get('gender');
    if (gender !== undefined) input.gender = parseGender(gender);
    const notes = cells.get('notes');
    if (notes !== undefined) input.notes = notes;
    for (const field of ['marketing_consent', 'sms_consent'] as const) {
      const text = cells.get(field);
      if (text === undefined) continue;
      input[field] = parseFlag(text);
      if (input[field] === null) throw unreadable(field, `is not yes or no: ${text}`);
    }
    const language = cells.get('language');
    if (language !== undefined) input.language = parseLanguage(language);
    const labels = cells.get('labels');
    if (labels !== undefined) input.labels = splitList(labels);
    checkUpdate(input);
    const normalizedEmail = email === undefined ? null : normalizeEmail(email) || null;
    // The API's reading of a phone (sms/phone.ts, in the salon's country), with the country
    // read once per import rather than once per row.
    const e164 = phone === undefined ? null : toE164(phone, env.phoneCountry);
    if (phone !== undefined && e164 === null) throw invalidPhone('phone');
    if (e164 !== null) input.phone = e164;
    if (normalizedEmail === null && e164 === null && name === '') {
      throw badRequest('validation_failed', 'Invalid input: the row has no name, email or phone', [
        { field: 'name', message: 'is required (or an email or phone to find the client by)' },
      ]);
    }
    return { input, email: normalizedEmail, phone: e164, name: name === '' ? null : name };
  },

  label(row) {
    return row.email ?? row.phone ?? row.name ?? '';
  },

  fileKeys({ email, phone, name }) {
    if (email !== null) {
      // `pn:` is claimed only by rows without an email, which find a client by phone alone.
      return {
        check: [`e:${email}`, ...(phone ? [`pn:${phone}`] : [])],
        claim: [[`e:${email}`, 'email'], ...(phone ? [[`p:${phone}`, 'phone'] as [string, string]] : [])],
      };
    }
    if (phone !== null) {
      return {
        check: [`p:${phone}`],
        claim: [
          [`p:${phone}`, 'phone'],
          [`pn:${phone}`, 'phone'],
        ],
      };
    }
    const key = `n:${name!.toLowerCase()}`;
    return { check: [key], claim: [[key, 'name (and no email or phone)']] };
  },

  async find({ email, phone, name }, env) {
    if (email !== null) {
      const [id] = await clientIdsByEmail(env.trx, email);
      if (id !== undefined) return id;
    }
    if (phone !== null) {
      const ids = await clientIdsByPhone(env.trx, phone, email !== null);
      if (ids.length > 1) {
        throw ambiguous(`Several clients have phone ${phone}: give their email address in the file to tell them apart`);
      }
      return ids[0] ?? null;
    }
    if (email === null && name !== null) {
      const ids = await clientIdsByNameOnly(env.trx, name);
      if (ids.length > 1) {
        throw ambiguous(`Several clients without email or phone are named "${name}": add an email or phone to the row`);
      }
      return ids[0] ?? null;
    }
    return null;
  },

  async changes(row, id, env) {
    const current = await getClient(env.trx, id);
    const { input } = row;
    const changes: ClientInput = {};
    if (input.name !== undefined && input.name.trim() !== current.name) changes.name = input.name;
    if (row.email !== null && row.email !== current.email) changes.email = row.email;
    if (row.phone !== null && row.phone !== current.phone) changes.phone = row.phone;
    for (const field of ['birthday', 'gender', 'notes', 'marketing_consent', 'sms_consent', 'language'] as const) {
      if (input[field] !== undefined && input[field] !== current[field]) changes[field] = input[field];
    }
    // Labels are added, never taken away: the file may know fewer than the salon gave since.
    const missing = (input.labels ?? []).filter((label) => !current.labels.some((have) => sameLabel(have, label)));
    if (missing.length > 0) changes.labels = [...current.labels, ...missing];
    return Object.keys(changes).length === 0 ? null : { input: changes, fields: Object.keys(changes) };
  },

  async create(row, env) {
    checkCreate(row.input);
    const created = await createClientIn(env.trx, row.input as Parameters<typeof createClientIn>[1]);
    return created.id;
  },

  async update(id, input, env) {
    checkUpdate(input);
    await updateClientIn(env.trx, env.dialect, id, input);
  },
};
