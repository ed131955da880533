import { useId, useRef, useState } from 'react';
import { type InitialFocus, PopupMenu } from '../components/popup-menu';
import { Portal } from '../components/portal';
import { isNavItemActive, type NavItem } from './nav-items';

export interface NavMenuButtonProps {
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: (href: string) => void;
}

/**
 * The main navigation folded into one menu button, shown instead of the links when the bar is too narrow
 * for them (TopNav switches between the two), so every screen stays one click away at 800 px.
 * The button names the current page; the menu is the shared keyboard-accessible PopupMenu.
 *
 * @example
 * <NavMenuButton items={NAV_ITEMS} pathname="/chart/list/" onNavigate={navigate} />
 */
export function NavMenuButton({ items, pathname, onNavigate }: NavMenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<InitialFocus>('menu');
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const current = items.find((item) => isNavItemActive(item, pathname));
  const show = (focus: InitialFocus) => {
    setInitialFocus(focus);
    setOpen(true);
  };
  const go = (href: string) => {
    setOpen(false);
    if (onNavigate) onNavigate(href);
    else window.location.assign(href);
  };
  return (
    <div className="bi-topnav__collapsed">
      <button
        ref={trigger}
        type="button"
        className="bi-user-menu__button"
        aria-label={`Menu${current ? `, current page ${current.label}` : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => (open ? setOpen(false) : show(event.detail === 0 ? 'first' : 'menu'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        Menu{current ? `: ${current.label}` : ''}
      </button>
      {open && (
        <Portal>
          <PopupMenu
            id={menuId}
            label="Main"
            items={items.map((item) => ({ label: item.label, onSelect: () => go(item.href) }))}
            anchor={trigger}
            initialFocus={initialFocus}
            onClose={(returnFocus) => {
              setOpen(false);
              if (returnFocus) trigger.current?.focus();
            }}
          />
        </Portal>
      )}
    </div>
  );
}
