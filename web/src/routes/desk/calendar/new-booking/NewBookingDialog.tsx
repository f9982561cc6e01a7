import { useId, useRef, useState } from 'react';
import { api, $api, unwrap, type Schemas } from '../../../../api/client';
import { ConnectionError } from '../../../../api/errors';
import { useChange } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { randomKey } from '../../../../lib/random';
import { ApiForm, fieldText, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { TextField } from '../../../../ui/TextField';
import { formatClock } from '../../../../lib/format';
import { clockOfMinutes } from '../day/time-grid';
import { dayName } from '../day-name';
import type { DeskSettings } from '../desk-settings';
import { DESK_WORDS } from '../refusals';
import { RulesOverride } from '../RulesOverride';
import { wallClock } from '../wall-clock';
import { ClientPicker, type ClientChoice } from './ClientPicker';
import './new-booking.css';

/** Where a new booking starts: the slot pressed. */
export interface NewBookingStart {
  staffId: number;
  date: string;
  minute: number;
}

interface Part {
  key: number;
  serviceId: number;
  staffId: number;
}

interface Draft {
  client: Exclude<ClientChoice, null>;
  startAt: string;
  parts: Part[];
  notes: string;
  internalNotes: string;
  override: boolean;
}

/**
 * Books from an empty slot: the client (found or created), one or several services each with
 * its staff member (several make a visit, one after the other), the time, the notes. The desk's
 * rules the service names are shown with the override it allows. Each attempt carries an
 * Idempotency-Key, kept across a lost connection and renewed after any answer, and a second
 * press while sending is ignored.
 */
export function NewBookingDialog({
  start,
  staff,
  settings,
  onClose,
  onBooked,
}: {
  start: NewBookingStart;
  staff: Schemas['DayView']['staff'];
  settings: DeskSettings;
  onClose: () => void;
  onBooked: (id: number) => void;
}) {
  const t = useT();
  const services = $api.useQuery('get', '/api/services');
  const [client, setClient] = useState<ClientChoice>(null);
  const [parts, setParts] = useState<Part[]>([{ key: 0, serviceId: 0, staffId: start.staffId }]);
  const [override, setOverride] = useState(false);
  const [clientMissing, setClientMissing] = useState(false);
  const idempotencyKey = useRef(randomKey());
  const nextKey = useRef(1);
  const book = useChange<number, Draft>(['post', '/api/bookings'], {
    mutationFn: (draft) =>
      // A client created once is the booking's client from then on, whatever the booking's answer.
      createBooking(draft, idempotencyKey.current, (id, name) => setClient({ kind: 'existing', id, name })),
    onSettled: (_data, error) => {
      // A lost connection keeps the key, so the same attempt is not booked twice; any answer renews it.
      if (!(error instanceof ConnectionError)) idempotencyKey.current = randomKey();
    },
    onSuccess: onBooked,
  });
  const time = formatClock(clockOfMinutes(start.minute), settings.locale, settings.timeFormat);
  const fieldIds = useId();
  const serviceList = services.data ?? [];

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t('calendar.new.title')}
      isDismissable={!book.isPending}
    >
      <p>{t('calendar.new.when', { day: dayName(start.date, settings.locale), time })}</p>
      <ApiForm
        sending={book}
        words={DESK_WORDS}
        aria-label={t('calendar.new.title')}
        onSubmit={(form) => {
          const data = new FormData(form);
          if (client === null || (client.kind === 'new' && client.name.trim() === '')) {
            setClientMissing(true);
            return;
          }
          setClientMissing(false);
          book.mutate({
            client,
            startAt: wallClock(start.date, fieldText(form, 'time')),
            parts: parts.map((part, index) => ({
              ...part,
              serviceId: Number(data.get(`service-${index}`)),
              staffId: Number(data.get(`staff-${index}`)),
            })),
            notes: fieldText(form, 'notes'),
            internalNotes: fieldText(form, 'internal_notes'),
            override,
          });
        }}
      >
        <ClientPicker value={client} onChange={setClient} />
        {clientMissing && (
          <p role="alert" className="alert">
            {t('calendar.new.clientMissing')}
          </p>
        )}
        <TextField
          name="time"
          type="time"
          label={t('calendar.new.time')}
          defaultValue={clockOfMinutes(start.minute)}
          isRequired
        />
        <fieldset className="new-parts">
          <legend>{t('calendar.new.services')}</legend>
          {parts.map((part, index) => (
            <div
              key={part.key}
              className="new-part"
              role="group"
              aria-label={t('calendar.new.part', { number: index + 1 })}
            >
              <div className="field">
                <label htmlFor={`${fieldIds}-service-${index}`}>
                  {t('calendar.new.service', { number: index + 1 })}
                </label>
                <select
                  id={`${fieldIds}-service-${index}`}
                  name={`service-${index}`}
                  defaultValue={part.serviceId || ''}
                  required
                >
                  <option value="" disabled>
                    {t('calendar.new.chooseService')}
                  </option>
                  {serviceList.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${fieldIds}-staff-${index}`}>{t('calendar.new.staff', { number: index + 1 })}</label>
                <select id={`${fieldIds}-staff-${index}`} name={`staff-${index}`} defaultValue={part.staffId}>
                  {staff.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
              </div>
              {parts.length > 1 && (
                <Button variant="secondary" onPress={() => setParts(parts.filter((other) => other.key !== part.key))}>
                  {t('calendar.new.removeService', { number: index + 1 })}
                </Button>
              )}
            </div>
          ))}
          {parts.length < 5 && (
            <Button
              variant="secondary"
              onPress={() => setParts([...parts, { key: nextKey.current++, serviceId: 0, staffId: start.staffId }])}
            >
              {t('calendar.new.addService')}
            </Button>
          )}
        </fieldset>
        <TextField name="notes" label={t('calendar.new.notes')} description={t('calendar.new.notesHelp')} multiline />
        <TextField
          name="internal_notes"
          label={t('calendar.new.internalNotes')}
          description={t('calendar.new.internalNotesHelp')}
          multiline
        />
        <RulesOverride error={book.error} override={override} onOverride={setOverride} />
        <div className="actions">
          <SubmitButton sending={book}>{t('calendar.new.submit')}</SubmitButton>
          <Button variant="secondary" onPress={onClose}>
            {t('calendar.new.cancel')}
          </Button>
        </div>
      </ApiForm>
    </Dialog>
  );
}

/** Creates the client when new, then the booking (one service) or the visit (several); the first booking's id. */
async function createBooking(
  draft: Draft,
  idempotencyKey: string,
  onClientCreated: (id: number, name: string) => void,
): Promise<number> {
  const clientId =
    draft.client.kind === 'existing' ? draft.client.id : await createClient(draft.client, onClientCreated);
  const common = {
    client_id: clientId,
    start_at: draft.startAt,
    notes: draft.notes,
    internal_notes: draft.internalNotes,
    ...(draft.override ? { override: true } : {}),
  };
  const headers = { 'Idempotency-Key': idempotencyKey };
  const [first] = draft.parts;
  if (draft.parts.length === 1 && first) {
    const booking = await unwrap(
      api.POST('/api/bookings', { headers, body: { ...common, service_id: first.serviceId, staff_id: first.staffId } }),
    );
    return booking.id;
  }
  const visit = await unwrap(
    api.POST('/api/bookings/visits', {
      headers,
      body: { ...common, parts: draft.parts.map((part) => ({ service_id: part.serviceId, staff_id: part.staffId })) },
    }),
  );
  return visit.bookings[0]?.id ?? visit.id;
}

async function createClient(
  client: { name: string; phone: string; email: string },
  onClientCreated: (id: number, name: string) => void,
): Promise<number> {
  const created = await unwrap(
    api.POST('/api/clients', {
      body: {
        name: client.name.trim(),
        ...(client.phone.trim() ? { phone: client.phone.trim() } : {}),
        ...(client.email.trim() ? { email: client.email.trim() } : {}),
      },
    }),
  );
  onClientCreated(created.id, created.name);
  return created.id;
}
