import { useEffect, useId, useState } from 'react';
import { $api } from '../../../../api/client';
import { useT } from '../../../../i18n/i18n';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/TextField';

/** The client of a new booking: one found by name, phone or email, or one to create with the booking. */
export type ClientChoice =
  { kind: 'existing'; id: number; name: string } | { kind: 'new'; name: string; phone: string; email: string } | null;

/**
 * Finds the client as the desk types (`GET /api/clients?search=`, from two characters, a few
 * matches as radio buttons), or takes a new one's name, phone and email to create inline.
 */
export function ClientPicker({ value, onChange }: { value: ClientChoice; onChange: (choice: ClientChoice) => void }) {
  const t = useT();
  const groupId = useId();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  // The search waits for a pause in the typing, so a name typed fast asks once.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = $api.useQuery(
    'get',
    '/api/clients',
    { params: { query: { search, page: 1, limit: 6 } } },
    { enabled: search.length >= 2 },
  );
  const matches = found.data && 'data' in found.data ? found.data.data : [];

  if (value?.kind === 'new') {
    return (
      <fieldset className="new-client">
        <legend>{t('calendar.new.newClient')}</legend>
        <TextField
          name="client_name"
          label={t('calendar.new.clientName')}
          value={value.name}
          onChange={(name) => onChange({ ...value, name })}
          isRequired
        />
        <TextField
          name="client_phone"
          type="tel"
          label={t('calendar.new.clientPhone')}
          value={value.phone}
          onChange={(phone) => onChange({ ...value, phone })}
        />
        <TextField
          name="client_email"
          type="email"
          label={t('calendar.new.clientEmail')}
          value={value.email}
          onChange={(email) => onChange({ ...value, email })}
        />
        <Button variant="secondary" onPress={() => onChange(null)}>
          {t('calendar.new.findInstead')}
        </Button>
      </fieldset>
    );
  }
  return (
    <fieldset className="client-picker">
      <legend>{t('calendar.new.client')}</legend>
      <TextField
        label={t('calendar.new.search')}
        description={t('calendar.new.searchHelp')}
        value={typed}
        onChange={setTyped}
        type="search"
        autoComplete="off"
      />
      {search.length >= 2 && found.data && (
        <div role="radiogroup" aria-labelledby={groupId} className="client-matches">
          <p id={groupId} aria-live="polite">
            {t('calendar.new.matches', { count: matches.length })}
          </p>
          {matches.map((client) => (
            <label key={client.id} className="client-match">
              <input
                type="radio"
                name="client_id"
                value={client.id}
                checked={value?.kind === 'existing' && value.id === client.id}
                onChange={() => onChange({ kind: 'existing', id: client.id, name: client.name })}
              />{' '}
              {[client.name, client.phone, client.email].filter(Boolean).join(', ')}
            </label>
          ))}
        </div>
      )}
      {value?.kind === 'existing' && <p>{t('calendar.new.chosen', { name: value.name })}</p>}
      <Button variant="secondary" onPress={() => onChange({ kind: 'new', name: typed.trim(), phone: '', email: '' })}>
        {t('calendar.new.createClient')}
      </Button>
    </fieldset>
  );
}
