/**
 * The Fullscreen API on one element, for the dashboard's "Enter full screen". The element may live in a
 * shadow root (<bi-dashboard>): there the shadow root, not the document, names the fullscreen element.
 */
import { useEffect, useRef, useState } from 'react';

/** Whether `element` is the fullscreen element of its document or shadow root. */
export function isFullscreen(element: Element | null): boolean {
  if (!element) return false;
  const root = element.getRootNode() as Document | ShadowRoot;
  return root.fullscreenElement === element;
}

/** The browser allows full screen here (not, say, in an iframe without allow="fullscreen"). */
export const fullscreenSupported = (): boolean => typeof document !== 'undefined' && document.fullscreenEnabled === true;

export interface Fullscreen {
  supported: boolean;
  /** The element is in full screen now: follows `fullscreenchange`, whoever caused it (Escape included). */
  active: boolean;
  toggle(): Promise<void>;
}

/**
 * @example
 * const fullscreen = useFullscreen(() => buttonRef.current?.closest('.bi-dash') ?? null);
 * fullscreen.supported && <button onClick={() => void fullscreen.toggle()}>{fullscreen.active ? 'Exit full screen' : 'Enter full screen'}</button>
 */
export function useFullscreen(target: () => HTMLElement | null): Fullscreen {
  const [active, setActive] = useState(false);
  const supported = fullscreenSupported();
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    if (!supported) return;
    // Fired on the document (and bubbling out of shadow roots) for every change, including the browser's own exit.
    const onChange = () => setActive(isFullscreen(targetRef.current()));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [supported]);
  return {
    supported,
    active,
    async toggle() {
      const element = targetRef.current();
      if (!element) throw new Error('The dashboard is no longer on the page');
      if (isFullscreen(element)) await element.ownerDocument.exitFullscreen();
      else await element.requestFullscreen();
    },
  };
}
