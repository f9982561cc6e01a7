import type { Schemas } from '../../../api/client';
// The email's MJML, shared with the service: the preview is the email as the worker sends it.
import type { StoredBlock, StoredLeafBlock } from '../../../../../src/lib/campaign-mjml';

/**
 * A block as the API's types have it. The generated types misname the `type` of each branch
 * (a discriminator's enum, which openapi-typescript fills with the schema's name), so the
 * editor works on the shared StoredBlock and converts at the boundary.
 */
export type Block = Schemas['Block'];
export const apiBlocks = (blocks: readonly StoredBlock[]): Block[] => blocks as unknown as Block[];
/** The types a block can be added as; `columns` blocks (made through the API) are kept, moved and removed only. */
export const ADDABLE_TYPES = ['heading', 'text', 'image', 'button', 'divider', 'spacer', 'footer'] as const;
export type AddableType = (typeof ADDABLE_TYPES)[number];
type Align = 'left' | 'center' | 'right';

/**
 * A block as the editor holds it: every field as typed (numbers too, as text), so a field
 * half typed is shown as it is and the service, not the page, says what is wrong with it. `id`
 * is the editor's own (the list's key and what a drag carries), `position` its place.
 */
export interface DraftBlock {
  id: number;
  position: number;
  type: StoredBlock['type'];
  text: string;
  level: string;
  align: '' | Align;
  src: string;
  alt: string;
  href: string;
  label: string;
  color: string;
  width: string;
  height: string;
  /** A `columns` block's columns, kept as they came. */
  columns?: StoredLeafBlock[][];
}

const EMPTY = {
  text: '',
  level: '',
  align: '',
  src: '',
  alt: '',
  href: '',
  label: '',
  color: '',
  width: '',
  height: '',
} as const;

/** The editor's blocks from the stored ones, numbered from `firstId`. */
export function toDrafts(blocks: readonly Block[] | readonly StoredBlock[], firstId = 1): DraftBlock[] {
  return (blocks as readonly StoredBlock[]).map((block, index) => {
    const b = block as unknown as Partial<Record<string, unknown>> & { type: StoredBlock['type'] };
    const text = (name: string) => (typeof b[name] === 'string' ? b[name] : '');
    const number = (name: string) => (typeof b[name] === 'number' ? String(b[name]) : '');
    return {
      id: firstId + index,
      position: index,
      type: b.type,
      text: text('text'),
      level: number('level'),
      align: (text('align') as DraftBlock['align']) || '',
      src: text('src'),
      alt: text('alt'),
      href: text('href'),
      label: text('label'),
      color: text('color'),
      width: number('width'),
      height: number('height'),
      ...(b.type === 'columns' ? { columns: b['columns'] as StoredLeafBlock[][] } : {}),
    };
  });
}

/** A new block of `type`, with words to start from where the type needs text. */
export function newDraft(
  type: AddableType,
  id: number,
  position: number,
  words: { text: string; label: string },
): DraftBlock {
  const base: DraftBlock = { ...EMPTY, id, position, type };
  if (type === 'heading' || type === 'text') return { ...base, text: words.text };
  if (type === 'button') return { ...base, label: words.label, href: 'https://' };
  if (type === 'image') return { ...base, src: 'https://' };
  return base;
}

/** A number as typed: the number, or the text itself when it is not one (the service says why). */
function typedNumber(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isInteger(parsed) ? parsed : (trimmed as unknown as number);
}

/** Without its absent fields; a required text stays, even empty (the service says it is required). */
const optional = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * The block as the API takes it: only its type's fields, empty ones left out. What is typed
 * goes as typed: a colour or a width the service refuses is refused on its field.
 */
export function toBlock(draft: DraftBlock): StoredBlock {
  const align = draft.align || undefined;
  switch (draft.type) {
    case 'heading':
      return optional({ type: 'heading', text: draft.text, level: typedNumber(draft.level), align });
    case 'text':
      return optional({ type: 'text', text: draft.text, align });
    case 'image':
      return optional({
        type: 'image',
        src: draft.src,
        alt: draft.alt || undefined,
        href: draft.href || undefined,
        width: typedNumber(draft.width),
        align,
      });
    case 'button':
      return optional({ type: 'button', label: draft.label, href: draft.href, color: draft.color || undefined, align });
    case 'divider':
      return optional({ type: 'divider', color: draft.color || undefined });
    case 'spacer':
      return optional({ type: 'spacer', height: typedNumber(draft.height) });
    case 'footer':
      return optional({ type: 'footer', text: draft.text || undefined });
    case 'columns':
      return { type: 'columns', columns: draft.columns ?? [] };
  }
}

/** The blocks as the API takes them (its schema's type: the same shapes). */
export const toBlocks = (drafts: readonly DraftBlock[]): Block[] => apiBlocks(drafts.map(toBlock));

/** A block's one-line summary in the list: its text, caption or address. */
export function summaryOf(draft: DraftBlock): string {
  const line = (value: string) => value.split('\n')[0]!.slice(0, 80);
  switch (draft.type) {
    case 'heading':
    case 'text':
    case 'footer':
      return line(draft.text);
    case 'button':
      return line(draft.label);
    case 'image':
      return line(draft.alt || draft.src);
    case 'spacer':
      return draft.height;
    case 'columns':
      return String(draft.columns?.length ?? 0);
    default:
      return '';
  }
}

/**
 * `text` with `tag` put in place of the selection `[start, end)`, and where the caret goes
 * after it: a merge tag inserted from the list lands where the person was typing.
 */
export function insertTag(text: string, tag: string, start: number, end: number): { text: string; caret: number } {
  const inserted = `{${tag}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + inserted + text.slice(to), caret: from + inserted.length };
}
