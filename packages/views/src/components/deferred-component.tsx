/**
 * A component whose code is a dynamic import, for the few that <bi-chart> may show: React's lazy() and
 * Suspense do the same, but Preact has them only in its compat layer, which the <bi-chart> lite build leaves
 * out (rollup.config.mjs: its first load is budgeted, DESIGN.md "Performance budget").
 */
import { useEffect, useState, type ComponentType } from 'react';

/**
 * `load`'s component, rendered with the same props; `fallback` until it has arrived, and for good when the
 * download fails (offline, a deploy replaced the chunk). The import starts on first render and is shared
 * by every instance.
 *
 * @example
 * const Panel = deferredComponent(() => import('./error-panel').then((m) => m.ErrorPanel), ErrorMessageText);
 * <Panel error={error} />
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  return function DeferredComponent(props: P) {
    const [, arrived] = useState(0);
    useEffect(() => {
      if (loaded) return undefined;
      let live = true;
      loading ??= load().then(
        (component) => {
          loaded = component;
        },
        () => {
          loaded = fallback;
        },
      );
      void loading.then(() => live && arrived((count) => count + 1));
      return () => {
        live = false;
      };
    }, []);
    const Shown = loaded ?? fallback;
    return <Shown {...props} />;
  };
}
