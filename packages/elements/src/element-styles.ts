/**
 * The stylesheet every element renders first in its shadow root: the theme tokens on `:host`, selected by
 * the element's own `theme` and `theme-mode` attributes, and the base typography. The views render their
 * own styles (`<style>` elements) inside the same shadow root.
 *
 * Host pages theme an element by setting the `--bi-*` custom properties on the element (or any rule that
 * matches it): page rules beat `:host` rules, so the host's values win over the built-in theme, and the
 * properties inherit from there into the whole shadow tree.
 */
import { themeDeclarations } from '@lumen-bi/views';

/** Theme names of the `theme` attribute. */
export const ELEMENT_THEMES = ['default', 'dark', 'compact'] as const;
/** Values of the `theme-mode` attribute; `system` follows the OS light/dark preference. */
export const ELEMENT_THEME_MODES = ['default', 'dark', 'system'] as const;

/**
 * @example
 * elementStylesheet({ minHeight: '400px' }); // ':host { display: block; ... }'
 */
export function elementStylesheet(options: { minHeight?: string } = {}): string {
  const dark = themeDeclarations('dark');
  return [
    `:host { display: block; position: relative; ${options.minHeight ? `min-height: ${options.minHeight};` : ''} ${themeDeclarations('default')} }`,
    `:host([theme="compact"]) { ${themeDeclarations('compact')} }`,
    `:host([theme="dark"]), :host([theme-mode="dark"]) { ${dark} }`,
    `@media (prefers-color-scheme: dark) { :host([theme-mode="system"]) { ${dark} } }`,
    ':host([hidden]) { display: none; }',
    '.bi-element { box-sizing: border-box; height: 100%; font-family: var(--bi-font-family); font-size: var(--bi-font-size);',
    '  line-height: var(--bi-line-height); color: var(--bi-color-text); background: var(--bi-color-bg); }',
    '.bi-element *, .bi-element *::before, .bi-element *::after { box-sizing: inherit; }',
    '.bi-element__status { padding: var(--bi-space-3); color: var(--bi-color-text-muted); }',
  ].join('\n');
}

/** The chart element's own rules: the views' chart container styles live with the dashboard's. */
export const CHART_ELEMENT_CSS = `
:host { height: 320px; }
.bi-element--chart { background: var(--bi-color-surface); }
.bi-element--chart .bi-chart-container { position: relative; width: 100%; height: 100%; }
.bi-element--chart .bi-chart-container__host { position: absolute; inset: 0; }
.bi-element--chart .bi-chart-container__error { padding: var(--bi-space-2); }
.bi-spinner { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
.bi-spinner__wheel { width: 32px; height: 32px; border: 3px solid var(--bi-color-primary-light); border-top-color: var(--bi-color-primary);
  border-radius: 50%; animation: bi-element-spin 0.8s linear infinite; }
@keyframes bi-element-spin { to { transform: rotate(360deg); } }
`;
