import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellOf } from '../src/http/web-pages.js';

/*
 * The front end's build: two entries (public.html: the booking page and the client's pages;
 * index.html: the back office), hashed file names under /assets/, a manifest for the
 * size budget. `npm run web:dev` serves it with hot reload and sends /api to a running
 * service (SALON_API, default http://localhost:3000). docs/web.md.
 */

const root = fileURLToPath(new URL('.', import.meta.url));
const catalogues = join(root, 'src/i18n/catalogues');
const SOURCE_LANGUAGE = 'en';

type Catalogue = Record<string, string>;

function readCatalogue(language: string): Catalogue {
  return JSON.parse(readFileSync(join(catalogues, `${language}.json`), 'utf8')) as Catalogue;
}

/**
 * `virtual:messages/<language>`: the ICU catalogue compiled at build time, so no message
 * parser ships to the browser. A catalogue lacking a key of the English one (the source) fails
 * the build, and so does a message that does not parse.
 */
function messagesPlugin(): Plugin {
  const prefix = 'virtual:messages/';
  return {
    name: 'salon-messages',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const language = id.slice(prefix.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`no catalogue "${language}"`);
      this.addWatchFile(join(catalogues, `${language}.json`));
      this.addWatchFile(join(catalogues, `${SOURCE_LANGUAGE}.json`));
      const catalogue = readCatalogue(language);
      const missing = Object.keys(readCatalogue(SOURCE_LANGUAGE)).filter((key) => !(key in catalogue));
      if (missing.length > 0) throw new Error(`catalogue ${language} lacks ${missing.join(', ')}`);
      const compiled = Object.fromEntries(
        Object.entries(catalogue).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`catalogue ${language}, ${key}: ${String(error)}`);
          }
        }),
      );
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}

/**
 * Both catalogues' chunks are named in each page's HTML as `modulepreload`: the page needs one
 * of them before it shows anything, and would otherwise ask for it only once its script runs
 * (a round trip more on a slow line). Which one is not known before the script runs (the
 * visitor's choice, the browser's languages, the salon's), and each is a couple of KB.
 */
function preloadCataloguesPlugin(): Plugin {
  return {
    name: 'salon-preload-catalogues',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.startsWith('\0virtual:messages/'),
        );
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The development server answers the public pages with public.html, as the service does. */
function pagesPlugin(): Plugin {
  return {
    name: 'salon-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path = '/', query] = (request.url ?? '/').split('?');
        if (shellOf(path) === 'public') request.url = `/public.html${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  appType: 'spa',
  plugins: [react(), messagesPlugin(), preloadCataloguesPlugin(), pagesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    // Every browser the pages support preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { public: join(root, 'public.html'), office: join(root, 'index.html') },
    },
  },
  server: {
    proxy: { '/api': process.env.SALON_API ?? 'http://localhost:3000' },
  },
});
