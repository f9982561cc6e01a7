import type mjml2htmlType from 'mjml';

type Mjml2Html = typeof mjml2htmlType;
let compiler: Promise<Mjml2Html> | null = null;

/** mjml takes ~400 ms to load: load it once, on first use, not at start-up. */
function loadMjml(): Promise<Mjml2Html> {
  compiler ??= import('mjml').then((module) => module.default ?? module);
  return compiler;
}

export class MjmlError extends Error {}

/** Renders an MJML document to email-ready HTML; invalid MJML throws MjmlError. */
export async function renderMjml(source: string): Promise<string> {
  const mjml2html = await loadMjml();
  try {
    const result = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
    return result.html;
  } catch (error) {
    throw new MjmlError(error instanceof Error ? error.message : String(error));
  }
}
