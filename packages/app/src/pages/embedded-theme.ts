/**
 * Theme from the host of an embedded page (setThemeConfig / setThemeMode, or the `themeMode` parameter).
 * The page's theme stylesheet selects a theme with `data-bi-theme` on <html>; a theme config's `--bi-*`
 * entries override single tokens.
 */
import type { EmbedThemeConfig, EmbedThemeMode } from '@lumen-bi/core';
import { themeConfigName, themeConfigProperties } from '@lumen-bi/views';

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
 * A host theme config, a LumenTheme: `theme` ('dark' | 'compact' | 'default') selects a theme, token keys
 * (`colorPrimary`, or raw `--bi-color-primary`) set single tokens; keys naming no token are ignored (the
 * incumbent's antd tokens mostly mean nothing here). Tokens of an earlier config are cleared first.
 */
let appliedTokens: string[] = [];

export function applyThemeConfig(config: EmbedThemeConfig | null | undefined): void {
  if (!config || typeof config !== 'object') return;
  const theme = themeConfigName(config);
  if (theme) document.documentElement.dataset.biTheme = theme;
  const style = document.documentElement.style;
  for (const name of appliedTokens) style.removeProperty(name);
  const properties = themeConfigProperties(config);
  for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
  appliedTokens = Object.keys(properties);
}
