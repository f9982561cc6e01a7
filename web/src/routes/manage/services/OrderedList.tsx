import type { ReactNode } from 'react';
import { Button, GridList, GridListItem, useDragAndDrop, type Key } from 'react-aria-components';

/** A row of a list the salon orders by hand (`position` ascending). */
export interface Ordered {
  id: number;
  position: number;
}

/**
 * The list `items` with `moved` moved before or after `target`: what a drop asks for, as the
 * ids in their new order.
 */
export function reordered(ids: readonly number[], moved: readonly number[], target: number, after: boolean): number[] {
  const rest = ids.filter((id) => !moved.includes(id));
  const at = rest.indexOf(target) + (after ? 1 : 0);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/**
 * A list ordered by dragging, with the pointer or the keyboard (React Aria's drag and drop:
 * the row's handle, Enter to pick it up, the arrow keys to the place, Enter to drop, Escape to
 * put it back; a screen reader hears each step).
 */
export function OrderedList<T extends Ordered>({
  label,
  items,
  textOf,
  onReorder,
  children,
}: {
  label: string;
  items: readonly T[];
  /** The row's name (what a screen reader says of it, and the text a drag carries). */
  textOf: (item: T) => string;
  /** The ids in their new order, and those moved. */
  onReorder: (ids: number[], moved: number[]) => void;
  children: (item: T) => ReactNode;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ 'text/plain': textOf(items.find((item) => item.id === key) ?? items[0]!) })),
    onReorder: (event) => {
      const ids = items.map((item) => item.id);
      const moved = [...event.keys].map((key: Key) => Number(key));
      onReorder(reordered(ids, moved, Number(event.target.key), event.target.dropPosition === 'after'), moved);
    },
  });
  return (
    <GridList aria-label={label} items={items} dragAndDropHooks={dragAndDropHooks} className="ordered-list">
      {(item) => (
        <GridListItem id={item.id} textValue={textOf(item)} className="ordered-row">
          <Button slot="drag" className="ordered-handle">
            <span aria-hidden="true">⠿</span>
          </Button>
          {children(item)}
        </GridListItem>
      )}
    </GridList>
  );
}
