import type { ReactNode } from 'react';
import type { CurrentUser } from '../session/current-user';
import { canManageUsers, SettingsMenu, settingsItemsFor } from './settings-menu';
import { SHELL_CSS } from './shell-styles';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

export interface AppShellProps {
  user: CurrentUser;
  pathname: string;
  onNavigate?: (href: string) => void;
  logoutHref?: string;
  /** The current page. */
  children?: ReactNode;
}

/**
 * The standalone app's frame: top navigation with the user menu, and the page below it.
 *
 * @example
 * <AppShell user={user} pathname={location.pathname} onNavigate={navigate}><ChartsPage /></AppShell>
 */
export function AppShell({ user, pathname, onNavigate, logoutHref, children }: AppShellProps) {
  return (
    <div className="bi-shell">
      <style>{SHELL_CSS}</style>
      <TopNav pathname={pathname} onNavigate={onNavigate}>
        {canManageUsers(user) && <SettingsMenu onNavigate={onNavigate} items={settingsItemsFor(user)} />}
        <UserMenu user={user} logoutHref={logoutHref} onNavigate={onNavigate} />
      </TopNav>
      <main className="bi-shell__main">{children}</main>
    </div>
  );
}
