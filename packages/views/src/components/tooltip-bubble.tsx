/**
 * The shown tooltip's bubble, in a portal and placed against its trigger: loaded with the first tooltip a
 * viewer brings up (tooltip.tsx), so a page's first load carries only the triggers' wiring (issue 15: weight).
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Portal } from './portal';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
const GAP = 6;
const MARGIN = 8;

/** Puts the tooltip centred above the trigger, below it when there is no room above, inside the window. */
function place(tip: HTMLElement, trigger: HTMLElement) {
  const view = tip.ownerDocument.defaultView;
  if (!view) return;
  const box = trigger.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = tip;
  const top = box.top - GAP - height >= MARGIN ? box.top - GAP - height : box.bottom + GAP;
  const left = Math.min(Math.max(MARGIN, box.left + box.width / 2 - width / 2), view.innerWidth - width - MARGIN);
  tip.style.top = `${top}px`;
  tip.style.left = `${Math.max(MARGIN, left)}px`;
  tip.style.visibility = 'visible';
}

export interface TooltipBubbleProps {
  id: string;
  trigger: HTMLElement | null;
  onEscape(): void;
  onPointerOver(): void;
  onPointerOut(): void;
  children: ReactNode;
}

/**
 * The shown tooltip at the top of the page (a portal: no card or panel clips it).
 *
 * @example
 * {open && <ShownTooltip id={id} trigger={button} onEscape={hide} onPointerOver={show} onPointerOut={hideSoon}>Drag to move</ShownTooltip>}
 */
export function ShownTooltip(props: TooltipBubbleProps) {
  return (
    <Portal>
      <TooltipBubble {...props} />
    </Portal>
  );
}

/** The shown tooltip: placed against its trigger once it is on the page, hidden by Escape. */
function TooltipBubble({ id, trigger, onEscape, onPointerOver, onPointerOut, children }: TooltipBubbleProps) {
  const tip = useRef<HTMLDivElement>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useIsomorphicLayoutEffect(() => {
    if (!tip.current || !trigger) return;
    place(tip.current, trigger);
    const doc = trigger.ownerDocument;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Captured first and marked handled: this Escape hides the tooltip, not the dialog around it.
      event.preventDefault();
      escape.current();
    };
    doc.addEventListener('keydown', onKey, true);
    return () => doc.removeEventListener('keydown', onKey, true);
  }, [trigger]);
  return (
    <div ref={tip} id={id} role="tooltip" className="bi-tooltip-bubble" style={{ top: 0, left: 0, visibility: 'hidden' }} onMouseEnter={onPointerOver} onMouseLeave={onPointerOut}>
      {children}
    </div>
  );
}
