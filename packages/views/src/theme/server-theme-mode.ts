/**
 * The user menu's theme mode kept on the server (`/api/v1/me/preferences/`), so a choice made in one browser
 * follows the user to another. The browser's own remembered mode (theme-preference.ts) still paints the page
 * at once on boot and stays the fallback for signed-out pages; the server's choice replaces it when the
 * signed-in shell mounts.
 */
import type { ApiClient } from '@lumen-bi/core';
import { useCallback, useEffect, useRef } from 'react';
import { chooseThemeMode, readThemeMode } from './theme-preference';
import { THEME_MODES, type ThemeMode } from './theme-tokens';

/** The signed-in user's preferences endpoint (GET and PUT). */
export const PREFERENCES_PATH = '/api/v1/me/preferences/';

interface PreferencesBody {
  result?: { theme_mode?: unknown };
}

/**
 * The theme mode the user chose on the server, or null when they have chosen none there.
 *
 * @example
 * await loadServerThemeMode(client); // 'dark'
 */
export async function loadServerThemeMode(client: ApiClient): Promise<ThemeMode | null> {
  const { json } = await client.get<PreferencesBody>(PREFERENCES_PATH);
  const mode = json?.result?.theme_mode;
  return (THEME_MODES as readonly unknown[]).includes(mode) ? (mode as ThemeMode) : null;
}

/**
 * Stores the user's theme mode on the server.
 *
 * @example
 * await saveServerThemeMode(client, 'system');
 */
export async function saveServerThemeMode(client: ApiClient, mode: ThemeMode): Promise<void> {
  await client.put(PREFERENCES_PATH, { theme_mode: mode });
}

/**
 * Applies the server's theme mode once the signed-in shell mounts, and returns the function that saves a new
 * choice there. A choice made while the server's answer is on its way wins over that answer. A server that
 * cannot be reached leaves the browser's own choice in place: the theme is a convenience, never an error.
 *
 * @example
 * const saveThemeMode = useServerThemeMode(client);
 * <UserMenu user={user} onThemeModeChange={saveThemeMode} />
 */
export function useServerThemeMode(client: ApiClient): (mode: ThemeMode) => void {
  const chosenHere = useRef(false);
  useEffect(() => {
    let current = true;
    loadServerThemeMode(client)
      .then((mode) => {
        if (current && mode && !chosenHere.current && mode !== readThemeMode()) chooseThemeMode(mode);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client]);
  return useCallback(
    (mode: ThemeMode) => {
      chosenHere.current = true;
      saveServerThemeMode(client, mode).catch(() => undefined);
    },
    [client],
  );
}
