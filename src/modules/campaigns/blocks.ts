import { Type, type Static } from 'typebox';
import { named } from '../../http/schemas.js';
import { fillMergeTags, type StoredBlock, type StoredLeafBlock, type RenderContext } from '../../lib/campaign-mjml.js';
import type { FieldError } from '../../lib/errors.js';

// The rendering to MJML and the merge tags are pure code the web app's preview shares.
export {
  blocksToMjml,
  fillMergeTags,
  MERGE_TAGS,
  unknownMergeTags,
  type MergeValues,
  type RenderContext,
  type StoredBlock,
} from '../../lib/campaign-mjml.js';

/*
 * The email builder's blocks: their JSON schema, their rules, and their plain-text part (their
 * MJML is lib/campaign-mjml.ts's). Pure: no database, no mjml; the mail template renders the
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
