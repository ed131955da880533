/**
 * SQL syntax colours from the theme tokens. CodeMirror's default highlight style is made for light pages
 * (purple keywords on the dark theme's surface read at 1.4:1), so its rules are kept (the same tags) with
 * each colour swapped for a "-dark" tint or the muted text, which every theme keeps at WCAG AA on the surface
 * (theme-contrast.test.ts).
 */
import { defaultHighlightStyle, HighlightStyle } from '@codemirror/language';

/** The default style's colours (CodeMirror 6) and the token each becomes; others fall back to the text colour. */
const TOKEN_OF_DEFAULT_COLOUR: Record<string, string> = {
  '#708': 'var(--bi-color-primary-dark)', // keywords
  '#219': 'var(--bi-color-info-dark)', // atoms, booleans
  '#164': 'var(--bi-color-info-dark)', // numbers, literals
  '#a11': 'var(--bi-color-success-dark)', // strings
  '#e40': 'var(--bi-color-warning-dark)', // regexps, escapes
  '#00f': 'var(--bi-color-primary-dark)', // definitions
  '#30a': 'var(--bi-color-primary-dark)', // local variables
  '#085': 'var(--bi-color-warning-dark)', // type and class names
  '#167': 'var(--bi-color-warning-dark)', // class names
  '#256': 'var(--bi-color-info-dark)', // property names
  '#00c': 'var(--bi-color-primary-dark)', // special variables
  '#940': 'var(--bi-color-text-muted)', // comments
  '#404740': 'var(--bi-color-text-muted)', // meta
  '#7a757a': 'var(--bi-color-text-muted)', // links
  '#f00': 'var(--bi-color-error-dark)', // invalid
};

export const SQL_HIGHLIGHT_STYLE = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' ? { ...spec, color: TOKEN_OF_DEFAULT_COLOUR[spec.color] ?? 'var(--bi-color-text)' } : spec)),
);
