import type { MouseEvent } from 'react';
import type { CurrentUser } from '../session/current-user';
import { isPlainLeftClick } from './link-click';
import { usePopupMenu } from './use-popup-menu';

/** The Settings menu's entries (the incumbent's addresses). */
export const SETTINGS_ITEMS: readonly { label: string; href: string }[] = [
  { label: 'List Users', href: '/users/list/' },
  { label: 'List Roles', href: '/roles/list/' },
  { label: 'Row Level Security', href: '/rowlevelsecurity/list/' },
];

/**
 * True for users who manage accounts: the Admin role, or any role holding can_read on User. The server
 * enforces the same pairs; this only decides whether the menu is offered.
 */
export function canManageUsers(user: Pick<CurrentUser, 'roles'>): boolean {
  return Object.entries(user.roles ?? {}).some(([name, pairs]) => name === 'Admin' || pairs.some(([perm, view]) => perm === 'can_read' && view === 'User'));
}

export interface SettingsMenuProps {
  onNavigate?: (href: string) => void;
}

/**
 * The top navigation's Settings button and its menu of admin screens. Closes on Escape, a click elsewhere
 * or a choice.
 */
export function SettingsMenu({ onNavigate }: SettingsMenuProps) {
  const { open, setOpen, root, menuId } = usePopupMenu();

  const follow = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    if (!onNavigate || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate(href);
  };

  return (
    <div className="bi-user-menu" ref={root}>
      <button type="button" className="bi-user-menu__button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        Settings
      </button>
      {open && (
        <div className="bi-user-menu__popup" id={menuId} role="menu" aria-label="Settings">
          {SETTINGS_ITEMS.map((item) => (
            <a key={item.href} className="bi-user-menu__item" role="menuitem" href={item.href} onClick={follow(item.href)}>
              {item.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
