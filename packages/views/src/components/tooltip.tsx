import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Portal } from './portal';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
const GAP = 6;
const MARGIN = 8;
const HIDE_DELAY_MS = 150;

/** The trigger's own props the tooltip adds to (its handlers still run). */
interface TriggerProps {
  'aria-describedby'?: string;
  onMouseEnter?(event: unknown): void;
  onMouseLeave?(event: unknown): void;
  onFocus?(event: unknown): void;
  onBlur?(event: unknown): void;
}

export interface TooltipProps {
  /** What the tooltip says: short text that describes (never replaces) the trigger's accessible name. */
  content: ReactNode;
  /** One focusable element (a button, a link, or an element with tabIndex 0): it gets aria-describedby. */
  children: ReactElement<TriggerProps>;
}

/** A handler running the trigger's own handler (if any), then the tooltip's. */
const after =
  (own: ((event: unknown) => void) | undefined, then: () => void) =>
  (event: unknown): void => {
    own?.(event);
    then();
  };

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

/**
 * A tooltip (WAI-ARIA tooltip pattern) for a control whose meaning an icon or a short label leaves
 * open: shown while the pointer is over the trigger or the trigger has keyboard focus, hidden by
 * Escape, rendered in a portal (no card or panel clips it) and linked with aria-describedby, so screen
 * readers read it after the control's name. Replaces title=, which keyboard and touch users never see.
 *
 * @example
 * <Tooltip content="Drag to move"><button aria-label="Drag chart">…</button></Tooltip>
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  // The pointer may cross the gap to the bubble and rest on it (WCAG 1.4.13 hoverable): entering the
  // bubble cancels the close.
  const hideSoon = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(closing.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(closing.current), []);
  const own = children.props;
  // Handlers go on the trigger itself: focus events do not bubble to a wrapper under Preact (the lite
  // elements build), where onFocus is the native non-bubbling event.
  const trigger = cloneElement(children, {
    'aria-describedby': [own['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
    onMouseEnter: after(own.onMouseEnter, show),
    onMouseLeave: after(own.onMouseLeave, hideSoon),
    onFocus: after(own.onFocus, show),
    onBlur: after(own.onBlur, hide),
  });
  return (
    <span ref={anchor} className="bi-tooltip-anchor">
      {trigger}
      {open && (
        <Portal>
          <TooltipBubble id={id} trigger={anchor.current?.firstElementChild as HTMLElement | null} onEscape={hide} onPointerOver={show} onPointerOut={hideSoon}>
            {content}
          </TooltipBubble>
        </Portal>
      )}
    </span>
  );
}

interface TooltipBubbleProps {
  id: string;
  trigger: HTMLElement | null;
  onEscape(): void;
  onPointerOver(): void;
  onPointerOut(): void;
  children: ReactNode;
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
