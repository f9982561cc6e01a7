import { useEffect, useId, useState } from 'react';
import { $api } from '../../api/client';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { TextField } from '../../ui/TextField';

/** How long typing pauses before the search is sent: a request per word, not per letter. */
const SEARCH_PAUSE_MS = 250;

/**
 * The client to put on the waitlist, found as the desk types (`GET /api/clients?search=`, from
 * two characters, a few matches as radio buttons named `client_id`), with the refusal the API
 * named for the client under it.
 */
export function ClientSearch({
  chosen,
  onChoose,
  error,
}: {
  chosen: { id: number; name: string } | null;
  onChoose: (client: { id: number; name: string }) => void;
  error: string | null;
}) {
  const t = useT();
  const groupId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = $api.useQuery(
    'get',
    '/api/clients',
    { params: { query: { search, page: 1, limit: 6 } } },
    { enabled: search.length >= 2 },
  );
  const matches = found.data ? asPage(found.data).data : [];
  return (
    <fieldset className="waitlist-client" aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend>{t('waitlist.form.client')}</legend>
      <TextField
        label={t('waitlist.form.search')}
        description={t('waitlist.form.searchHelp')}
        value={typed}
        onChange={setTyped}
        type="search"
        autoComplete="off"
      />
      {search.length >= 2 && found.data && (
        <div role="radiogroup" aria-labelledby={groupId} className="waitlist-matches">
          <p id={groupId} aria-live="polite">
            {t('waitlist.form.matches', { count: matches.length })}
          </p>
          {matches.map((client) => (
            <label key={client.id}>
              <input
                type="radio"
                name="client_id"
                value={client.id}
                checked={chosen?.id === client.id}
                onChange={() => onChoose({ id: client.id, name: client.name })}
              />{' '}
              {[client.name, client.phone, client.email].filter(Boolean).join(', ')}
            </label>
          ))}
        </div>
      )}
      {chosen && <p>{t('waitlist.form.chosen', { name: chosen.name })}</p>}
      {error && (
        <p id={`${groupId}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
