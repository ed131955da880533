import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** An entry of a PopupMenu: an action, or a link when it has an href. */
export interface MenuItem {
  label: string;
  onSelect?(): void;
  href?: string;
  disabled?: boolean;
}

/** Where focus goes when the menu opens: its first or last item (keyboard), or the menu itself (pointer). */
export type InitialFocus = 'first' | 'last' | 'menu';

export interface PopupMenuProps {
  id?: string;
  /** Accessible name of the menu. */
  label: string;
  items: MenuItem[];
  /** The button that opened the menu: the menu is placed under it (above when there is no room below). */
  anchor: RefObject<HTMLElement | null>;
  initialFocus?: InitialFocus;
  /** Called on Escape, Tab, a press outside the menu and its button, and after an item is chosen. */
  onClose(returnFocus: boolean): void;
}

const GAP = 4;
const MARGIN = 8;

/** Puts the fixed-position menu under the anchor's right edge, flipped above or shifted to stay on screen. */
function place(menu: HTMLElement, anchor: HTMLElement) {
  const view = menu.ownerDocument.defaultView;
  if (!view) return;
  const box = anchor.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = menu;
  let top = box.bottom + GAP;
  if (top + height > view.innerHeight - MARGIN && box.top - GAP - height >= MARGIN) top = box.top - GAP - height;
  const left = Math.min(Math.max(MARGIN, box.right - width), view.innerWidth - width - MARGIN);
  menu.style.top = `${Math.max(MARGIN, top)}px`;
  menu.style.left = `${Math.max(MARGIN, left)}px`;
  menu.style.visibility = 'visible';
}

/**
 * A menu opened by a button (WAI-ARIA menu button): `menu` and `menuitem` roles, Arrow keys, Home and End
 * move between items, Enter or Space chooses one, Escape closes and returns focus to the button, Tab and a
 * press outside close it. Render it in a Portal so no overflow clips it; it follows its button on scroll
 * and resize.
 *
 * @example
 * {open && <Portal><PopupMenu label="Chart options" items={items} anchor={buttonRef} onClose={close} /></Portal>}
 */
export function PopupMenu({ id, label, items, anchor, initialFocus = 'menu', onClose }: PopupMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const itemsOf = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

  useIsomorphicLayoutEffect(() => {
    const element = menu.current;
    const button = anchor.current;
    if (!element || !button) return;
    place(element, button);
    const stops = itemsOf();
    if (initialFocus === 'first') stops[0]?.focus();
    else if (initialFocus === 'last') stops[stops.length - 1]?.focus();
    else element.focus({ preventScroll: true });

    const doc = element.ownerDocument;
    const view = doc.defaultView!;
    const follow = () => place(element, button);
    const onPointerDown = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(element) && !path.includes(button)) closeRef.current(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        closeRef.current(true);
      }
    };
    doc.addEventListener('pointerdown', onPointerDown, true);
    doc.addEventListener('keydown', onKey);
    view.addEventListener('resize', follow);
    view.addEventListener('scroll', follow, true);
    return () => {
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('keydown', onKey);
      view.removeEventListener('resize', follow);
      view.removeEventListener('scroll', follow, true);
    };
    // Placed and focused once, when the menu opens.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const stops = itemsOf();
    if (stops.length === 0) return;
    const root = menu.current!.getRootNode() as Document | ShadowRoot;
    const index = stops.indexOf(root.activeElement as HTMLElement);
    const go = (next: number) => {
      event.preventDefault();
      stops[(next + stops.length) % stops.length].focus();
    };
    if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowUp') go(index < 0 ? stops.length - 1 : index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(stops.length - 1);
    else if (event.key === 'Tab') {
      event.preventDefault();
      closeRef.current(true);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: the next item starting with the typed letter.
      const letter = event.key.toLowerCase();
      const order = [...stops.slice(index + 1), ...stops.slice(0, index + 1)];
      const match = order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
      if (match) {
        event.preventDefault();
        match.focus();
      }
    }
  };

  return (
    <div ref={menu} id={id} className="bi-menu" role="menu" aria-label={label} tabIndex={-1} style={{ top: 0, left: 0, visibility: 'hidden' }} onKeyDown={onKeyDown}>
      {items.map((item) =>
        item.href ? (
          <a key={item.label} className="bi-menu__item" role="menuitem" tabIndex={-1} href={item.href} onClick={() => closeRef.current(false)}>
            {item.label}
          </a>
        ) : (
          <button
            key={item.label}
            type="button"
            className="bi-menu__item"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            onClick={() => {
              if (item.disabled) return;
              item.onSelect?.();
            }}
          >
            {item.label}
          </button>
        ),
      )}
    </div>
  );
}
