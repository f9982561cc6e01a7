import escapeHtml from 'escape-html';
import { Type, type Static } from 'typebox';
import { named } from '../../http/schemas.js';
import type { FieldError } from '../../lib/errors.js';

/*
 * The email builder's blocks: their JSON schema, their rules, and their rendering to MJML
 * (and to a plain-text part). Pure: no database, no mjml; the mail template renders the
 * MJML to HTML.
 *
 * The schema is a `oneOf` with one branch per block type, picked by `type` (a discriminator):
 * Ajv validates only that branch, so each type's required fields are enforced by the schema
 * and `removeAdditional` drops only the fields that do not belong to that type. The rules a
 * schema does not say well (text not blank, which links are allowed) are `checkBlocks`'s.
 */

export const LEAF_TYPES = ['heading', 'text', 'image', 'button', 'divider', 'spacer'] as const;
export const BLOCK_TYPES = [...LEAF_TYPES, 'columns', 'footer'] as const;
export type LeafType = (typeof LEAF_TYPES)[number];
export type BlockType = (typeof BLOCK_TYPES)[number];

const Align = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')], {
  description: '`left`, `center` or `right`',
});
const Color = (description: string) => Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description });
const Url = (description: string) => Type.String({ maxLength: 2000, description });

const Src = Url('image: the picture address (http or https), required');
const Href = Url('button (required), image (optional): link target, http, https or mailto');
const Label = Type.String({ maxLength: 200, description: 'button: its caption, required' });

const leafFields = {
  text: Type.Optional(
    Type.String({ maxLength: 10_000, description: 'heading, text, footer: plain text (line breaks kept)' }),
  ),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'heading: 1 (largest) to 3; default 1' })),
  align: Type.Optional(Align),
  src: Type.Optional(Src),
  alt: Type.Optional(Type.String({ maxLength: 500, description: 'image: alternative text' })),
  href: Type.Optional(Href),
  label: Type.Optional(Label),
  color: Type.Optional(Color('button background or divider line colour, #RRGGBB')),
  width: Type.Optional(Type.Integer({ minimum: 10, maximum: 600, description: 'image: width in pixels' })),
  height: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, description: 'spacer: height in pixels; default 20' }),
  ),
};

/** Every field of every leaf type, all optional: the shape `checkBlocks` takes. */
const LooseLeafBlock = Type.Object({
  type: Type.Enum(LEAF_TYPES, { description: LEAF_TYPES.join(', ') }),
  ...leafFields,
});

/** Every field of every type, all optional: the shape `checkBlocks` takes (the schema is `Block`). */
export const LooseBlock = Type.Object(
  {
    type: Type.Enum(BLOCK_TYPES, { description: BLOCK_TYPES.join(', ') }),
    ...leafFields,
    columns: Type.Optional(
      Type.Array(Type.Array(LooseLeafBlock, { maxItems: 20 }), {
        minItems: 2,
        maxItems: 4,
        description: 'columns: 2 to 4 columns side by side, each a list of blocks (no columns or footer inside)',
      }),
    ),
  },
  { description: 'An email-builder block, any type' },
);

const { text, level, align, alt, href, color, width, height } = leafFields;
const textBlock = (description: string) =>
  Type.String({
    maxLength: 10_000,
    minLength: 1,
    description: `${description}: plain text, escaped (line breaks kept)`,
  });

const HeadingBlock = named(
  'HeadingBlock',
  Type.Object({ type: Type.Literal('heading'), text: textBlock('The heading'), level, align }),
);
const TextBlock = named(
  'TextBlock',
  Type.Object({ type: Type.Literal('text'), text: textBlock('The paragraph'), align }),
);
const ImageBlock = named('ImageBlock', Type.Object({ type: Type.Literal('image'), src: Src, alt, href, width, align }));
const ButtonBlock = named(
  'ButtonBlock',
  Type.Object({ type: Type.Literal('button'), label: Label, href: Href, color, align }),
);
const DividerBlock = named('DividerBlock', Type.Object({ type: Type.Literal('divider'), color }));
const SpacerBlock = named('SpacerBlock', Type.Object({ type: Type.Literal('spacer'), height }));
const FooterBlock = named(
  'FooterBlock',
  Type.Object(
    { type: Type.Literal('footer'), text },
    { description: 'The salon name and the unsubscribe link are always added below its text' },
  ),
);

// One branch per type, chosen by `type` (Ajv's `discriminator`: only that branch is validated).
// Ajv applies `discriminator` to objects only and then skips the `oneOf`, so without its own
// `type: 'object'` a discriminated union would let `null`, a string or a number through.
const DISCRIMINATOR = { propertyName: 'type' };

const LeafUnion = Type.Union([HeadingBlock, TextBlock, ImageBlock, ButtonBlock, DividerBlock, SpacerBlock]);
export const LeafBlock = named(
  'LeafBlock',
  Type.Unsafe<Static<typeof LeafUnion>>({
    type: 'object',
    oneOf: LeafUnion.anyOf,
    discriminator: DISCRIMINATOR,
    description: 'A block that may stand in a column: any type but `columns` and `footer`',
  }),
);

const ColumnsBlock = named(
  'ColumnsBlock',
  Type.Object({
    type: Type.Literal('columns'),
    columns: Type.Array(Type.Array(LeafBlock, { maxItems: 20 }), {
      minItems: 2,
      maxItems: 4,
      description: '2 to 4 columns side by side, each a list of blocks',
    }),
  }),
);

const BlockUnion = Type.Union([...LeafUnion.anyOf, ColumnsBlock, FooterBlock]);
export const Block = named(
  'Block',
  Type.Unsafe<Static<typeof BlockUnion>>({
    type: 'object',
    oneOf: BlockUnion.anyOf,
    discriminator: DISCRIMINATOR,
    description:
      'An email-builder block. Text is plain text: it is escaped, never read as HTML. Fields that do not belong to the type are dropped.',
  }),
);

export const Blocks = Type.Array(Block, {
  minItems: 1,
  maxItems: 200,
  description: 'Email-builder blocks, top to bottom',
});

export type LeafBlockInput = Static<typeof LooseLeafBlock>;
/** A block as `checkBlocks` takes it: any type, any field (the schema's branches are narrower). */
export type BlockInput = Static<typeof LooseBlock>;

/** A block as stored: only the fields of its type. */
type StoredLeafBlock =
  | { type: 'heading'; text: string; level?: number; align?: Align }
  | { type: 'text'; text: string; align?: Align }
  | { type: 'image'; src: string; alt?: string; href?: string; width?: number; align?: Align }
  | { type: 'button'; label: string; href: string; color?: string; align?: Align }
  | { type: 'divider'; color?: string }
  | { type: 'spacer'; height?: number };
export type StoredBlock =
  StoredLeafBlock | { type: 'columns'; columns: StoredLeafBlock[][] } | { type: 'footer'; text?: string };
type Align = 'left' | 'center' | 'right';

const WEB = /^https?:\/\/[^\s"<>]+$/i;
const WEB_OR_MAIL = /^(https?:\/\/|mailto:)[^\s"<>]+$/i;

/**
 * Checks every block's rules and keeps only the fields of its type. Returns the stored
 * blocks, or the problems as `{ field, message }` (field like `blocks.2.href`).
 */
export function checkBlocks(blocks: BlockInput[], field = 'blocks'): { blocks: StoredBlock[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const stored = blocks.map((block, index) => checkBlock(block, `${field}.${index}`, errors));
  return { blocks: stored, errors };
}

function checkBlock(block: BlockInput, at: string, errors: FieldError[]): StoredBlock {
  const requireText = (name: 'text' | 'label', value: string | undefined): string => {
    if (value === undefined || value.trim() === '') errors.push({ field: `${at}.${name}`, message: 'is required' });
    return value ?? '';
  };
  const requireLink = (name: 'src' | 'href', value: string | undefined, pattern: RegExp, required: boolean) => {
    if (value === undefined) {
      if (required) errors.push({ field: `${at}.${name}`, message: 'is required' });
      return;
    }
    if (!pattern.test(value)) {
      errors.push({
        field: `${at}.${name}`,
        message: pattern === WEB ? 'must be an http or https address' : 'must be an http, https or mailto address',
      });
    }
  };
  const optional = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

  switch (block.type) {
    case 'heading':
      return optional({
        type: 'heading',
        text: requireText('text', block.text),
        level: block.level,
        align: block.align,
      });
    case 'text':
      return optional({ type: 'text', text: requireText('text', block.text), align: block.align });
    case 'image':
      requireLink('src', block.src, WEB, true);
      requireLink('href', block.href, WEB_OR_MAIL, false);
      return optional({
        type: 'image',
        src: block.src ?? '',
        alt: block.alt,
        href: block.href,
        width: block.width,
        align: block.align,
      });
    case 'button':
      requireLink('href', block.href, WEB_OR_MAIL, true);
      return optional({
        type: 'button',
        label: requireText('label', block.label),
        href: block.href ?? '',
        color: block.color,
        align: block.align,
      });
    case 'divider':
      return optional({ type: 'divider', color: block.color });
    case 'spacer':
      return optional({ type: 'spacer', height: block.height });
    case 'footer':
      return optional({ type: 'footer', text: block.text });
    case 'columns': {
      if (block.columns === undefined) {
        errors.push({ field: `${at}.columns`, message: 'is required' });
        return { type: 'columns', columns: [] };
      }
      return {
        type: 'columns',
        columns: block.columns.map((column, c) =>
          // A column holds leaf blocks only (the schema's LeafBlock), so each comes back as one.
          column.map((leaf, i) => checkBlock(leaf as BlockInput, `${at}.columns.${c}.${i}`, errors) as StoredLeafBlock),
        ),
      };
    }
    default:
      // The schema admits only the types above; this keeps a hand-made call honest.
      errors.push({ field: `${at}.type`, message: `must be one of: ${BLOCK_TYPES.join(', ')}` });
      return { type: 'spacer' };
  }
}

/**
 * The merge tags a campaign's subject and block texts may use, filled per recipient (and
 * escaped like the rest of the text): `{client_first_name}` …
 */
export const MERGE_TAGS = ['client_first_name', 'client_name', 'salon_name'] as const;
export type MergeValues = Partial<Record<(typeof MERGE_TAGS)[number], string>>;

const TAG = /\{\s*([^{}\s]*)\s*\}/g;

/** The tags of a text that are not merge tags, e.g. `{first_name}` → `first_name`. */
export function unknownMergeTags(text: string): string[] {
  return [...text.matchAll(TAG)]
    .map((match) => match[1]!)
    .filter((name) => !(MERGE_TAGS as readonly string[]).includes(name));
}

/** The text with its merge tags filled; a tag without a value stays as written. */
export function fillMergeTags(text: string, values: MergeValues | undefined): string {
  if (!values) return text;
  return text.replace(TAG, (whole, name: string) => values[name as keyof MergeValues] ?? whole);
}

/** Each text of the blocks that can carry merge tags, with its field path. */
export function blockTexts(blocks: StoredBlock[], field = 'blocks'): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  const leaf = (block: StoredBlock, at: string) => {
    if ((block.type === 'heading' || block.type === 'text' || block.type === 'footer') && block.text) {
      out.push({ field: `${at}.text`, text: block.text });
    }
    if (block.type === 'button') out.push({ field: `${at}.label`, text: block.label });
    if (block.type === 'image' && block.alt) out.push({ field: `${at}.alt`, text: block.alt });
  };
  blocks.forEach((block, index) => {
    if (block.type === 'columns') {
      block.columns.forEach((column, c) =>
        column.forEach((item, i) => leaf(item, `${field}.${index}.columns.${c}.${i}`)),
      );
    } else {
      leaf(block, `${field}.${index}`);
    }
  });
  return out;
}

export interface RenderContext {
  /** The recipient's merge tag values; absent: tags are shown as written. */
  values?: MergeValues;
  salonName: string;
  /** The recipient's own unsubscribe address: every campaign email carries it. */
  unsubscribeUrl: string;
  title: string;
  /** The unsubscribe link's words in the email's language (default English). */
  unsubscribeLabel?: string;
  /** The salon's address and phone under its name (the brand). */
  footerLines?: string[];
}

const e = (value: string) => escapeHtml(value);
/** Plain text as HTML: escaped, line breaks kept. */
const textHtml = (value: string) => e(value).replace(/\r?\n/g, '<br/>');
const alignAttr = (align: Align | undefined) => (align ? ` align="${align}"` : '');
const HEADING_SIZE: Record<number, string> = { 1: '28px', 2: '22px', 3: '18px' };

function leafMjml(block: StoredBlock, fill: (text: string) => string): string {
  switch (block.type) {
    case 'heading':
      return `<mj-text font-size="${HEADING_SIZE[block.level ?? 1]}" line-height="1.3" font-weight="bold"${alignAttr(block.align)}>${textHtml(fill(block.text))}</mj-text>`;
    case 'text':
      return `<mj-text${alignAttr(block.align)}>${textHtml(fill(block.text))}</mj-text>`;
    case 'image':
      return (
        `<mj-image src="${e(block.src)}" alt="${e(fill(block.alt ?? ''))}"` +
        (block.href ? ` href="${e(block.href)}"` : '') +
        (block.width ? ` width="${block.width}px"` : '') +
        `${alignAttr(block.align)} />`
      );
    case 'button':
      return (
        `<mj-button href="${e(block.href)}"` +
        (block.color ? ` background-color="${block.color}"` : '') +
        `${alignAttr(block.align)}>${e(fill(block.label))}</mj-button>`
      );
    case 'divider':
      return `<mj-divider border-width="1px" border-color="${block.color ?? '#e5e7eb'}" />`;
    case 'spacer':
      return `<mj-spacer height="${block.height ?? 20}px" />`;
    default:
      return '';
  }
}

const section = (columns: string[]) =>
  `<mj-section background-color="#ffffff" padding="8px 16px">${columns.map((c) => `<mj-column>${c}</mj-column>`).join('')}</mj-section>`;

function footerMjml(text: string | undefined, context: RenderContext): string {
  const lines = [e(context.salonName), ...(context.footerLines ?? []).map(e)];
  if (text && text.trim() !== '') lines.push(textHtml(fillMergeTags(text, context.values)));
  lines.push(
    `<a href="${e(context.unsubscribeUrl)}" style="color:#6b7280">${e(context.unsubscribeLabel ?? 'Unsubscribe')}</a>`,
  );
  return `<mj-section padding="16px"><mj-column><mj-text font-size="12px" color="#6b7280" align="center">${lines.join('<br/>')}</mj-text></mj-column></mj-section>`;
}

/**
 * The MJML document of a campaign email. Consecutive simple blocks share one section; a
 * `columns` block is a section of its own (MJML sections cannot nest). A footer with the
 * unsubscribe link ends the email even when the blocks have none.
 */
export function blocksToMjml(blocks: StoredBlock[], context: RenderContext): string {
  const fill = (text: string) => fillMergeTags(text, context.values);
  const sections: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) sections.push(section([run.join('')]));
    run = [];
  };
  let hasFooter = false;
  for (const block of blocks) {
    if (block.type === 'columns') {
      flush();
      sections.push(section(block.columns.map((column) => column.map((leaf) => leafMjml(leaf, fill)).join(''))));
    } else if (block.type === 'footer') {
      flush();
      hasFooter = true;
      sections.push(footerMjml(block.text, context));
    } else {
      run.push(leafMjml(block, fill));
    }
  }
  flush();
  if (!hasFooter) sections.push(footerMjml(undefined, context));
  return `<mjml>
  <mj-head>
    <mj-title>${e(fill(context.title))}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f2328" />
      <mj-button background-color="#6e56cf" color="#ffffff" font-size="15px" border-radius="6px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f6">
    ${sections.join('\n    ')}
  </mj-body>
</mjml>`;
}

function leafText(block: StoredBlock, fill: (text: string) => string): string | null {
  switch (block.type) {
    case 'heading':
    case 'text':
      return fill(block.text);
    case 'image':
      return block.alt ? `[${fill(block.alt)}]` : null;
    case 'button':
      return `${fill(block.label)}: ${block.href}`;
    case 'divider':
      return '----';
    case 'spacer':
    case 'columns':
    case 'footer':
      return null;
  }
}

/** The plain-text part of a campaign email. */
export function blocksToText(blocks: StoredBlock[], context: RenderContext): string {
  const fill = (text: string) => fillMergeTags(text, context.values);
  const salonLines = [context.salonName, ...(context.footerLines ?? [])];
  const unsubscribe = `${context.unsubscribeLabel ?? 'Unsubscribe'}: ${context.unsubscribeUrl}`;
  const parts: string[] = [];
  let hasFooter = false;
  for (const block of blocks) {
    if (block.type === 'columns') {
      for (const column of block.columns) for (const leaf of column) parts.push(leafText(leaf, fill) ?? '');
    } else if (block.type === 'footer') {
      hasFooter = true;
      parts.push([...salonLines, block.text && fill(block.text), unsubscribe].filter(Boolean).join('\n'));
    } else {
      parts.push(leafText(block, fill) ?? '');
    }
  }
  if (!hasFooter) parts.push([...salonLines, unsubscribe].join('\n'));
  return `${parts.filter((p) => p !== '').join('\n\n')}\n`;
}
