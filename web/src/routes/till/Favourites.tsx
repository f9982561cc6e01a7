import { GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { $api, type Schemas } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/FailureAlert';

type Favourite = Schemas['PosFavorite'];

const keyOf = (item: { type: string; id: number }) => `${item.type}:${item.id}`;

/**
 * The signed-in member's favourites as a grid: pressed, an item goes into the cart. Reordered
 * by drag (React Aria's drag and drop: by mouse, touch, and by keyboard and screen reader too)
 * and by the move buttons; every change is saved at once (PUT /api/pos/favorites).
 */
export function Favourites({ onAdd, money }: { onAdd: (item: Favourite) => void; money: (amount: number) => string }) {
  const t = useT();
  const favourites = $api.useQuery('get', '/api/pos/favorites');
  const save = useApiMutation('put', '/api/pos/favorites');
  const list =
    save.isPending && save.variables ? order(favourites.data ?? [], save.variables.body) : (favourites.data ?? []);
  const store = (next: Favourite[]) =>
    save.mutate({ body: next.map((item, position) => ({ type: item.type, id: item.id, position })) });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    store(next);
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const moving = list.filter((item) => event.keys.has(keyOf(item)));
      const rest = list.filter((item) => !event.keys.has(keyOf(item)));
      const at = rest.findIndex((item) => keyOf(item) === event.target.key);
      rest.splice(event.target.dropPosition === 'before' ? at : at + 1, 0, ...moving);
      store(rest);
    },
  });
  return (
    <section className="till-favourites" aria-labelledby="till-favourites-heading">
      <h2 id="till-favourites-heading">{t('till.favourites.heading')}</h2>
      <FailureAlert error={save.error} />
      {list.length === 0 ? (
        <p>{favourites.isPending ? t('till.favourites.loading') : t('till.favourites.none')}</p>
      ) : (
        <GridList
          aria-label={t('till.favourites.heading')}
          items={list.map((item) => ({ ...item, key: keyOf(item) }))}
          dragAndDropHooks={dragAndDropHooks}
          className="till-favourite-grid"
          onAction={(key) => {
            const item = list.find((entry) => keyOf(entry) === key);
            if (item) onAdd(item);
          }}
        >
          {(item) => {
            const index = list.findIndex((entry) => keyOf(entry) === item.key);
            return (
              <GridListItem id={item.key} textValue={item.name} className="till-favourite">
                <Button
                  slot="drag"
                  variant="secondary"
                  className="till-drag"
                  aria-label={t('till.favourites.drag', { name: item.name })}
                >
                  ⠿
                </Button>
                <span className="till-favourite-name">{item.name}</span>
                <span className="till-favourite-price">{money(item.price)}</span>
                <span className="till-favourite-moves">
                  <Button
                    variant="secondary"
                    isDisabled={index === 0}
                    onPress={() => move(index, index - 1)}
                    aria-label={t('till.favourites.up', { name: item.name })}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={index === list.length - 1}
                    onPress={() => move(index, index + 1)}
                    aria-label={t('till.favourites.down', { name: item.name })}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="secondary"
                    onPress={() => store(list.filter((entry) => keyOf(entry) !== item.key))}
                    aria-label={t('till.favourites.remove', { name: item.name })}
                  >
                    ✕
                  </Button>
                </span>
              </GridListItem>
            );
          }}
        </GridList>
      )}
    </section>
  );
}

/** The list as the change being saved orders it (shown at once, before the service answers). */
function order(list: Favourite[], body: { type: string; id: number; position: number }[]): Favourite[] {
  return body
    .map((entry) => list.find((item) => item.type === entry.type && item.id === entry.id))
    .filter((item): item is Favourite => item !== undefined);
}

/** Adds an item at the end of the favourites. */
export function useAddFavourite() {
  const favourites = $api.useQuery('get', '/api/pos/favorites');
  const save = useApiMutation('put', '/api/pos/favorites');
  const keys = new Set((favourites.data ?? []).map(keyOf));
  return {
    keys,
    add: (item: { type: Favourite['type']; id: number }) => {
      const list = favourites.data ?? [];
      save.mutate({
        body: [...list, item].map((entry, position) => ({ type: entry.type, id: entry.id, position })),
      });
    },
  };
}
