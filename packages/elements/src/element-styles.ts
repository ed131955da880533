/**
 * The stylesheet every element renders first in its shadow root: the theme tokens on `:host`, selected by
 * the element's own `theme` and `theme-mode` attributes, and the base typography. The views render their
 * own styles (`<style>` elements) inside the same shadow root.
 *
 * Host pages theme an element by setting the `--bi-*` custom properties on the element (or any rule that
 * matches it, or `el.setThemeConfig(theme)`): page rules and inline styles beat `:host` rules, so the host's
 * values win over the built-in theme, and the properties inherit from there into the whole shadow tree.
 */
import { themeDeclarations } from '@lumen-bi/views';

/** Theme names of the `theme` attribute. */
export const ELEMENT_THEMES = ['default', 'dark', 'compact'] as const;
/** Values of the `theme-mode` attribute; `system` follows the OS light/dark preference. */
export const ELEMENT_THEME_MODES = ['default', 'dark', 'system'] as const;

/**
 * Inherited properties reset at the shadow host: a host page's body rules (letter-spacing, text-transform,
 * font, line-height, text-align, colour...) would otherwise flow into the shadow tree, because inheritance
 * crosses the shadow boundary. `all: initial` resets them all (custom properties excepted, so the host's
 * `--bi-*` tokens still reach the views); the theme's own text styles follow.
 */
const HOST_RESET = 'all: initial; display: block; position: relative; box-sizing: border-box; color: var(--bi-color-text); '
  // What the host must still control: a hidden or inert container hides and disables the element in it.
  + 'visibility: inherit; pointer-events: inherit; '
  + 'font-family: var(--bi-font-family); font-size: var(--bi-font-size); line-height: var(--bi-line-height); color-scheme: light;';

/**
 * Controls the views render without a class of their own (a table's page-size select, a checkbox, a plain
 * button) take the theme's colours, never the browser's light defaults: zero specificity (`:where`), so any
 * class rule of the views wins. `color-scheme` makes the browser's own parts (an unticked checkbox, a select's
 * list, scrollbars) dark in the dark theme.
 */
const CONTROL_DEFAULTS = [
  ':where(.bi-element) :where(button, input, select, textarea) { font: inherit; letter-spacing: inherit; color: inherit; }',
  ':where(.bi-element) :where(button:not([class]), select, input:not([type="checkbox"], [type="radio"], [type="range"], [type="color"], [type="file"]), textarea) {',
  '  background: var(--bi-color-surface); border: 1px solid var(--bi-color-border); border-radius: var(--bi-radius); padding: 2px var(--bi-space-2); }',
  ':where(.bi-element) :where(button:not([class])) { cursor: pointer; }',
  ':where(.bi-element) :where(button:not([class]):hover:not(:disabled)) { border-color: var(--bi-color-primary); }',
  ':where(.bi-element) :where(input[type="checkbox"], input[type="radio"]) { accent-color: var(--bi-color-primary); }',
  ':where(.bi-element) :where(a) { color: var(--bi-color-primary-dark); }',
  ':where(.bi-element) :where(:focus-visible) { outline: 2px solid var(--bi-color-primary); outline-offset: 1px; }',
];

/**
 * @example
 * elementStylesheet({ minHeight: '400px' }); // ':host { all: initial; display: block; ... }'
 */
export function elementStylesheet(options: { minHeight?: string } = {}): string {
  const dark = `${themeDeclarations('dark')} color-scheme: dark;`;
  return [
    `:host { ${HOST_RESET} ${options.minHeight ? `min-height: ${options.minHeight};` : ''} ${themeDeclarations('default')} }`,
    `:host([theme="compact"]) { ${themeDeclarations('compact')} }`,
    `:host([theme="dark"]), :host([theme-mode="dark"]) { ${dark} }`,
    `@media (prefers-color-scheme: dark) { :host([theme-mode="system"]) { ${dark} } }`,
    ':host([hidden]) { display: none; }',
    // Content taller than a host-sized element scrolls inside it, never paints over the host page.
    '.bi-element { box-sizing: border-box; height: 100%; overflow: auto; font-family: var(--bi-font-family); font-size: var(--bi-font-size);',
    '  line-height: var(--bi-line-height); color: var(--bi-color-text); background: var(--bi-color-bg); }',
    '.bi-element *, .bi-element *::before, .bi-element *::after { box-sizing: inherit; }',
    '.bi-element__status { padding: var(--bi-space-3); color: var(--bi-color-text-muted); }',
    ...CONTROL_DEFAULTS,
  ].join('\n');
}

/**
 * SQL Lab's own rules in the element: the app sizes SQL Lab to the window, the element to its box (the host's
 * height, at least 480px), so the editor and results share what the host gave and nothing extends past it.
 */
export const SQLLAB_ELEMENT_CSS = `
:host { height: 600px; }
.bi-element--sqllab { display: flex; flex-direction: column; overflow: hidden; }
.bi-element--sqllab > .bi-sqllab { flex: 1; height: auto; min-height: 0; }
`;

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
