/**
 * Theme from the host of an embedded page (setThemeConfig / setThemeMode, or the `themeMode` parameter).
 * The page's theme stylesheet selects a theme with `data-bi-theme` on <html>; a theme config's `--bi-*`
 * entries override single tokens.
 */
import type { EmbedThemeConfig, EmbedThemeMode } from '@lumen-bi/core';
import { THEME_NAMES } from '@lumen-bi/views';

let systemQuery: MediaQueryList | null = null;
const followSystem = () => {
  document.documentElement.dataset.biTheme = systemQuery?.matches ? 'dark' : 'default';
};

/** `default`, `dark` or `system` (follows the OS preference while it is the mode). */
export function applyThemeMode(mode: EmbedThemeMode | null | undefined): void {
  systemQuery?.removeEventListener('change', followSystem);
  systemQuery = null;
  if (mode === 'system' && typeof window.matchMedia === 'function') {
    systemQuery = window.matchMedia('(prefers-color-scheme: dark)');
    systemQuery.addEventListener('change', followSystem);
    followSystem();
    return;
  }
  document.documentElement.dataset.biTheme = mode === 'dark' ? 'dark' : 'default';
}

/**
 * A host theme config: `{theme: 'dark' | 'compact' | 'default'}` selects a theme, `--bi-*` keys set tokens
 * (other keys are ignored: the incumbent's antd tokens have no meaning here).
 */
export function applyThemeConfig(config: EmbedThemeConfig | null | undefined): void {
  if (!config || typeof config !== 'object') return;
  const theme = config.theme;
  if (typeof theme === 'string' && (THEME_NAMES as readonly string[]).includes(theme)) document.documentElement.dataset.biTheme = theme;
  for (const [name, value] of Object.entries(config)) {
    if (name.startsWith('--bi-') && (typeof value === 'string' || typeof value === 'number')) document.documentElement.style.setProperty(name, String(value));
  }
}
