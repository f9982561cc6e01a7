// @ts-check
/*
 * The back office's service worker (docs/web.md, "The stylist's phone"). Hand-written: the
 * project has neither vite-plugin-pwa nor Workbox installed, and what it needs is small:
 *
 * - install: keep the office's shell and every file its entry may load (the list the service
 *   writes in front of this file as `self.SALON_OFFICE`, with its version), so the office
 *   opens without a network;
 * - fetch: an office page → the network, else the kept shell; a kept file → the cache
 *   (its name changes with its content); everything else, the API and the booking page among
 *   it, is not touched, so those behave exactly as without a worker;
 * - activate: the caches of earlier versions removed;
 * - push: a notification the service sent through web push (its JSON: type, title, body,
 *   link) shown, also with no office page open; a click on it focuses an office page at its
 *   link, or opens one.
 *
 * No personal data is kept here: the agenda kept offline lives in the page's IndexedDB,
 * which signing out erases.
 */

/**
 * @typedef {{ version: string, precache: string[], pages: string[] }} OfficeFiles
 * @typedef {{ waitUntil(promise: Promise<unknown>): void }} ExtendableEvent
 * @typedef {ExtendableEvent & { request: Request, respondWith(response: Promise<Response>): void }} FetchEvent
 * @typedef {ExtendableEvent & { data: { json(): unknown } | null }} PushEvent
 * @typedef {ExtendableEvent & { notification: { data: unknown, close(): void } }} NotificationEvent
 */

(function () {
  'use strict';
  var worker = /** @type {any} */ (self);
  var office = /** @type {OfficeFiles} */ (worker.SALON_OFFICE);
  var CACHE = 'salon-office-' + office.version;
  var kept = new Set(office.precache);

  /** Whether `path` is a page of the office (the service's own list, web-pages.ts's syntax). */
  function isOfficePage(/** @type {string} */ path) {
    return office.pages.some(function (pattern) {
      if (pattern.slice(-2) === '/*') {
        var area = pattern.slice(0, -2);
        return path === area || path.indexOf(area + '/') === 0;
      }
      return path === pattern || path === pattern + '/';
    });
  }

  worker.addEventListener('install', function (/** @type {ExtendableEvent} */ event) {
    event.waitUntil(
      caches
        .open(CACHE)
        .then(function (cache) {
          return cache.addAll(office.precache);
        })
        .then(function () {
          return worker.skipWaiting();
        }),
    );
  });

  worker.addEventListener('activate', function (/** @type {ExtendableEvent} */ event) {
    event.waitUntil(
      caches
        .keys()
        .then(function (names) {
          return Promise.all(
            names
              .filter(function (name) {
                return name.indexOf('salon-office-') === 0 && name !== CACHE;
              })
              .map(function (name) {
                return caches.delete(name);
              }),
          );
        })
        .then(function () {
          return worker.clients.claim();
        }),
    );
  });

  worker.addEventListener('fetch', function (/** @type {FetchEvent} */ event) {
    var request = event.request;
    if (request.method !== 'GET') return;
    var url = new URL(request.url);
    if (url.origin !== worker.location.origin) return;
    if (request.mode === 'navigate' && isOfficePage(url.pathname)) {
      // The network first (a new release's shell); without one, the shell kept at install.
      event.respondWith(
        fetch(request).catch(function () {
          return caches.match('/', { cacheName: CACHE }).then(function (shell) {
            return shell || Response.error();
          });
        }),
      );
      return;
    }
    if (kept.has(url.pathname)) {
      event.respondWith(
        caches.match(url.pathname, { cacheName: CACHE }).then(function (hit) {
          return hit || fetch(request);
        }),
      );
    }
  });

  worker.addEventListener('push', function (/** @type {PushEvent} */ event) {
    /** @type {{ type?: unknown, title?: unknown, body?: unknown, link?: unknown }} */
    var message = {};
    try {
      message = /** @type {typeof message} */ (event.data ? event.data.json() : {}) || {};
    } catch {
      message = {};
    }
    var title = typeof message.title === 'string' && message.title !== '' ? message.title : 'Salon';
    event.waitUntil(
      worker.registration.showNotification(title, {
        body: typeof message.body === 'string' ? message.body : '',
        icon: '/office-icon-192.png',
        data: { link: typeof message.link === 'string' ? message.link : '/' },
      }),
    );
  });

  worker.addEventListener('notificationclick', function (/** @type {NotificationEvent} */ event) {
    event.notification.close();
    var data = /** @type {{ link?: unknown } | null} */ (event.notification.data);
    var target = new URL(typeof data?.link === 'string' ? data.link : '/', worker.location.origin);
    // Only the office's own pages: a link is never a way out to another site.
    if (target.origin !== worker.location.origin) target = new URL('/', worker.location.origin);
    event.waitUntil(
      worker.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then(
          function (
            /** @type {{ url: string, focus(): Promise<unknown>, navigate(url: string): Promise<unknown> }[]} */ windows,
          ) {
            var open = windows.find(function (client) {
              return new URL(client.url).origin === worker.location.origin;
            });
            // An open office page is taken to the link (only a page this worker controls can be);
            // otherwise, or when that fails, a new one is opened.
            if (open) {
              return open
                .navigate(target.href)
                .then(function () {
                  return open && open.focus();
                })
                .catch(function () {
                  return worker.clients.openWindow(target.href);
                });
            }
            return worker.clients.openWindow(target.href);
          },
        ),
    );
  });
})();
