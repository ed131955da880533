import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from './lazy-module';

const HIDE_DELAY_MS = 150;

/**
 * The bubble (its portal and placement) loads with the page's first tooltip shown, not with the page: a
 * dashboard's first paint shows none (issue 15: weight). `tooltipBubble.load()` preloads it.
 */
export const tooltipBubble = lazyModule(() => import('./tooltip-bubble'));

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

/**
 * A tooltip (WAI-ARIA tooltip pattern) for a control whose meaning an icon or a short label leaves
 * open: shown while the pointer is over the trigger or the trigger has keyboard focus, hidden by
 * Escape, rendered in a portal (no card or panel clips it) and linked with aria-describedby, so screen
 * readers read it after the control's name. Replaces title=, which keyboard and touch users never see.
 * The bubble's code (tooltip-bubble.tsx) loads when the page's first tooltip shows.
 *
 * @example
 * <Tooltip content="Drag to move"><button aria-label="Drag chart">…</button></Tooltip>
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  // The first tooltip of the page shows when its bubble's code (one small chunk) lands.
  const bubble = useLazyModule(tooltipBubble, open);
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
  // Described only while the bubble is on the page: the trigger never points at an id that is not there.
  const Shown = open ? bubble?.ShownTooltip : undefined;
  // Handlers go on the trigger itself: focus events do not bubble to a wrapper under Preact (the lite
  // elements build), where onFocus is the native non-bubbling event.
  const trigger = cloneElement(children, {
    'aria-describedby': [own['aria-describedby'], Shown ? id : undefined].filter(Boolean).join(' ') || undefined,
    onMouseEnter: after(own.onMouseEnter, show),
    onMouseLeave: after(own.onMouseLeave, hideSoon),
    onFocus: after(own.onFocus, show),
    onBlur: after(own.onBlur, hide),
  });
  return (
    <span ref={anchor} className="bi-tooltip-anchor">
      {trigger}
      {Shown && (
        <Shown id={id} trigger={anchor.current?.firstElementChild as HTMLElement | null} onEscape={hide} onPointerOver={show} onPointerOut={hideSoon}>
          {content}
        </Shown>
      )}
    </span>
  );
}
