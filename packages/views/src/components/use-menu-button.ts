import { useCallback, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { InitialFocus } from './popup-menu';

/** What a menu button needs: its open state, the trigger's ARIA wiring and keys, and how the menu closes. */
export interface MenuButton {
  open: boolean;
  setOpen(open: boolean): void;
  /** Which item the menu focuses when it opens (the first for a keyboard click, the last for ArrowUp). */
  initialFocus: InitialFocus;
  menuId: string;
  trigger: React.RefObject<HTMLButtonElement | null>;
  /** Closes the menu; focus goes back to the trigger when the menu was left with the keyboard. */
  close(returnFocus: boolean): void;
  /** Spread on the trigger button. */
  triggerProps: {
    ref: React.RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick(event: MouseEvent<HTMLButtonElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  };
}

/**
 * The WAI-ARIA menu button pattern for a PopupMenu: a click toggles it (a keyboard click focuses the first
 * item), ArrowDown/ArrowUp open it on the first/last item.
 *
 * @example
 * const menu = useMenuButton();
 * <button type="button" {...menu.triggerProps}>More</button>
 * {menu.open && <PopupMenu id={menu.menuId} anchor={menu.trigger} initialFocus={menu.initialFocus} onClose={menu.close} … />}
 */
export function useMenuButton(): MenuButton {
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<InitialFocus>('menu');
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const show = (focus: InitialFocus) => {
    setInitialFocus(focus);
    setOpen(true);
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus({ preventScroll: true });
  }, []);
  return {
    open,
    setOpen,
    initialFocus,
    menuId,
    trigger,
    close,
    triggerProps: {
      ref: trigger,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: (event) => (open ? setOpen(false) : show(event.detail === 0 ? 'first' : 'menu')),
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        show(event.key === 'ArrowDown' ? 'first' : 'last');
      },
    },
  };
}
