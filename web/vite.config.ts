import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellOf } from '../src/http/web-pages.js';
import { MESSAGES_MODULE, messagesPlugin } from './build/messages-plugin.js';

/*
 * The front end's build: two entries (public.html: the booking page and the client's pages;
 * index.html: the back office), hashed file names under /assets/, a manifest for the
 * size budget. `npm run web:dev` serves it with hot reload and sends /api to a running
 * service (SALON_API, default http://localhost:3000). docs/web.md.
 */

const root = fileURLToPath(new URL('.', import.meta.url));
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
  plugins: [react(), messagesPlugin(join(root, 'src')), pagesPlugin()],
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
