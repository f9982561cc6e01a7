import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellOf } from '../src/http/web-pages.js';
import { bookLanguagesPlugin } from './build/book-languages.js';
import { MESSAGES_MODULE, messagesPlugin } from './build/messages-plugin.js';

/*
 * The front end's build: two entries (public.html: the booking page and the client's pages;
 * index.html: the back office), hashed file names under /assets/, a manifest for the
 * size budget. `npm run web:dev` serves it with hot reload and sends /api to a running
 * service (SALON_API, default http://localhost:3000). docs/web.md.
 */

const root = fileURLToPath(new URL('.', import.meta.url));
/** The chunks the booking page fetches when idle (routes/book/BookingFlow.tsx). */
const LATER_STEPS = /\/(Schedule|AriaProviders)-[\w-]+\.js$/;
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
  plugins: [react(), messagesPlugin(join(root, 'src')), bookLanguagesPlugin(join(root, 'src')), pagesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    // Every browser the pages support preloads modules itself: no polyfill in the first load.
    modulePreload: {
      polyfill: false,
      // The booking page's later steps are fetched while it is idle, long before they are needed:
      // without a <link rel=modulepreload> for each of their thirty-odd imports, all appended in
      // one task (a tenth of a second on a slow phone, bench/README.md), the browser fetches
      // them as it reads each module, in small tasks. Every other lazy page keeps its preloads
      // (it is waited for).
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && LATER_STEPS.test(file) ? [] : deps),
    },
    rollupOptions: {
      input: { public: join(root, 'public.html'), office: join(root, 'index.html') },
      output: {
        // A catalogue's part is named for what it is (messages-nl-account-…), not after the area
        // whose name it shares.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.startsWith(MESSAGES_MODULE)
            ? `assets/messages-${chunk.facadeModuleId.slice(MESSAGES_MODULE.length).replace('/', '-')}-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': process.env.SALON_API ?? 'http://localhost:3000' },
  },
});
