import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { OrderedList } from '../services/OrderedList';
import { ADDABLE_TYPES, newDraft, summaryOf, type AddableType, type DraftBlock } from './block-drafts';
import { BlockFields } from './BlockFields';

/**
 * The email's blocks, top to bottom: added from a row of types, each edited in the panel below
 * the list, removed, and reordered by dragging a row's handle or by keyboard (the services'
 * ordered list: the handle, Enter, the arrow keys, Enter). A block the service refused is
 * marked in the list, and its field says why when it is opened.
 */
export function BlockEditor({
  blocks,
  onChange,
  errors,
  announce,
}: {
  blocks: readonly DraftBlock[];
  onChange: (blocks: DraftBlock[]) => void;
  /** The service's field errors (`blocks.2.href` …). */
  errors: Readonly<Record<string, string>>;
  announce: (text: string) => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState<number | null>(blocks[0]?.id ?? null);
  const typeName = (block: DraftBlock) => t(`manage.campaigns.block.${block.type}`);
  const nameOf = (block: DraftBlock) => {
    const summary = summaryOf(block);
    return summary ? `${typeName(block)}: ${summary}` : typeName(block);
  };
  const renumber = (list: DraftBlock[]) => list.map((block, position) => ({ ...block, position }));
  const add = (type: AddableType) => {
    const id = Math.max(0, ...blocks.map((block) => block.id)) + 1;
    const draft = newDraft(type, id, blocks.length, {
      text: t('manage.campaigns.start.newText'),
      label: t('manage.campaigns.start.newLabel'),
    });
    onChange([...blocks, draft]);
    setEditing(id);
    announce(t('manage.campaigns.added', { name: typeName(draft) }));
  };
  const remove = (block: DraftBlock) => {
    onChange(renumber(blocks.filter((other) => other.id !== block.id)));
    if (editing === block.id) setEditing(null);
    announce(t('manage.campaigns.removed', { name: nameOf(block) }));
  };
  const hasError = (index: number) => Object.keys(errors).some((field) => field.startsWith(`blocks.${index}.`));
  const edited = blocks.find((block) => block.id === editing);
  const editedIndex = edited ? blocks.indexOf(edited) : -1;

  return (
    <section aria-labelledby="campaign-blocks" className="campaign-blocks">
      <h2 id="campaign-blocks">{t('manage.campaigns.blocks')}</h2>
      <p className="description">{t('manage.campaigns.reorderHelp')}</p>
      {blocks.length === 0 ? (
        <p>{t('manage.campaigns.noBlocks')}</p>
      ) : (
        <OrderedList
          label={t('manage.campaigns.blocks')}
          items={blocks}
          textOf={nameOf}
          onReorder={(ids, [movedId]) => {
            const next = renumber(ids.map((id) => blocks.find((block) => block.id === id)!));
            onChange(next);
            const moved = next.find((block) => block.id === movedId);
            if (moved)
              announce(
                t('manage.campaigns.moved', { name: nameOf(moved), place: moved.position + 1, count: next.length }),
              );
          }}
        >
          {(block) => (
            <>
              <span className="ordered-name">
                <span>
                  {typeName(block)}
                  {hasError(block.position) && (
                    <span className="campaign-block-problem"> — {t('manage.campaigns.blockProblem')}</span>
                  )}
                </span>
                <span className="ordered-meta">{summaryOf(block)}</span>
              </span>
              <Button
                variant="secondary"
                onPress={() => setEditing(block.id)}
                aria-pressed={editing === block.id}
                aria-label={t('manage.campaigns.editBlock', { name: nameOf(block) })}
              >
                {t('manage.campaigns.edit')}
              </Button>
              <Button
                variant="secondary"
                onPress={() => remove(block)}
                aria-label={t('manage.campaigns.removeBlock', { name: nameOf(block) })}
              >
                {t('manage.campaigns.remove')}
              </Button>
            </>
          )}
        </OrderedList>
      )}
      <div role="group" aria-label={t('manage.campaigns.addBlock')} className="campaign-add">
        <span className="campaign-add-label" aria-hidden="true">
          {t('manage.campaigns.addBlock')}
        </span>
        {ADDABLE_TYPES.map((type) => (
          <Button key={type} variant="secondary" onPress={() => add(type)}>
            {t(`manage.campaigns.block.${type}`)}
          </Button>
        ))}
      </div>
      {edited && (
        <BlockFields
          key={edited.id}
          block={edited}
          index={editedIndex}
          title={t('manage.campaigns.editing', { name: typeName(edited), place: editedIndex + 1 })}
          onChange={(changed) => onChange(blocks.map((block) => (block.id === changed.id ? changed : block)))}
        />
      )}
    </section>
  );
}
