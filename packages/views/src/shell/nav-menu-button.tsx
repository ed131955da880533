import { PopupMenu } from '../components/popup-menu';
import { useMenuButton } from '../components/use-menu-button';
import { Portal } from '../components/portal';
import { useTranslation } from '../i18n/locale-provider';
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
  const { t } = useTranslation();
  const { open, setOpen, initialFocus, menuId, trigger, close, triggerProps } = useMenuButton();
  const found = items.find((item) => isNavItemActive(item, pathname));
  const current = found && t(found.label);
  const go = (href: string) => {
    setOpen(false);
    if (onNavigate) onNavigate(href);
    else window.location.assign(href);
  };
  return (
    <div className="bi-topnav__collapsed">
      <button type="button" className="bi-user-menu__button" aria-label={current ? t('Menu, current page {page}', { page: current }) : t('Menu')} {...triggerProps}>
        {current ? t('Menu: {page}', { page: current }) : t('Menu')}
      </button>
      {open && (
        <Portal>
          <PopupMenu
            id={menuId}
            label={t('Main')}
            items={items.map((item) => ({ label: t(item.label), onSelect: () => go(item.href) }))}
            anchor={trigger}
            initialFocus={initialFocus}
            onClose={close}
          />
        </Portal>
      )}
    </div>
  );
}
