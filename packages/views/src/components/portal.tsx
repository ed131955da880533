import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A layout effect in the browser, a plain effect where there is no DOM (server rendering never runs either). */
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The theme in force where `node` sits: the nearest `data-bi-theme` up the tree, crossing shadow roots to
 * their hosts, or the host element's own `theme` / `theme-mode` attribute (the custom elements), so
 * content moved to the top of the page keeps the colours of the place it was opened from.
 */
export function themeAt(node: Node): string | null {
  let current: Node | null = node;
  while (current) {
    if (current instanceof Element) {
      const theme = current.getAttribute('data-bi-theme');
      if (theme) return theme;
      if (current.getAttribute('theme-mode') === 'dark') return 'dark';
    }
    current = current.nodeType === 11 && 'host' in current ? (current as ShadowRoot).host : current.parentNode;
  }
  return null;
}

/**
 * Where overlays of `anchor` go: its shadow root when it lives in one (the custom elements: their styles
 * and theme stay in force), otherwise the document's body.
 */
export function overlayRoot(anchor: Node): ShadowRoot | HTMLElement {
  const root = anchor.getRootNode();
  if (root.nodeType === 11 && 'host' in root) return root as ShadowRoot;
  return anchor.ownerDocument!.body;
}

export interface PortalProps {
  children?: ReactNode;
  /** Class of the container element appended to the overlay root. */
  className?: string;
}

/**
 * Renders its children at the top of the page (the document's body, or the shadow root the portal is
 * rendered in), above every stacking context and outside every overflow clip, carrying the theme of the
 * place it was rendered from. Renders nothing on the server and on the first client pass.
 *
 * @example
 * {open && <Portal><div className="bi-menu" role="menu">…</div></Portal>}
 */
export function Portal({ children, className = 'bi-portal' }: PortalProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useIsomorphicLayoutEffect(() => {
    const here = anchor.current;
    if (!here) return;
    const element = here.ownerDocument.createElement('div');
    element.className = className;
    const root = overlayRoot(here);
    // Only a theme that differs from the root's: re-declaring the same one would hide tokens a host set inline.
    const theme = themeAt(here);
    const rootTheme = themeAt(root);
    if (theme && theme !== rootTheme) element.setAttribute('data-bi-theme', theme);
    root.appendChild(element);
    setContainer(element);
    return () => {
      element.remove();
      setContainer(null);
    };
  }, [className]);
  return (
    <>
      <span ref={anchor} hidden data-bi-portal-anchor="" />
      {container && createPortal(children, container)}
    </>
  );
}
