import { useMemo, useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { ClientSearch } from './ClientSearch';
import { refusedField, WAITLIST_WORDS } from './refusals';
import { SelectField } from './SelectField';

type Entry = Schemas['WaitlistEntry'];

/** The wished day and time, the staff member and the notes, as both the create and the edit send them. */
function wishOf(form: HTMLFormElement) {
  const staff = fieldText(form, 'staff_id');
  const orNull = (text: string) => (text === '' ? null : text);
  return {
    staff_id: staff === '' ? null : Number(staff),
    date: fieldText(form, 'date'),
    time_from: orNull(fieldText(form, 'time_from')),
    time_to: orNull(fieldText(form, 'time_to')),
    notes: fieldText(form, 'notes'),
  };
}

/**
 * A waitlist entry's form: a new one (the client found by search, the service, the wished staff
 * member, day and hours, notes: `POST /api/waitlist`) or an entry's change (all but its client
 * and service, and its place in the queue: `PUT /api/waitlist/{id}`). A refusal shows on the
 * field it is about, as the API names it; what was typed stays.
 */
export function WaitlistForm({
  entry,
  onDone,
  onCancel,
}: {
  /** The entry to change; none for a new one. */
  entry?: Entry;
  onDone: (entry: Entry) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const services = $api.useQuery('get', '/api/services');
  const staff = $api.useQuery('get', '/api/staff/staff');
  const create = useApiMutation('post', '/api/waitlist', { onSuccess: onDone });
  const update = useApiMutation('put', '/api/waitlist/{id}', { onSuccess: onDone });
  const sending = entry ? update : create;
  const [client, setClient] = useState<{ id: number; name: string } | null>(null);
  const [clientMissing, setClientMissing] = useState(false);
  const refused = refusedField(sending.error);
  // The same object for the same answer, so a field's message clears once the field is edited.
  const checks = useMemo(() => {
    const at = refusedField(sending.error);
    return at && at.field !== 'client_id' ? { [at.field]: t(at.key) } : {};
  }, [sending.error, t]);
  const fieldError = (field: string) => (refused?.field === field ? t(refused.key) : null);
  const members = (staff.data ?? []).filter((member) => member.bookable === 1 || member.id === entry?.staff_id);

  return (
    <ApiForm
      sending={sending}
      words={WAITLIST_WORDS}
      checks={checks}
      aria-label={entry ? t('waitlist.form.editTitle') : t('waitlist.form.newTitle')}
      onSubmit={(form) => {
        const wish = wishOf(form);
        if (entry) {
          const status = fieldText(form, 'status');
          update.mutate({
            params: { path: { id: entry.id } },
            body: { ...wish, ...(status === 'waiting' || status === 'cancelled' ? { status } : {}) },
          });
          return;
        }
        if (client === null) {
          setClientMissing(true);
          return;
        }
        create.mutate({ body: { ...wish, client_id: client.id, service_id: Number(fieldText(form, 'service_id')) } });
      }}
    >
      {entry ? (
        <p>{t('waitlist.form.who', { client: entry.client_name, service: entry.service_name })}</p>
      ) : (
        <>
          <ClientSearch
            chosen={client}
            onChoose={(chosen) => {
              setClient(chosen);
              setClientMissing(false);
            }}
            error={clientMissing ? t('waitlist.form.clientMissing') : fieldError('client_id')}
          />
          <SelectField name="service_id" label={t('waitlist.form.service')} error={fieldError('service_id')}>
            {(services.data ?? []).map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <SelectField
        name="staff_id"
        label={t('waitlist.form.staff')}
        defaultValue={entry?.staff_id ?? ''}
        error={fieldError('staff_id')}
      >
        <option value="">{t('waitlist.entry.anyStaff')}</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <TextField name="date" type="date" label={t('waitlist.form.date')} defaultValue={entry?.date} isRequired />
      <TextField
        name="time_from"
        type="time"
        label={t('waitlist.form.from')}
        description={t('waitlist.form.windowHelp')}
        defaultValue={entry?.time_from?.slice(0, 5) ?? ''}
      />
      <TextField
        name="time_to"
        type="time"
        label={t('waitlist.form.to')}
        defaultValue={entry?.time_to?.slice(0, 5) ?? ''}
      />
      <TextField name="notes" label={t('waitlist.form.notes')} defaultValue={entry?.notes ?? ''} multiline />
      {entry && (
        <SelectField name="status" label={t('waitlist.form.status')} defaultValue="">
          <option value="">{t('waitlist.form.statusKeep', { status: t(`waitlist.status.${entry.status}`) })}</option>
          {entry.status !== 'waiting' && <option value="waiting">{t('waitlist.form.statusWaiting')}</option>}
          {entry.status !== 'cancelled' && <option value="cancelled">{t('waitlist.form.statusCancelled')}</option>}
        </SelectField>
      )}
      <div className="actions">
        <SubmitButton sending={sending}>{entry ? t('waitlist.form.save') : t('waitlist.form.add')}</SubmitButton>
        <Button variant="secondary" onPress={onCancel}>
          {t('waitlist.form.back')}
        </Button>
      </div>
    </ApiForm>
  );
}
