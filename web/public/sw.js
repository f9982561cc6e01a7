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
 * - activate: the caches of earlier versions removed.
 *
 * No personal data is kept here: the agenda kept offline lives in the page's IndexedDB,
 * which signing out erases.
 */

/**
 * @typedef {{ version: string, precache: string[], pages: string[] }} OfficeFiles
 * @typedef {{ waitUntil(promise: Promise<unknown>): void }} ExtendableEvent
 * @typedef {ExtendableEvent & { request: Request, respondWith(response: Promise<Response>): void }} FetchEvent
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
})();
