/*
 * A campaign email's blocks as MJML, and the merge tags filled into their texts: what the
 * worker sends and what the campaign editor previews (through POST /campaigns/render-mjml), so
 * the preview is the email as sent. Pure, and it imports nothing, so the service and the web
 * app's bundle both take it as it is. The blocks' schema and rules are the campaigns module's.
 */

type Align = 'left' | 'center' | 'right';

/** A block that may stand in a column, as stored: only the fields of its type. */
export type StoredLeafBlock =
  | { type: 'heading'; text: string; level?: number; align?: Align }
  | { type: 'text'; text: string; align?: Align }
  | { type: 'image'; src: string; alt?: string; href?: string; width?: number; align?: Align }
  | { type: 'button'; label: string; href: string; color?: string; align?: Align }
  | { type: 'divider'; color?: string }
  | { type: 'spacer'; height?: number };
/** A block as stored: only the fields of its type. */
export type StoredBlock =
  StoredLeafBlock | { type: 'columns'; columns: StoredLeafBlock[][] } | { type: 'footer'; text?: string };

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

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };
/** Text as HTML text or attribute value (the five characters escape-html escapes, the same way). */
const e = (value: string) => value.replace(/["&'<>]/g, (char) => ESCAPES[char]!);
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
        (block.color ? ` background-color="${e(block.color)}"` : '') +
        `${alignAttr(block.align)}>${e(fill(block.label))}</mj-button>`
      );
    case 'divider':
      return `<mj-divider border-width="1px" border-color="${e(block.color ?? '#e5e7eb')}" />`;
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
