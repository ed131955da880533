/**
 * The page's theme as a chart host sees it. Charts fit their series colours to the surface they are drawn on
 * (chartColorScale lifts colours that would sink into a dark surface), so the host resolves that surface's
 * colour where the chart sits (page theme, a shadow root, a host's own tokens) and draws again when it changes.
 */
import { DEFAULT_CHART_THEME, resolveCssColor } from '@lumen-bi/charts';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * The resolved surface colour under `host`, e.g. 'rgb(34, 39, 46)' in the dark theme.
 *
 * @example
 * plugin.transformProps({ ...input, surface: chartSurface(host) });
 */
export function chartSurface(host: HTMLElement): string {
  return resolveCssColor(host, DEFAULT_CHART_THEME.background);
}

/**
 * Calls `onChange` when the theme under `host` changes (light to dark, system mode following the OS, a host's
 * new tokens). CSS variables fire no event; every chart root has a 1 ms transition on its theme text colour
 * (BASE_CHART_CSS), and the transitionend it fires bubbles up to the host.
 *
 * @example
 * useChartThemeChange(hostRef, () => redraw());
 */
export function useChartThemeChange(hostRef: RefObject<HTMLElement | null>, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const listener = (event: Event) => {
      const target = event.target as Element | null;
      if ((event as TransitionEvent).propertyName === 'color' && target?.classList?.contains('bi-chart')) latest.current();
    };
    host.addEventListener('transitionend', listener);
    return () => host.removeEventListener('transitionend', listener);
  }, [hostRef]);
}
