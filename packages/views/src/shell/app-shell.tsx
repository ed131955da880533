import { type ApiClient, createApiClient, loadTranslator } from '@lumen-bi/core';
import { type ReactNode, useCallback, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { createToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { saveServerLocale } from '../i18n/server-locale';
import type { CurrentUser } from '../session/current-user';
import { useServerThemeMode } from '../theme/server-theme-mode';
import { NewMenu } from './new-menu';
import { SettingsMenu, settingsItemsFor } from './settings-menu';
import { SHELL_CSS } from './shell-styles';
import { TopNav } from './top-nav';
import { UserMenu } from './user-menu';

export interface AppShellProps {
  user: CurrentUser;
  pathname: string;
  onNavigate?: (href: string) => void;
  logoutHref?: string;
  /** The session's client for the '+' menu's dialogs; a same-origin session client by default. */
  client?: ApiClient;
  /**
   * Offers the user menu's Language choice: told of a choice at once, to redraw the app in it (the shell
   * keeps the choice on the server itself). The current language is `user.locale`.
   */
  onLocaleChange?: (locale: string) => void;
  /** The current page. */
  children?: ReactNode;
}

/**
 * The standalone app's frame: top navigation with the '+' menu, Settings and the user menu, and the page
 * below it.
 *
 * @example
 * <AppShell user={user} pathname={location.pathname} onNavigate={navigate}><ChartsPage /></AppShell>
 */
export function AppShell({ user, pathname, onNavigate, logoutHref, client, onLocaleChange, children }: AppShellProps) {
  // The shell's own toasts: its dialogs outlive the page below them.
  const [deps] = useState(() => ({ client: client ?? createApiClient({ baseUrl: '', auth: { kind: 'session' } }), toasts: createToastStore() }));
  // The user's theme follows them from browser to browser: the server's choice applies once they are signed in.
  const saveThemeMode = useServerThemeMode(deps.client);
  // The page switches language at once; the server keeps the choice for the next visit and other browsers.
  // A failure is told in the language just chosen, which is the page's by then.
  const chooseLocale = useCallback(
    (locale: string) => {
      onLocaleChange?.(locale);
      saveServerLocale(deps.client, locale).catch(async () => {
        const { t } = await loadTranslator(locale);
        deps.toasts.danger(t('Your language could not be saved; it applies until you leave this page.'));
      });
    },
    [onLocaleChange, deps],
  );
  // Offered to whoever may open one of its screens (Gamma reads annotation layers, as on the incumbent).
  const settingsItems = settingsItemsFor(user);
  return (
    <div className="bi-shell">
      <style>{COMPONENTS_CSS + SHELL_CSS}</style>
      <TopNav pathname={pathname} onNavigate={onNavigate}>
        <NewMenu user={user} client={deps.client} toasts={deps.toasts} onNavigate={onNavigate} />
        {settingsItems.length > 0 && <SettingsMenu onNavigate={onNavigate} items={settingsItems} />}
        <UserMenu
          user={user}
          logoutHref={logoutHref}
          onNavigate={onNavigate}
          onThemeModeChange={saveThemeMode}
          locale={user.locale}
          onLocaleChange={onLocaleChange && chooseLocale}
        />
      </TopNav>
      <main className="bi-shell__main">{children}</main>
      <Toasts store={deps.toasts} />
    </div>
  );
}
