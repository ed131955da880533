import { THEME_NAMES, THEMES, type ThemeName } from './theme-tokens';

/**
 * The declarations of one theme as CSS text.
 *
 * @example
 * themeDeclarations('dark'); // '--bi-color-primary: #20a7c9; ...'
 */
export function themeDeclarations(theme: ThemeName): string {
  return Object.entries(THEMES[theme])
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
}

/**
 * A stylesheet defining every theme, selected by a `data-bi-theme` attribute on any ancestor. `scope` is
 * `:root` for a page and `:host` inside a custom element's shadow root. The default theme also applies to
 * the scope itself so views render themed without any attribute.
 *
 * @example
 * style.textContent = themeStylesheet(':root');
 * document.documentElement.dataset.biTheme = 'dark';
 */
export function themeStylesheet(scope = ':root'): string {
  return THEME_NAMES.map((name) => {
    const selector = name === 'default' ? `${scope}, [data-bi-theme="default"]` : `[data-bi-theme="${name}"]`;
    // Native parts (an unticked checkbox, a select's list, scrollbars) follow the theme's lightness.
    return `${selector} { ${themeDeclarations(name)} color-scheme: ${name === 'dark' ? 'dark' : 'light'}; }`;
  }).join('\n');
}
