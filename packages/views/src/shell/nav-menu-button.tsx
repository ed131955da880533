import { PopupMenu } from '../components/popup-menu';
import { useMenuButton } from '../components/use-menu-button';
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
  const { open, setOpen, initialFocus, menuId, trigger, close, triggerProps } = useMenuButton();
  const current = items.find((item) => isNavItemActive(item, pathname));
  const go = (href: string) => {
    setOpen(false);
    if (onNavigate) onNavigate(href);
    else window.location.assign(href);
  };
  return (
    <div className="bi-topnav__collapsed">
      <button type="button" className="bi-user-menu__button" aria-label={`Menu${current ? `, current page ${current.label}` : ''}`} {...triggerProps}>
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
            onClose={close}
          />
        </Portal>
      )}
    </div>
  );
}
