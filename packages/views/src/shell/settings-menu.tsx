import { msg } from '@lumen-bi/core';
import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/locale-provider';
import type { CurrentUser } from '../session/current-user';
import { isPlainLeftClick } from './link-click';
import { usePopupMenu } from './use-popup-menu';

/** A Settings entry: its group heading, label (English source texts, translated where shown) and address. */
export interface SettingsItem {
  group: string;
  label: string;
  href: string;
}

/**
 * The Settings menu's entries (the incumbent's addresses and groups), each with the view whose can_read its
 * list needs.
 */
export const SETTINGS_ITEMS: readonly (SettingsItem & { view: string })[] = [
  { group: msg('Security'), label: msg('List Users'), href: '/users/list/', view: 'User' },
  { group: msg('Security'), label: msg('List Roles'), href: '/roles/list/', view: 'Role' },
  { group: msg('Security'), label: msg('Row Level Security'), href: '/rowlevelsecurity/list/', view: 'Row Level Security' },
  { group: msg('Manage'), label: msg('Annotation Layers'), href: '/annotationlayer/list/', view: 'Annotation' },
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
  items?: readonly SettingsItem[];
}

/** The entries by group heading, in their order. */
function groupsOf(items: readonly SettingsItem[]): [string, SettingsItem[]][] {
  const groups = new Map<string, SettingsItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups];
}

/**
 * The top navigation's Settings button and its menu of admin screens, grouped as the incumbent's (Security:
 * users, roles, row-level security; Manage: annotation layers). Closes on Escape, a click elsewhere or a choice.
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
          {groupsOf(items).map(([group, entries]) => (
            <div key={group} role="group" aria-label={t(group)}>
              <div className="bi-user-menu__heading" aria-hidden="true">
                {t(group)}
              </div>
              {entries.map((item) => (
                <a key={item.href} className="bi-user-menu__item" role="menuitem" href={item.href} onClick={follow(item.href)}>
                  {t(item.label)}
                </a>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
