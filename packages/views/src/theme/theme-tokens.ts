/**
 * Theme tokens (spec 1 §3): the colours primary, error, warning, success and info, each with a light and a
 * dark tint, plus the surface, text, type and spacing tokens the views use. They become CSS custom
 * properties (`--bi-color-primary`, ...) so a host page can theme embedded elements through the shadow
 * boundary by setting the same properties.
 *
 * The palette follows the incumbent's (Superset's) default colours, so embedded content looks familiar next
 * to dashboards users already know.
 */
export const THEME_NAMES = ['default', 'dark', 'compact'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** `system` follows the operating system's light/dark preference. */
export const THEME_MODES = ['default', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export type ThemeTokens = Readonly<Record<`--bi-${string}`, string>>;

// The "-dark" tints are text colours on the surface and on their own light tint: each reads at WCAG AA
// (4.5:1) there, so they are a little deeper than the incumbent's (theme-stylesheet.test.ts checks).
const BRAND = {
  '--bi-color-primary': '#20a7c9',
  '--bi-color-primary-light': '#d2edf4',
  '--bi-color-primary-dark': '#136c85',
  '--bi-color-error': '#e04355',
  '--bi-color-error-light': '#faedee',
  '--bi-color-error-dark': '#a7323f',
  '--bi-color-warning': '#ff7f44',
  '--bi-color-warning-light': '#fff2ec',
  '--bi-color-warning-dark': '#a14d25',
  '--bi-color-success': '#5ac189',
  '--bi-color-success-light': '#eef8f3',
  '--bi-color-success-dark': '#2d7a4f',
  '--bi-color-info': '#66bcfe',
  '--bi-color-info-light': '#eff8fe',
  '--bi-color-info-dark': '#356f95',
} as const;

const LIGHT_SURFACES = {
  '--bi-color-bg': '#f7f7f7',
  '--bi-color-surface': '#ffffff',
  '--bi-color-text': '#323232',
  '--bi-color-text-muted': '#666666',
  // Dark text on the primary colour: white on #20a7c9 reads at 2.8:1, under WCAG AA.
  '--bi-color-text-on-primary': '#0b1215',
  '--bi-color-border': '#e0e0e0',
  // Text colours of a rise and a fall (a big number's change), readable on the surface.
  '--bi-color-positive': '#2e7d46',
  '--bi-color-negative': '#c0392b',
} as const;

const REGULAR_DENSITY = {
  '--bi-font-family': "Inter, 'Helvetica Neue', Arial, sans-serif",
  '--bi-font-size': '14px',
  '--bi-font-size-sm': '12px',
  '--bi-font-size-lg': '18px',
  '--bi-line-height': '1.5',
  '--bi-space-1': '4px',
  '--bi-space-2': '8px',
  '--bi-space-3': '16px',
  '--bi-space-4': '24px',
  '--bi-radius': '4px',
  '--bi-nav-height': '56px',
} as const;

/** Token values per theme. Compact keeps the default colours and tightens type and spacing. */
export const THEMES: Readonly<Record<ThemeName, ThemeTokens>> = {
  default: { ...BRAND, ...LIGHT_SURFACES, ...REGULAR_DENSITY },
  dark: {
    ...BRAND,
    // In the dark theme the "light" tints are backgrounds behind text, so they become deep shades.
    '--bi-color-primary-light': '#15424f',
    '--bi-color-primary-dark': '#79cade',
    '--bi-color-error-light': '#4a1f25',
    '--bi-color-error-dark': '#efa1aa',
    '--bi-color-warning-light': '#4a2c1e',
    '--bi-color-warning-dark': '#fec0a1',
    '--bi-color-success-light': '#1f3b2c',
    '--bi-color-success-dark': '#ace1c4',
    '--bi-color-info-light': '#1d3547',
    '--bi-color-info-dark': '#b3defe',
    '--bi-color-bg': '#16191d',
    '--bi-color-surface': '#22272e',
    '--bi-color-text': '#e6e6e6',
    '--bi-color-text-muted': '#a6adb4',
    '--bi-color-text-on-primary': '#0b1215',
    '--bi-color-border': '#3a424c',
    '--bi-color-positive': '#7fd6a4',
    '--bi-color-negative': '#f4a3ab',
    ...REGULAR_DENSITY,
  },
  compact: {
    ...BRAND,
    ...LIGHT_SURFACES,
    ...REGULAR_DENSITY,
    '--bi-font-size': '12px',
    '--bi-font-size-sm': '11px',
    '--bi-font-size-lg': '15px',
    '--bi-line-height': '1.35',
    '--bi-space-1': '2px',
    '--bi-space-2': '4px',
    '--bi-space-3': '8px',
    '--bi-space-4': '16px',
    '--bi-nav-height': '44px',
  },
};

/**
 * Picks the theme to apply: mode `dark` forces the dark theme, `system` uses it when the OS prefers dark,
 * `default` keeps the chosen theme.
 *
 * @example
 * resolveTheme('default', 'system', matchMedia('(prefers-color-scheme: dark)').matches);
 */
export function resolveTheme(theme: ThemeName, mode: ThemeMode, prefersDark: boolean): ThemeName {
  if (mode === 'dark' || (mode === 'system' && prefersDark)) return 'dark';
  return theme;
}
