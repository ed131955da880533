/**
 * A host's theme for one element: `setThemeConfig(theme)` (or the `themeConfig` property) writes the theme
 * object's tokens as `--bi-*` custom properties in the element's inline style, where they beat the built-in
 * theme's `:host` rules and inherit into the whole shadow tree; `theme` in the object sets the `theme`
 * attribute. `setThemeMode(mode)` sets the `theme-mode` attribute (`default`, `dark`, `system`).
 */
import { themeConfigName, themeConfigProperties, type LumenTheme } from '@lumen-bi/views';

/** The theme-mode attribute's values (the incumbent SDK's setThemeMode takes the same). */
export type ElementThemeMode = 'default' | 'dark' | 'system';

/** What an element remembers of the last config it applied, so the next one starts from the built-in theme. */
const applied = new WeakMap<HTMLElement, { config: LumenTheme; properties: string[] }>();

/**
 * @example
 * applyElementThemeConfig(el, { theme: 'dark', colorPrimary: '#7c3aed' });
 * applyElementThemeConfig(el, null); // back to the attributes' theme
 */
export function applyElementThemeConfig(element: HTMLElement, config: LumenTheme | null | undefined): void {
  for (const property of applied.get(element)?.properties ?? []) element.style.removeProperty(property);
  const properties = themeConfigProperties(config as Record<string, unknown> | null | undefined);
  for (const [property, value] of Object.entries(properties)) element.style.setProperty(property, value);
  const name = themeConfigName(config as Record<string, unknown> | null | undefined);
  if (name) element.setAttribute('theme', name);
  if (config) applied.set(element, { config, properties: Object.keys(properties) });
  else applied.delete(element);
}

/** The config last applied to the element, or null. */
export function elementThemeConfig(element: HTMLElement): LumenTheme | null {
  return applied.get(element)?.config ?? null;
}

/**
 * @example
 * applyElementThemeMode(el, 'system'); // follows the OS light/dark preference
 */
export function applyElementThemeMode(element: HTMLElement, mode: ElementThemeMode): void {
  if (mode === 'default' || mode === 'dark' || mode === 'system') element.setAttribute('theme-mode', mode);
  else throw new TypeError(`Lumen BI: unknown theme mode '${String(mode)}' (use 'default', 'dark' or 'system')`);
}
