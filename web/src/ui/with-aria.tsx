import type { ComponentType } from 'react';

/** React Aria's providers, a chunk of their own (with React Aria) that the booking page's first screen does without. */
export const loadAria = () => import('./AriaProviders');

/**
 * A lazily loaded component inside React Aria's providers (AriaProviders.tsx), which load
 * alongside it: for `lazy(withAria(() => import('./Page')))`.
 */
export function withAria<T extends { default: ComponentType<never> }>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [loaded, { AriaProviders }] = await Promise.all([load(), loadAria()]);
    // Its props passed through untouched: the type stays the loaded component's.
    const Inner = loaded.default as ComponentType<object>;
    function WithAria(props: object) {
      return (
        <AriaProviders>
          <Inner {...props} />
        </AriaProviders>
      );
    }
    return { ...loaded, default: WithAria };
  };
}
