// @ts-check
/*
 * The salon's booking page on another website (docs/web.md, "Embedding the booking page"):
 *
 *   <script src="https://salon.example/embed.js" defer></script>
 *   <div data-salon-booking></div>                          an iframe of /book?embed=1, as tall as its content
 *   <iframe data-salon-booking src="https://salon.example/book?embed=1&services=3" title="…"></iframe>
 *   <a href="https://salon.example/book" data-salon-book-button>Book</a>   opens it in a dialog
 *
 * Without this script the link stays a link and the iframe keeps its own height. The script
 * listens only to its own salon's frames (their origin and window), takes from them a height
 * and nothing else, and sets styles through the DOM only (no <style>, no inline script), so a
 * host page's strict Content-Security-Policy allows it. Plain ES2017, no build step.
 */
(function () {
  'use strict';
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var dutch = /^nl\b/i.test(document.documentElement.lang);
  var TEXT = dutch ? { title: 'Afspraak maken', close: 'Sluiten' } : { title: 'Book an appointment', close: 'Close' };
  /** @type {HTMLIFrameElement[]} */
  var frames = [];

  /** The embedded booking page at `href` (the salon's /book by default), with `embed=1` and the host page's language. */
  function embedUrl(/** @type {string | null} */ href) {
    var url = new URL(href || '/book', origin);
    if (url.origin !== origin) url = new URL('/book', origin);
    url.searchParams.set('embed', '1');
    var lang = document.documentElement.lang.slice(0, 2).toLowerCase();
    if (!url.searchParams.has('lang') && (lang === 'en' || lang === 'nl')) url.searchParams.set('lang', lang);
    return url.href;
  }

  function fit(/** @type {HTMLIFrameElement} */ frame) {
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.border = '0';
    if (!frame.style.height) frame.style.height = '40rem';
    if (!frame.title) frame.title = TEXT.title;
    frames.push(frame);
  }

  function makeFrame(/** @type {string} */ src) {
    var frame = document.createElement('iframe');
    frame.src = src;
    fit(frame);
    return frame;
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || !event.data || typeof event.data !== 'object') return;
    var data = event.data;
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (!frame || frame.contentWindow !== event.source) continue;
      if (data.type === 'salon:resize' && typeof data.height === 'number' && data.height > 0 && data.height < 1e5) {
        frame.style.height = Math.ceil(data.height) + 'px';
      } else if (data.type === 'salon:escape') {
        var dialog = frame.closest('dialog');
        if (dialog && dialog.open) dialog.close();
      } else if (data.type === 'salon:booked') {
        // For the host page's own use (a thank-you, a counter): nothing about who booked.
        frame.dispatchEvent(new CustomEvent('salon:booked', { bubbles: true }));
      }
    }
  });

  /** A link to the booking page becomes a button that opens it in a modal dialog. */
  function enhanceButton(/** @type {HTMLAnchorElement} */ link) {
    /** @type {HTMLDialogElement | null} */
    var dialog = null;
    var label = (link.textContent || '').trim() || TEXT.title;
    function open() {
      if (!dialog) {
        dialog = document.createElement('dialog');
        dialog.setAttribute('aria-label', label);
        var style = dialog.style;
        style.width = '46rem';
        style.padding = '0';
        style.border = '0';
        style.borderRadius = '8px';
        var close = document.createElement('button');
        close.type = 'button';
        close.textContent = TEXT.close;
        close.style.margin = '0.5rem';
        close.style.minHeight = '44px';
        close.style.float = 'right';
        close.addEventListener('click', function () {
          if (dialog) dialog.close();
        });
        var frame = makeFrame(embedUrl(link.href));
        frame.title = label;
        frame.style.clear = 'both';
        dialog.append(close, frame);
        // A click on the backdrop (outside the dialog's box) closes it too.
        dialog.addEventListener('click', function (event) {
          if (dialog && event.target === dialog) dialog.close();
        });
        dialog.addEventListener('close', function () {
          link.focus();
        });
        document.body.append(dialog);
      }
      dialog.showModal();
    }
    link.setAttribute('role', 'button');
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', function (event) {
      // A middle click, or one with a modifier, still opens the page in a new tab or window.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open();
    });
    link.addEventListener('keydown', function (event) {
      // A button answers the space bar too (a link only Enter, which arrives as a click).
      if (event.key !== ' ') return;
      event.preventDefault();
      open();
    });
  }

  function ours(/** @type {string} */ href) {
    try {
      return new URL(href, document.baseURI).origin === origin;
    } catch (_error) {
      return false;
    }
  }

  function start() {
    document.querySelectorAll('[data-salon-booking]:not([data-salon-ready])').forEach(function (element) {
      element.setAttribute('data-salon-ready', '');
      if (element instanceof HTMLIFrameElement) {
        if (!ours(element.src)) return;
        if (new URL(element.src).searchParams.get('embed') !== '1') element.src = embedUrl(element.src);
        fit(element);
      } else {
        var query = element.getAttribute('data-salon-booking');
        element.append(makeFrame(embedUrl(query ? '/book?' + query.replace(/^\?/, '') : null)));
      }
    });
    document.querySelectorAll('a[data-salon-book-button]:not([data-salon-ready])').forEach(function (link) {
      link.setAttribute('data-salon-ready', '');
      if (link instanceof HTMLAnchorElement && ours(link.href)) enhanceButton(link);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
