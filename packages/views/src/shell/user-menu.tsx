import { msg } from '@lumen-bi/core';
import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import { displayName, type CurrentUser } from '../session/current-user';
import { useThemeMode } from '../theme/theme-preference';
import type { ThemeMode } from '../theme/theme-tokens';
import { LanguageGroup } from './language-group';
import { isPlainLeftClick } from './link-click';
import { usePopupMenu } from './use-popup-menu';

/** The user's own page (the incumbent's address). */
export const PROFILE_HREF = '/user_info/';

export interface UserMenuProps {
  user: Pick<CurrentUser, 'username' | 'first_name' | 'last_name' | 'email'>;
  /** Where Logout goes; a full page load, because the server ends the session and redirects. */
  logoutHref?: string;
  /** In-app navigation for Profile; without it the link does a full page load. */
  onNavigate?: (href: string) => void;
  /** Told of each theme choice after it is applied, e.g. to keep it on the server (theme/server-theme-mode.ts). */
  onThemeModeChange?: (mode: ThemeMode) => void;
  /** The language the app is drawn in (`pt_BR` spelling); English when absent. */
  locale?: string;
  /** Offers the Language choice and is told of each choice (app-shell.tsx keeps it on the server and redraws). */
  onLocaleChange?: (locale: string) => void;
}

/** The theme choices of the menu, by the spec's theme modes. */
export const THEME_CHOICES: readonly { mode: ThemeMode; label: string }[] = [
  { mode: 'default', label: msg('Light') },
  { mode: 'dark', label: msg('Dark') },
  { mode: 'system', label: msg('System') },
];

/**
 * A button showing the user's name that opens a menu with their Profile, the Theme choice (Light, Dark,
 * System; remembered in this browser, and by the server when onThemeModeChange keeps it there), the Language
 * choice when onLocaleChange is given, and Logout. Closes on Escape or a click elsewhere.
 *
 * @example
 * <UserMenu user={user} />
 */
export function UserMenu({ user, logoutHref = '/logout/', onNavigate, onThemeModeChange, locale = 'en', onLocaleChange }: UserMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, root, menuId } = usePopupMenu();
  const [themeMode, setThemeMode] = useThemeMode();
  const openProfile = (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    if (!onNavigate || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate(PROFILE_HREF);
  };

  const name = displayName(user);
  return (
    <div className="bi-user-menu" ref={root}>
      <button
        type="button"
        className="bi-user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
      </button>
      {open && (
        <div className="bi-user-menu__popup" id={menuId} role="menu" aria-label={t('User menu for {name}', { name })}>
          {user.email && <div className="bi-user-menu__email">{user.email}</div>}
          <a className="bi-user-menu__item" role="menuitem" href={PROFILE_HREF} onClick={openProfile}>
            {t('Profile')}
          </a>
          <div className="bi-user-menu__group" role="group" aria-labelledby={`${menuId}-theme`}>
            <div className="bi-user-menu__heading" id={`${menuId}-theme`}>
              {t('Theme')}
            </div>
            {THEME_CHOICES.map(({ mode, label }) => (
              <button
                key={mode}
                type="button"
                className="bi-user-menu__item bi-user-menu__choice"
                role="menuitemradio"
                aria-checked={themeMode === mode}
                onClick={() => {
                  setThemeMode(mode);
                  onThemeModeChange?.(mode);
                }}
              >
                {t(label)}
              </button>
            ))}
          </div>
          {onLocaleChange && <LanguageGroup menuId={menuId} locale={locale} onChange={onLocaleChange} />}
          <a className="bi-user-menu__item" role="menuitem" href={logoutHref}>
            {t('Logout')}
          </a>
        </div>
      )}
    </div>
  );
}
