import { createHash, randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import { renderMjml } from './render.js';

/*
 * One MJML render for many recipients. A campaign sends the same document to a hundred
 * thousand clients; only a few values differ (the name in a merge tag, the unsubscribe link).
 * Rendering MJML took ~40 % of the worker's time per email, so the document is built with a
 * slot token where each recipient's value goes, rendered once, and each email is the rendered
 * HTML with the values put in the slots, HTML-escaped as the document would have escaped them.
 *
 * The token is random per process, so no text a salon writes can be mistaken for a slot, and
 * made of letters and digits only, so MJML passes it through unchanged wherever it stands
 * (text, an attribute, the title).
 */

const TOKEN = `mjslot${randomBytes(6).toString('hex')}n`;
const SLOT = new RegExp(`${TOKEN}(\\d+)z`, 'g');

/** Built documents kept: a handful of campaigns (and languages of each) in flight at once. */
const CACHE_SIZE = 16;
const rendered = new Map<string, Promise<string[]>>();
let documentsRendered = 0;

/** How many documents this process has rendered with MJML here (each once while cached). */
export function sharedDocumentsRendered(): number {
  return documentsRendered;
}

/** Puts a value in a slot: returns the token that stands for it in the document. */
export type Slot = (value: string) => string;

/**
 * Renders the document that `build` writes, whose per-recipient values are passed through
 * `slot` (and, with the identity as `slot`, gives the recipient's own document). A value must
 * be used where the document escapes it as HTML text or an attribute
 * (never inside a URL it builds, or across a line break that text turns into `<br/>`): the
 * value is put back escaped with `escape-html`, as such a document would have.
 */
export async function renderWithSlots(build: (slot: Slot) => string): Promise<string> {
  const values: string[] = [];
  const mjml = build((value) => {
    values.push(value);
    return `${TOKEN}${values.length - 1}z`;
  });
  // MJML trims the text of an element: a blank value, or one with white space at an end, could
  // lose that space (or the space beside it) in its own render but not in the shared one, so
  // such an email is rendered on its own.
  if (values.some((value) => value.trim() !== value || value === '')) return renderMjml(build((value) => value));
  const parts = await renderedParts(mjml);
  let html = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    html += escapeHtml(values[Number(parts[index])] ?? '') + parts[index + 1]!;
  }
  return html;
}

/** The rendered HTML split at its slots: text, slot index, text, slot index, …, text. */
function renderedParts(mjml: string): Promise<string[]> {
  const key = createHash('sha256').update(mjml).digest('base64');
  const cached = rendered.get(key);
  if (cached) {
    // Most recently used last: the oldest entry is the first the map yields.
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  documentsRendered += 1;
  const parts = renderMjml(mjml).then((html) => html.split(SLOT));
  parts.catch(() => rendered.delete(key));
  rendered.set(key, parts);
  if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return parts;
}
