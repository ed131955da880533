import { msg } from '@lumen-bi/core';
import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import type { CurrentUser } from '../session/current-user';
import { isPlainLeftClick } from './link-click';
import { usePopupMenu } from './use-popup-menu';

/**
 * The Settings menu's entries (the incumbent's addresses), each with the view whose can_read its list needs;
 * labels are English source texts, translated where they are shown.
 */
export const SETTINGS_ITEMS: readonly { label: string; href: string; view: string }[] = [
  { label: msg('List Users'), href: '/users/list/', view: 'User' },
  { label: msg('List Roles'), href: '/roles/list/', view: 'Role' },
  { label: msg('Row Level Security'), href: '/rowlevelsecurity/list/', view: 'Row Level Security' },
];

/** True for the Admin role, or any role holding can_read on `view`. */
function canRead(user: Pick<CurrentUser, 'roles'>, view: string): boolean {
  return Object.entries(user.roles ?? {}).some(([name, pairs]) => name === 'Admin' || pairs.some(([perm, v]) => perm === 'can_read' && v === view));
}

/**
 * True for users who manage accounts: the Admin role, or any role holding can_read on User. The server
 * enforces the same pairs; this only decides whether the menu is offered.
 */
export const canManageUsers = (user: Pick<CurrentUser, 'roles'>): boolean => canRead(user, 'User');

/** The entries a user may open: a helpdesk role reading users does not see List Roles unless it reads roles too. */
export const settingsItemsFor = (user: Pick<CurrentUser, 'roles'>) => SETTINGS_ITEMS.filter((item) => canRead(user, item.view));

export interface SettingsMenuProps {
  onNavigate?: (href: string) => void;
  /** The entries to offer; all of them by default. */
  items?: readonly { label: string; href: string }[];
}

/**
 * The top navigation's Settings button and its menu of admin screens. Closes on Escape, a click elsewhere
 * or a choice.
 */
export function SettingsMenu({ onNavigate, items = SETTINGS_ITEMS }: SettingsMenuProps) {
  const { t } = useTranslation();
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
        {t('Settings')}
      </button>
      {open && (
        <div className="bi-user-menu__popup" id={menuId} role="menu" aria-label={t('Settings')}>
          {items.map((item) => (
            <a key={item.href} className="bi-user-menu__item" role="menuitem" href={item.href} onClick={follow(item.href)}>
              {t(item.label)}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
