import type { MouseEvent } from 'react';
import { displayName, type CurrentUser } from '../session/current-user';
import { useThemeMode } from '../theme/theme-preference';
import type { ThemeMode } from '../theme/theme-tokens';
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
}

/** The theme choices of the menu, by the spec's theme modes. */
export const THEME_CHOICES: readonly { mode: ThemeMode; label: string }[] = [
  { mode: 'default', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System' },
];

/**
 * A button showing the user's name that opens a menu with their Profile, the Theme choice (Light, Dark,
 * System; remembered in this browser, and by the server when onThemeModeChange keeps it there) and Logout. Closes on Escape or a click elsewhere.
 *
 * @example
 * <UserMenu user={user} />
 */
export function UserMenu({ user, logoutHref = '/logout/', onNavigate, onThemeModeChange }: UserMenuProps) {
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
        <div className="bi-user-menu__popup" id={menuId} role="menu" aria-label={`User menu for ${name}`}>
          {user.email && <div className="bi-user-menu__email">{user.email}</div>}
          <a className="bi-user-menu__item" role="menuitem" href={PROFILE_HREF} onClick={openProfile}>
            Profile
          </a>
          <div className="bi-user-menu__group" role="group" aria-labelledby={`${menuId}-theme`}>
            <div className="bi-user-menu__heading" id={`${menuId}-theme`}>
              Theme
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
                {label}
              </button>
            ))}
          </div>
          <a className="bi-user-menu__item" role="menuitem" href={logoutHref}>
            Logout
          </a>
        </div>
      )}
    </div>
  );
}
