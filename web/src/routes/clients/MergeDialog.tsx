import { useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { asPage } from '../../api/pages';
import { useT, type MessageKey } from '../../i18n/i18n';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';
import { Loading, LoadError } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';

type Client = Schemas['Client'];
type Preview = Schemas['ClientMergePreview'];

/** How many clients the search for the duplicate offers. */
const CANDIDATES = 8;

const MOVES: ReadonlyArray<[keyof Preview['moves'], MessageKey]> = [
  ['bookings', 'clients.merge.moves.bookings'],
  ['orders', 'clients.merge.moves.orders'],
  ['gift_cards', 'clients.merge.moves.gift_cards'],
  ['packages', 'clients.merge.moves.packages'],
  ['waitlist_entries', 'clients.merge.moves.waitlist_entries'],
  ['reviews', 'clients.merge.moves.reviews'],
  ['loyalty_points', 'clients.merge.moves.loyalty_points'],
];

/**
 * Merging a duplicate into the card's client, in two steps: find the duplicate (the same
 * search as the list's), then the service's preview of what each keeps (this client with what
 * it takes from the duplicate, the duplicate emptied, its records moving over) before the
 * merge is sent. Admins only, as the API.
 */
export function MergeDialog({
  isOpen,
  onOpenChange,
  client,
  onDone,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  client: Client;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const [duplicate, setDuplicate] = useState<Client | null>(null);
  const merge = useApiMutation('post', '/api/clients/{id}/merge', {
    onSuccess: () => {
      setDuplicate(null);
      onOpenChange(false);
      onDone(t('clients.merge.done', { duplicate: duplicate?.name ?? '', name: client.name }));
    },
  });
  const close = () => {
    setDuplicate(null);
    merge.reset();
    onOpenChange(false);
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : !merge.isPending && close())}
      title={t('clients.merge.title', { name: client.name })}
      isDismissable={!merge.isPending}
    >
      {duplicate === null ? (
        <FindDuplicate client={client} onChoose={setDuplicate} onCancel={close} />
      ) : (
        <>
          <MergePreview client={client} duplicate={duplicate} />
          <FailureAlert error={merge.error} />
          <div className="actions">
            <SendButton
              sending={merge}
              onSend={() => merge.mutate({ params: { path: { id: client.id } }, body: { duplicate_id: duplicate.id } })}
            >
              {t('clients.merge.confirm')}
            </SendButton>
            <Button variant="secondary" onPress={() => !merge.isPending && setDuplicate(null)}>
              {t('clients.merge.other')}
            </Button>
            <Button variant="secondary" onPress={() => !merge.isPending && close()}>
              {t('clients.form.cancel')}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function FindDuplicate({
  client,
  onChoose,
  onCancel,
}: {
  client: Client;
  onChoose: (duplicate: Client) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const found = $api.useQuery(
    'get',
    '/api/clients',
    { params: { query: { search: typed, page: 1, limit: CANDIDATES + 1 } } },
    { enabled: typed.length >= 2 },
  );
  const candidates = found.data
    ? asPage(found.data)
        .data.filter((other) => other.id !== client.id)
        .slice(0, CANDIDATES)
    : [];
  return (
    <>
      <p>{t('clients.merge.intro', { name: client.name })}</p>
      <div role="search">
        <TextField
          label={t('clients.merge.search')}
          description={t('clients.search.help')}
          type="search"
          value={search}
          onChange={setSearch}
          autoComplete="off"
          autoFocus
        />
      </div>
      {typed.length >= 2 && found.isError && <LoadError retry={() => void found.refetch()} />}
      {typed.length >= 2 && found.data && (
        <>
          <p role="status">{t('clients.merge.found', { total: candidates.length })}</p>
          <ul className="client-plain-list client-candidates">
            {candidates.map((other) => (
              <li key={other.id}>
                <Button variant="secondary" onPress={() => onChoose(other)}>
                  {t('clients.merge.choose', { name: other.name, contact: other.email ?? other.phone })}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('clients.form.cancel')}
        </Button>
      </div>
    </>
  );
}

/** What each keeps, as the service previews it: the kept client after, the duplicate now, and what moves. */
function MergePreview({ client, duplicate }: { client: Client; duplicate: Client }) {
  const t = useT();
  const preview = $api.useQuery('get', '/api/clients/{id}/merge-preview', {
    params: { path: { id: client.id }, query: { duplicate_id: duplicate.id } },
  });
  if (preview.isError) return <FailureAlert error={preview.error} />;
  if (!preview.data) return <Loading />;
  const { client: after, taken, moves } = preview.data;
  const none = t('clients.card.none');
  const from = (field: Preview['taken'][number]) =>
    taken.includes(field) ? <span className="client-taken"> {t('clients.merge.fromDuplicate')}</span> : null;
  const moved = MOVES.filter(([key]) => moves[key] !== 0);
  return (
    <div className="client-merge-preview">
      <h3>{t('clients.merge.keeps', { name: after.name })}</h3>
      <dl className="client-details">
        <dt>{t('clients.column.email')}</dt>
        <dd>
          {after.email ?? none}
          {from('email')}
        </dd>
        <dt>{t('clients.column.phone')}</dt>
        <dd>
          {after.phone || none}
          {from('phone')}
        </dd>
        <dt>{t('clients.form.birthday')}</dt>
        <dd>
          {after.birthday ?? none}
          {from('birthday')}
        </dd>
        <dt>{t('clients.card.labels')}</dt>
        <dd>{after.labels.join(', ') || none}</dd>
        <dt>{t('clients.card.notes')}</dt>
        <dd className="client-notes">
          {after.notes || none}
          {from('notes')}
        </dd>
      </dl>
      <h3>{t('clients.merge.duplicateKeeps', { name: duplicate.name })}</h3>
      <p>{t('clients.merge.emptied', { name: client.name })}</p>
      {moved.length > 0 ? (
        <>
          <p>{t('clients.merge.movesOver', { name: client.name })}</p>
          <ul>
            {moved.map(([key, words]) => (
              <li key={key}>{t(words, { count: moves[key] })}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('clients.merge.nothingMoves')}</p>
      )}
    </div>
  );
}
