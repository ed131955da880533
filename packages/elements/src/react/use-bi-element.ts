/**
 * The wiring the React components share: register the tag on first render (never at import, so SSR and
 * React Server Components can import the module), set properties and listen to events on the element.
 * Properties and listeners are set in a layout effect, which runs in the same commit that inserted the
 * element, before the element's own React root renders: its first requests already carry the guest token
 * (a passive effect would run after them, the false `bi-error NETWORK` of issue 15).
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { defineElement } from '../define-element';

// useLayoutEffect warns during a React 18 server render; the elements render only in the browser anyway.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** `fn` or undefined, by event name. */
export type ElementListeners = Record<string, ((event: CustomEvent) => void) | undefined>;

export interface BiElementWiring {
  tag: string;
  elementClass: () => CustomElementConstructor;
  /** Properties set on the element (functions and objects with no attribute). */
  properties: Record<string, unknown>;
  listeners: ElementListeners;
}

/**
 * @example
 * const ref = useBiElement<BiChartElement>({ tag: 'bi-chart', elementClass: chartElementClass, properties: { fetchGuestToken }, listeners: { 'bi-ready': onReady } });
 * return createElement('bi-chart', { ref, 'chart-id': chartId });
 */
export function useBiElement<E extends HTMLElement>({ tag, elementClass, properties, listeners }: BiElementWiring): RefObject<E | null> {
  defineElement(tag, elementClass);
  const ref = useRef<E | null>(null);
  // The latest handlers, read at dispatch: a new callback each render must not re-add listeners.
  const latest = useRef(listeners);
  latest.current = listeners;

  useClientLayoutEffect(() => {
    const element = ref.current as unknown as Record<string, unknown> | null;
    if (!element) return;
    for (const [name, value] of Object.entries(properties)) if (element[name] !== value) element[name] = value ?? null;
  });

  const names = Object.keys(listeners).sort().join(' ');
  useClientLayoutEffect(() => {
    const element = ref.current;
    if (!element || !names) return;
    const handle = (event: Event) => latest.current[event.type]?.(event as CustomEvent);
    const types = names.split(' ');
    for (const type of types) element.addEventListener(type, handle);
    return () => types.forEach((type) => element.removeEventListener(type, handle));
  }, [names]);
  return ref;
}
