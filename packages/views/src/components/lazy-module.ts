/**
 * Code a view needs only on first use (a tooltip's bubble, a calendar popover, edit mode), loaded then and
 * kept: out of the page's first load (issue 15: weight), and synchronous once loaded, so a piece shown a
 * second time renders at once, never behind a placeholder again (React.lazy suspends a component's first
 * render even when its chunk has arrived).
 */
import { useEffect, useRef, useState } from 'react';

export interface LazyModule<T> {
  /** The module, once loaded; null before. */
  get(): T | null;
  /** Loads it (once; again after a failure); resolves with it. */
  load(): Promise<T>;
}

/**
 * @example
 * const calendar = lazyModule(() => import('./calendar-popover'));
 * await calendar.load(); // preloads; calendar.get() answers it from now on
 */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get: () => loaded,
    load() {
      loading ??= load().then(
        (module) => (loaded = module),
        (failure: unknown) => {
          loading = null; // the next use tries again
          throw failure;
        },
      );
      return loading;
    },
  };
}

/**
 * The module if loaded, else null (show a placeholder), loading it while `wanted`; the component renders
 * again when it lands. `onError` hears a failed load.
 *
 * @example
 * const popover = useLazyModule(calendar, open);
 * {open && (popover ? <popover.CalendarPopover … /> : <Spinner label="Loading calendar" />)}
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean, onError?: (failure: unknown) => void): T | null {
  const [, setLanded] = useState(0);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const current = module.get();
  useEffect(() => {
    if (!wanted || current) return;
    let live = true;
    module.load().then(
      () => live && setLanded((count) => count + 1),
      (failure: unknown) => live && errorRef.current?.(failure),
    );
    return () => {
      live = false;
    };
  }, [module, wanted, current]);
  return current;
}
