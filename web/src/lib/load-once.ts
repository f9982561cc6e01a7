/**
 * A chunk's loader that fetches once however many ask: the office starts a page's chunk from
 * its address before React asks for it (`preloadOfficePage` in app/office-pages.ts), and `lazy()` must then get the
 * same promise rather than a second request. A failed load is forgotten, so the next call (a
 * retry after a network error) fetches again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
}

/** Whether `path` is `prefix` or below it, segment by segment (`/till` holds `/till/x`, not `/tills`). */
export function isAtOrBelow(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}
