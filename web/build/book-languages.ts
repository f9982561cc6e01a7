import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../src/lib/language.js';
import { MESSAGES_MODULE } from './messages-plugin.js';

/*
 * The booking page's HTML in each language (`book.<language>.html`, beside public.html): the
 * public shell's HTML with its `lang` and `<title>` in that language and a `modulepreload` of
 * that language's messages for the shell. The service sends the one of the language it can
 * tell from the request (src/http/page-language.ts), so the messages come beside the scripts;
 * from public.html they are fetched only once the scripts have run and chosen the language, a
 * round trip later, and the page's first render waits for them.
 */

type Catalogue = Record<string, string>;

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
  const title = catalogue['book.title'];
  if (title === undefined) throw new Error(`booking page: catalogue ${language} has no book.title`);
  let html = replace(publicHtml, /<html lang="[^"]*">/, `<html lang="${language}">`);
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
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
