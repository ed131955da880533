import { type ComponentType, useEffect, useState } from 'react';

/**
 * A page component that lives in its own chunk. Unlike React.lazy, the chunk can be requested before the
 * page renders (the app starts it while `/api/v1/me/` is still loading) and, once loaded, the component is
 * rendered directly: no Suspense boundary, so React's 300 ms fallback-reveal throttle never delays a page.
 */
export interface PageLoader<P extends object = object> {
  /** Starts loading (once); resolves with the component. */
  preload(): Promise<ComponentType<P>>;
  /** The component when loaded, else null. */
  readonly current: ComponentType<P> | null;
}

export function pageLoader<P extends object = object>(load: () => Promise<ComponentType<P>>): PageLoader<P> {
  let current: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    preload() {
      pending ??= load().then(
        (component) => (current = component),
        (error: unknown) => {
          // Allow a retry after a failed chunk load (a deploy replaced the files, a network blip).
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get current() {
      return current;
    },
  };
}

export type PageState<P extends object> = { status: 'loading' } | { status: 'ready'; Page: ComponentType<P> } | { status: 'failed'; retry: () => void };

/** The loaded page of `loader` (null loader: nothing to load), re-rendering when its chunk arrives. */
export function usePageLoader<P extends object>(loader: PageLoader<P> | null): PageState<P> {
  const [, setTick] = useState(0);
  const [failed, setFailed] = useState<PageLoader<P> | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!loader || loader.current) return;
    let live = true;
    loader.preload().then(
      () => live && setTick((n) => n + 1),
      () => live && setFailed(loader),
    );
    return () => {
      live = false;
    };
  }, [loader, attempt]);
  if (loader?.current) return { status: 'ready', Page: loader.current };
  if (loader && failed === loader) {
    return {
      status: 'failed',
      retry: () => {
        setFailed(null);
        setAttempt((n) => n + 1);
      },
    };
  }
  return { status: 'loading' };
}
