/**
 * The app's theme mode chosen in the user menu (spec: theme modes default, dark, system), remembered in this
 * browser's localStorage and applied as `data-bi-theme` on <html>, which the theme stylesheet keys on. In
 * `system` mode the page follows the OS light/dark preference live, through a media-query listener.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { resolveTheme, THEME_MODES, type ThemeMode } from './theme-tokens';

/** localStorage key of the chosen mode. */
export const THEME_MODE_STORAGE_KEY = 'lumen-bi.theme-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let systemQuery: MediaQueryList | null = null;

/**
 * The remembered mode; `default` (light) when none was chosen or storage is unavailable.
 *
 * @example
 * readThemeMode(); // 'system'
 */
export function readThemeMode(): ThemeMode {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_MODE_STORAGE_KEY);
    return (THEME_MODES as readonly string[]).includes(stored ?? '') ? (stored as ThemeMode) : 'default';
  } catch {
    return 'default';
  }
}

const prefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

function paint(): void {
  document.documentElement.dataset.biTheme = resolveTheme('default', readThemeMode(), prefersDark());
}

/**
 * Applies the remembered mode to the page and keeps following the OS while it is `system`. Call once at boot.
 *
 * @example
 * applyThemeMode(); // <html data-bi-theme="dark"> for a user who chose Dark
 */
export function applyThemeMode(): void {
  systemQuery?.removeEventListener('change', paint);
  systemQuery = null;
  if (readThemeMode() === 'system' && typeof window.matchMedia === 'function') {
    systemQuery = window.matchMedia(DARK_QUERY);
    systemQuery.addEventListener('change', paint);
  }
  paint();
}

/**
 * Remembers and applies a mode, and tells every component showing the choice.
 *
 * @example
 * chooseThemeMode('dark');
 */
export function chooseThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage refused (private mode, quota): the choice still applies to this page.
  }
  applyThemeMode();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_MODE_STORAGE_KEY) return;
    applyThemeMode();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The remembered mode and a setter, for the user menu.
 *
 * @example
 * const [mode, setMode] = useThemeMode();
 */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, readThemeMode, () => 'default' as ThemeMode);
  return [mode, useCallback((next: ThemeMode) => chooseThemeMode(next), [])];
}
