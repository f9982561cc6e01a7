import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { build, type Plugin } from 'esbuild';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchChromium, watchPage, type PageWatch } from '../e2e/chromium.js';
import { MESSAGE_PARTS } from '../build/message-parts.js';
import { LANGUAGES } from '../src/lib/language.js';

/*
 * The component tests' harness: one `*.cases.tsx` file (beside the component it tests, under
 * web/src) bundled by esbuild with the page that mounts its cases (src/testing/component-page.tsx),
 * served from 127.0.0.1 with the pages' own Content-Security-Policy, and opened in Debian's
 * chromium, one fresh page per case. No service and no database: a case renders the component
 * with the props and data it needs.
 */

const web = fileURLToPath(new URL('..', import.meta.url));

/** The service's CSP for its pages: a component that needs an inline style or script fails here as it would there. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'";

// React Aria adds a <style> with this id unless one exists; the CSP forbids inline styles, so its
// rule lives in ui/base.css and this element stands in for it (as in web/index.html).
const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <template id="react-aria-pressable-style"></template>
    <link rel="stylesheet" href="/case.css" />
    <title>Component test</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/case.js"></script>
  </body>
</html>`;

/**
 * `virtual:messages`, as the build's plugin (web/build/messages-plugin.ts) names it: the table of
 * every language's catalogue parts. Here every part of a language is that whole catalogue,
 * compiled as the build compiles it: a component under test is not in a shell's or area's part
 * until a page uses it, and one module per language keeps the bundle a single file.
 */
const messagesPlugin: Plugin = {
  name: 'salon-messages',
  setup(plugin) {
    plugin.onResolve({ filter: /^virtual:messages(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'messages' }));
    plugin.onLoad({ filter: /.*/, namespace: 'messages' }, (args) => {
      if (args.path === 'virtual:messages') {
        const table = LANGUAGES.map(
          (language) =>
            `${JSON.stringify(language)}: {${Object.keys(MESSAGE_PARTS)
              .map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`virtual:messages/${language}`)})`)
              .join(', ')}}`,
        );
        return { contents: `export const catalogueLoaders = {${table.join(', ')}};`, loader: 'js' };
      }
      const language = args.path.slice('virtual:messages/'.length);
      const catalogue = JSON.parse(
        readFileSync(join(web, 'src/i18n/catalogues', `${language}.json`), 'utf8'),
      ) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(catalogue).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
      return { contents: `export const messages = ${JSON.stringify(compiled)};`, loader: 'js' };
    });
  },
};

/** Bundles the cases file with the page that mounts them: `case.js` and `case.css`. */
async function bundle(casesFile: string): Promise<Map<string, string>> {
  const page = join(web, 'src/testing/component-page.tsx');
  const result = await build({
    stdin: {
      contents: `import { cases } from ${JSON.stringify(casesFile)};\nimport { mountCases } from ${JSON.stringify(page)};\nmountCases(cases);\n`,
      resolveDir: web,
      loader: 'tsx',
      sourcefile: 'case-entry.tsx',
    },
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    target: 'es2022',
    // React's development build: its warnings (a key missing, a bad prop) reach the console, and a
    // console error fails the case.
    define: { 'process.env.NODE_ENV': '"development"' },
    // Every chunk inlined: the catalogues are imported dynamically by the language provider.
    splitting: false,
    outdir: '/',
    entryNames: 'case',
    write: false,
    logLevel: 'silent',
    plugins: [messagesPlugin],
  });
  return new Map(result.outputFiles.map((file) => [file.path, file.text]));
}

function serve(files: Map<string, string>): Promise<Server> {
  const types: Record<string, string> = { js: 'text/javascript', css: 'text/css' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path);
    const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'max-age=3600' };
    if (file !== undefined) {
      response.writeHead(200, { ...headers, 'Content-Type': types[path.split('.').pop()!] ?? 'text/plain' });
      response.end(file);
    } else if (path.startsWith('/case.')) {
      response.writeHead(404).end();
    } else {
      // Any other path is the page itself, so a component that writes the address can be tested.
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      response.end(HTML);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export interface ComponentHarness {
  /** http://127.0.0.1:<port> */
  base: string;
  /**
   * A fresh page (its own context: address, history, storage) showing case `name`; `path` is the
   * address it opens at (its query kept: a component reading the address sees it).
   */
  mount(
    name: string,
    options?: { path?: string; language?: 'en' | 'nl'; context?: BrowserContextOptions },
  ): Promise<{ page: Page; watch: PageWatch }>;
  close(): Promise<void>;
}

/** Bundles `casesFile` (a path under web/src, e.g. `ui/Dialog.cases.tsx`) and starts chromium on it. */
export async function startComponentHarness(casesFile: string): Promise<ComponentHarness> {
  const [files, browser] = await Promise.all([bundle(join(web, 'src', casesFile)), launchChromium()]);
  const server = await serve(files);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const contexts: BrowserContext[] = [];
  return {
    base,
    async mount(name, { path = '/', language = 'en', context: contextOptions = {} } = {}) {
      const context = await newContext(browser, base, contextOptions);
      contexts.push(context);
      const page = await context.newPage();
      const watch = watchPage(page, base);
      const url = new URL(path, base);
      url.searchParams.set('case', name);
      url.searchParams.set('lang', language);
      await page.goto(url.toString());
      await page.locator('body[data-case-ready]').waitFor();
      return { page, watch };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function newContext(browser: Browser, base: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return browser.newContext({ baseURL: base, viewport: { width: 1024, height: 768 }, ...options });
}

/** What runs in the page: the tests' program has no DOM types, so the one property used is named here. */
type InPage = { ownerDocument: { activeElement: unknown } };

/** Whether `locator`'s element has the focus. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === (element as unknown as InPage).ownerDocument.activeElement);
}

/** The text of the element that has the focus. */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate<string>('document.activeElement?.textContent ?? ""');
}
