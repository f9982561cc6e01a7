import type mjml2htmlType from 'mjml';
import { badRequest } from '../../lib/errors.js';

type Mjml2Html = typeof mjml2htmlType;
let compiler: Promise<Mjml2Html> | null = null;

// mjml takes ~400 ms to load (STACK-NOTES.md): once, on first use.
function loadMjml(): Promise<Mjml2Html> {
  compiler ??= import('mjml').then((module) => module.default ?? module);
  return compiler;
}

interface MjmlIssue {
  line?: number;
  tagName?: string;
  message?: string;
}

/**
 * POST /campaigns/render-mjml: an admin's MJML document to HTML. Strict validation, so a
 * document mjml would only half-render is a 400 listing each problem (line, tag, message)
 * instead of broken HTML. Includes are off: a document cannot read files of the server.
 */
export async function renderMjmlDocument(source: string): Promise<{ html: string }> {
  const mjml2html = await loadMjml();
  try {
    const result = await mjml2html(source, { validationLevel: 'strict', ignoreIncludes: true, keepComments: false });
    return { html: result.html };
  } catch (error) {
    const issues = (error as { errors?: MjmlIssue[] }).errors;
    const details =
      Array.isArray(issues) && issues.length > 0
        ? issues.map((issue) => ({
            field: 'mjml',
            message: `line ${issue.line ?? '?'}${issue.tagName ? ` (${issue.tagName})` : ''}: ${issue.message ?? 'invalid'}`,
          }))
        : [{ field: 'mjml', message: error instanceof Error ? error.message : 'not a valid MJML document' }];
    throw badRequest('invalid_mjml', 'The MJML document is not valid', details);
  }
}
