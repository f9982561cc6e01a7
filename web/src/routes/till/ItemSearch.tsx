import { useEffect, useState } from 'react';
import { $api, api, type Schemas } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

type Found = Schemas['PosItemFound'];

const SEARCH_PAUSE_MS = 250;

/**
 * The till's search across services, products and packages (GET /api/pos/items). A barcode
 * scanner types a product's EAN into this field and presses Enter: Enter asks the service at
 * once (the scanner is faster than the pause) and adds the product whose `ean_code` it is, or
 * the one item found.
 */
export function ItemSearch({
  onAdd,
  onFavourite,
  favourites,
  money,
}: {
  onAdd: (item: Found) => void;
  onFavourite: (item: Found) => void;
  favourites: ReadonlySet<string>;
  money: (amount: number) => string;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = $api.useQuery('get', '/api/pos/items', { params: { query: { q } } }, { enabled: q !== '' });
  const add = (item: Found) => {
    onAdd(item);
    setNotice(t('till.search.added', { name: item.name }));
  };
  const enter = async () => {
    const text = typed.trim();
    if (text === '') return;
    const { data } = await api.GET('/api/pos/items', { params: { query: { q: text } } });
    const pick = data?.find((item) => item.ean_match) ?? (data?.length === 1 ? data[0] : undefined);
    if (pick) {
      add(pick);
      setTyped('');
      setQ('');
    } else {
      setNotice(data?.length ? t('till.search.choose') : t('till.search.none', { search: text }));
    }
  };
  const items = q === '' ? [] : (found.data ?? []);
  return (
    <section className="till-search" aria-labelledby="till-search-heading">
      <h2 id="till-search-heading">{t('till.search.heading')}</h2>
      <div role="search">
        <TextField
          label={t('till.search.label')}
          description={t('till.search.help')}
          type="search"
          value={typed}
          onChange={setTyped}
          maxLength={100}
          autoComplete="off"
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void enter();
            }
          }}
        />
      </div>
      <p role="status" className="till-notice">
        {notice}
      </p>
      {items.length > 0 && (
        <ul className="till-found" aria-label={t('till.search.results')}>
          {items.map((item) => (
            <li key={`${item.type}:${item.id}`}>
              <Button variant="secondary" onPress={() => add(item)}>
                {t('till.search.add', { name: item.name, type: t(`till.type.${item.type}`), price: money(item.price) })}
              </Button>
              {!favourites.has(`${item.type}:${item.id}`) && (
                <Button variant="secondary" onPress={() => onFavourite(item)}>
                  {t('till.favourites.addOne', { name: item.name })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {q !== '' && found.data?.length === 0 && <p>{t('till.search.none', { search: q })}</p>}
    </section>
  );
}
