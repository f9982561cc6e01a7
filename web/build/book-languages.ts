import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../src/lib/language.js';
import { MESSAGES_MODULE } from './messages-plugin.js';

/*
 * The booking page's HTML in each language (`book.<language>.html`, beside public.html): the
 * public shell's HTML with its `lang`, `<title>` and description in that language and a `modulepreload` of
 * that language's messages for the shell. The service sends the one of the language it can
 * tell from the request (src/http/page-language.ts), so the messages come beside the scripts;
 * from public.html they are fetched only once the scripts have run and chosen the language, a
 * round trip later, and the page's first render waits for them.
 */

type Catalogue = Record<string, string>;

/** Messages only the HTML written here names (no script shows them): in no part of the catalogues. */
export const HTML_ONLY_MESSAGES = ['book.description'] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** public.html in `language`, its shell's messages (`messagesFile`) preloaded. */
export function bookingPageHtml(
  publicHtml: string,
  language: string,
  catalogue: Catalogue,
  messagesFile: string,
): string {
  const replace = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`booking page: public.html has no ${String(pattern)}`);
    return html.replace(pattern, replacement);
  };
  const text = (key: string) => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`booking page: catalogue ${language} has no ${key}`);
    return escapeHtml(message);
  };
  let html = replace(publicHtml, /<html lang="[^"]*">/, `<html lang="${language}">`);
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${text('book.title')}</title>`);
  // What a search engine or a shared link shows under the title, in the page's language too.
  html = replace(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${text(HTML_ONLY_MESSAGES[0])}" />`,
  );
  return replace(html, /<\/head>/, `  <link rel="modulepreload" crossorigin href="/${messagesFile}">\n  </head>`);
}

/** Writes `book.<language>.html` for each language once the build has written public.html. */
export function bookLanguagesPlugin(sourceRoot: string): Plugin {
  return {
    name: 'salon-book-languages',
    apply: 'build',
    writeBundle(output, bundle) {
      const publicHtml = bundle['public.html'];
      if (!publicHtml || publicHtml.type !== 'asset') throw new Error('booking page: the build made no public.html');
      for (const language of LANGUAGES) {
        const catalogue = JSON.parse(
          readFileSync(join(sourceRoot, 'i18n/catalogues', `${language}.json`), 'utf8'),
        ) as Catalogue;
        const messages = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId === `${MESSAGES_MODULE}${language}/shell-public`,
        );
        if (!messages) throw new Error(`booking page: no messages chunk for ${language}/shell-public`);
        writeFileSync(
          join(output.dir!, `book.${language}.html`),
          bookingPageHtml(String(publicHtml.source), language, catalogue, messages.fileName),
        );
      }
    },
  };
}
