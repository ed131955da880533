/**
 * The theme as a typed object a host passes to an element (`el.setThemeConfig(theme)`, the `themeConfig`
 * property) or to the iframe route (`dashboard.setThemeConfig(theme)`). Each key is one `--bi-*` theme token
 * in camelCase (`colorPrimary` is `--bi-color-primary`); `theme` picks the built-in theme the tokens start
 * from. Keys left out keep the built-in theme's value.
 */
import { THEME_NAMES, THEMES, type ThemeName } from './theme-tokens';

/** Token keys of a colour with its two tints: `colorPrimary`, `colorPrimaryLight`, `colorPrimaryDark`. */
type TintedColor<Name extends string> = `color${Name}` | `color${Name}Light` | `color${Name}Dark`;

/** Every theme token, by its camelCase key. Values are CSS values (colours, lengths, font stacks). */
export type LumenThemeTokens = {
  [Key in
    | TintedColor<'Primary' | 'Error' | 'Warning' | 'Success' | 'Info'>
    | 'colorBg'
    | 'colorSurface'
    | 'colorText'
    | 'colorTextMuted'
    | 'colorTextOnPrimary'
    | 'colorBorder'
    | 'colorPositive'
    | 'colorNegative'
    | 'fontFamily'
    | 'fontSize'
    | 'fontSizeSm'
    | 'fontSizeLg'
    | 'lineHeight'
    | 'space1'
    | 'space2'
    | 'space3'
    | 'space4'
    | 'radius'
    | 'navHeight']?: string;
};

/**
 * @example
 * const theme: LumenTheme = { theme: 'dark', colorPrimary: '#7c3aed', fontFamily: 'Georgia, serif' };
 * document.querySelector('bi-dashboard').setThemeConfig(theme);
 */
export interface LumenTheme extends LumenThemeTokens {
  /** The built-in theme under the tokens: 'default' (light), 'dark' or 'compact'. */
  theme?: ThemeName;
}

/**
 * The CSS custom property of a token key.
 *
 * @example
 * themeTokenProperty('colorTextOnPrimary'); // '--bi-color-text-on-primary'
 * themeTokenProperty('space1');             // '--bi-space-1'
 */
export function themeTokenProperty(key: string): `--bi-${string}` {
  return `--bi-${key.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase()}`;
}

/**
 * The `--bi-*` declarations of a theme object. Raw `--bi-*` keys are accepted as they are (hosts written for
 * the custom properties keep working); `theme`, empty values and keys that name no token (most of the
 * incumbent's antd tokens) are left out.
 *
 * @example
 * themeConfigProperties({ colorText: '#111', '--bi-radius': '0' }); // { '--bi-color-text': '#111', '--bi-radius': '0' }
 */
export function themeConfigProperties(config: Record<string, unknown> | null | undefined): Record<`--bi-${string}`, string> {
  const properties: Record<`--bi-${string}`, string> = {};
  if (!config || typeof config !== 'object') return properties;
  for (const [key, value] of Object.entries(config)) {
    if (key === 'theme' || (typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') continue;
    if (key.startsWith('--bi-')) properties[key as `--bi-${string}`] = String(value);
    else if (/^[a-z][A-Za-z0-9]*$/.test(key) && themeTokenProperty(key) in THEMES.default) properties[themeTokenProperty(key)] = String(value);
  }
  return properties;
}

/** The built-in theme a config names, when it names a known one. */
export function themeConfigName(config: Record<string, unknown> | null | undefined): ThemeName | null {
  const name = config && typeof config === 'object' ? config.theme : undefined;
  return typeof name === 'string' && (THEME_NAMES as readonly string[]).includes(name) ? (name as ThemeName) : null;
}
