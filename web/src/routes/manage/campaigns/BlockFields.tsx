import { useId, useRef, type ReactNode } from 'react';
// The merge tags the service fills per recipient.
import { MERGE_TAGS } from '../../../../../src/lib/campaign-mjml';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { insertTag, type DraftBlock } from './block-drafts';

type TextName = 'text' | 'label' | 'alt';
type FieldName = keyof Omit<DraftBlock, 'id' | 'position' | 'type' | 'columns'>;

/**
 * One block's fields, named as the service names them (`blocks.2.href`), so its refusal lands
 * on the field. The texts a merge tag may go in take one from the list of tags, inserted where
 * the caret was in the text last edited.
 */
export function BlockFields({
  block,
  index,
  title,
  onChange,
}: {
  block: DraftBlock;
  index: number;
  title: string;
  onChange: (block: DraftBlock) => void;
}) {
  const t = useT();
  const headingId = useId();
  const last = useRef<{ name: TextName; element: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  const set = (name: FieldName) => (value: string) => onChange({ ...block, [name]: value });
  const name = (field: string) => `blocks.${index}.${field}`;

  const text = (field: TextName, label: string, multiline = false) => (
    <TextField
      name={name(field)}
      label={label}
      value={block[field]}
      onChange={set(field)}
      multiline={multiline}
      onFocus={(event) => {
        last.current = { name: field, element: event.target as HTMLInputElement | HTMLTextAreaElement };
      }}
    />
  );
  const plain = (field: FieldName, label: string, description?: string) => (
    <TextField name={name(field)} label={label} value={block[field]} onChange={set(field)} description={description} />
  );

  const insert = (tag: string) => {
    const target = last.current;
    const field: TextName =
      target?.name ?? (block.type === 'button' ? 'label' : block.type === 'image' ? 'alt' : 'text');
    const value = block[field];
    const start = target?.element.selectionStart ?? value.length;
    const end = target?.element.selectionEnd ?? value.length;
    const next = insertTag(value, tag, start, end);
    onChange({ ...block, [field]: next.text });
    // Back to the text, the caret after the tag, once React has written the new value.
    window.requestAnimationFrame(() => {
      const element = target?.element;
      if (!element || !element.isConnected) return;
      element.focus();
      element.setSelectionRange(next.caret, next.caret);
    });
  };

  const hasTags =
    block.type === 'heading' ||
    block.type === 'text' ||
    block.type === 'footer' ||
    block.type === 'button' ||
    block.type === 'image';
  let fields: ReactNode;
  switch (block.type) {
    case 'heading':
      fields = (
        <>
          {text('text', t('manage.campaigns.field.heading'))}
          <Choice
            name={name('level')}
            label={t('manage.campaigns.field.level')}
            value={block.level}
            onChange={set('level')}
            options={[
              ['', t('manage.campaigns.field.level1')],
              ['2', t('manage.campaigns.field.level2')],
              ['3', t('manage.campaigns.field.level3')],
            ]}
          />
          <Align name={name('align')} value={block.align} onChange={set('align')} />
        </>
      );
      break;
    case 'text':
      fields = (
        <>
          {text('text', t('manage.campaigns.field.text'), true)}
          <Align name={name('align')} value={block.align} onChange={set('align')} />
        </>
      );
      break;
    case 'footer':
      fields = text('text', t('manage.campaigns.field.footer'), true);
      break;
    case 'button':
      fields = (
        <>
          {text('label', t('manage.campaigns.field.label'))}
          {plain('href', t('manage.campaigns.field.href'), t('manage.campaigns.field.hrefHelp'))}
          {plain('color', t('manage.campaigns.field.color'), t('manage.campaigns.field.colorHelp'))}
          <Align name={name('align')} value={block.align} onChange={set('align')} />
        </>
      );
      break;
    case 'image':
      fields = (
        <>
          {plain('src', t('manage.campaigns.field.src'), t('manage.campaigns.field.srcHelp'))}
          {text('alt', t('manage.campaigns.field.alt'))}
          {plain('href', t('manage.campaigns.field.imageHref'))}
          {plain('width', t('manage.campaigns.field.width'))}
          <Align name={name('align')} value={block.align} onChange={set('align')} />
        </>
      );
      break;
    case 'divider':
      fields = plain('color', t('manage.campaigns.field.color'), t('manage.campaigns.field.colorHelp'));
      break;
    case 'spacer':
      fields = plain('height', t('manage.campaigns.field.height'));
      break;
    case 'columns':
      fields = <p>{t('manage.campaigns.field.columns')}</p>;
      break;
  }

  return (
    <section aria-labelledby={headingId} className="campaign-block-fields">
      <h3 id={headingId}>{title}</h3>
      {fields}
      {hasTags && (
        <div role="group" aria-label={t('manage.campaigns.mergeTags')} className="campaign-tags">
          <span className="campaign-add-label" aria-hidden="true">
            {t('manage.campaigns.mergeTags')}
          </span>
          {MERGE_TAGS.map((tag) => (
            <Button
              key={tag}
              variant="secondary"
              onPress={() => insert(tag)}
              aria-label={t('manage.campaigns.insertTag', { tag: t(`manage.campaigns.tag.${tag}`) })}
            >
              {`{${tag}}`}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

/** A native select (a short list, no typing), named for the service's field errors. */
function Choice({
  name,
  label,
  value,
  onChange,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

function Align({ name, value, onChange }: { name: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <Choice
      name={name}
      label={t('manage.campaigns.field.align')}
      value={value}
      onChange={onChange}
      options={[
        ['', t('manage.campaigns.field.alignDefault')],
        ['left', t('manage.campaigns.field.alignLeft')],
        ['center', t('manage.campaigns.field.alignCenter')],
        ['right', t('manage.campaigns.field.alignRight')],
      ]}
    />
  );
}
