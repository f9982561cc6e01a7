import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { keysOfParts, MESSAGE_PARTS, type MessagePart } from './message-parts.js';

/*
 * The message catalogues, compiled at build time (no message parser ships to the browser) and
 * split by language and by part (message-parts.ts): `virtual:messages/<language>/<part>` is one
 * small chunk, and `virtual:messages` is the table of their loaders that i18n/i18n.tsx imports,
 * so a page fetches only the active language's parts it shows.
 *
 * A catalogue lacking a key of the English one (the source) fails the build, and so does a
 * message that does not parse.
 */

const SOURCE_LANGUAGE = 'en';
const PREFIX = 'virtual:messages';
/** The id of a catalogue part's module as the bundler knows it, before `<language>/<part>`. */
export const MESSAGES_MODULE = `\0${PREFIX}/`;

type Catalogue = Record<string, string>;

export function messagesPlugin(sourceRoot: string): Plugin {
  const catalogues = join(sourceRoot, 'i18n/catalogues');
  const languages = readdirSync(catalogues)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  const read = (language: string) =>
    JSON.parse(readFileSync(join(catalogues, `${language}.json`), 'utf8')) as Catalogue;
  const parts = Object.keys(MESSAGE_PARTS) as MessagePart[];

  return {
    name: 'salon-messages',
    resolveId(id) {
      return id === PREFIX || id.startsWith(`${PREFIX}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${PREFIX}`) {
        const table = languages.map(
          (language) =>
            `${JSON.stringify(language)}: {${parts
              .map(
                (part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PREFIX}/${language}/${part}`)})`,
              )
              .join(', ')}}`,
        );
        return `export const catalogueLoaders = {${table.join(', ')}};`;
      }
      if (!id.startsWith(`\0${PREFIX}/`)) return null;
      const [language = '', part = ''] = id.slice(PREFIX.length + 2).split('/');
      if (!languages.includes(language)) throw new Error(`no catalogue "${language}"`);
      if (!parts.includes(part as MessagePart)) throw new Error(`no message part "${part}"`);
      this.addWatchFile(join(catalogues, `${language}.json`));
      this.addWatchFile(join(catalogues, `${SOURCE_LANGUAGE}.json`));
      const catalogue = read(language);
      const sourceKeys = Object.keys(read(SOURCE_LANGUAGE));
      const missing = sourceKeys.filter((key) => !(key in catalogue));
      if (missing.length > 0) throw new Error(`catalogue ${language} lacks ${missing.join(', ')}`);
      const keys = keysOfParts(sourceRoot, sourceKeys)[part as MessagePart];
      const compiled = Object.fromEntries(
        keys.map((key) => {
          try {
            return [key, compileMessageOrThrow(catalogue[key]!)];
          } catch (error) {
            throw new Error(`catalogue ${language}, ${key}: ${String(error)}`);
          }
        }),
      );
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
