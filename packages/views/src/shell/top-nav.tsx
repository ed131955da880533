import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import { isPlainLeftClick } from './link-click';
import { isNavItemActive, NAV_ITEMS, type NavItem } from './nav-items';
import { NavMenuButton } from './nav-menu-button';
import { NAV_COLLAPSE_WIDTH } from './shell-styles';
import { useMediaQuery } from './use-media-query';

export interface TopNavProps {
  /** The current location's pathname, to mark the current page. */
  pathname: string;
  /** In-app navigation; without it links do full page loads. */
  onNavigate?: (href: string) => void;
  items?: readonly NavItem[];
  /** Shown at the right end of the bar (the user menu). */
  children?: ReactNode;
}

/**
 * The app's top navigation bar: brand, one link per main screen (one menu button instead when the bar is
 * narrow), then `children`.
 *
 * @example
 * <TopNav pathname="/chart/list/" onNavigate={navigate}><UserMenu user={user} /></TopNav>
 */
export function TopNav({ pathname, onNavigate, items = NAV_ITEMS, children }: TopNavProps) {
  const { t } = useTranslation();
  // Too narrow for every link next to the '+' menu, Settings and the user menu: one Menu button instead.
  const narrow = useMediaQuery(`(max-width: ${NAV_COLLAPSE_WIDTH}px)`);
  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <header className="bi-topnav">
      <a className="bi-topnav__brand" href={items[0]?.href ?? '/'} onClick={follow(items[0]?.href ?? '/')}>
        Lumen BI
      </a>
      {narrow ? (
        <NavMenuButton items={items} pathname={pathname} onNavigate={onNavigate} />
      ) : (
        <nav className="bi-topnav__links" aria-label={t('Main')}>
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <a
                key={item.href}
                className={active ? 'bi-topnav__link bi-topnav__link--active' : 'bi-topnav__link'}
                href={item.href}
                aria-current={active ? 'page' : undefined}
                onClick={follow(item.href)}
              >
                {t(item.label)}
              </a>
            );
          })}
        </nav>
      )}
      <div className="bi-topnav__end">{children}</div>
    </header>
  );
}
