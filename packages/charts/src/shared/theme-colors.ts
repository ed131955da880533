/**
 * Canvas cannot paint `var(--bi-color-text)`: a canvas chart resolves its theme's colours to concrete values
 * against the element it draws in (inside the page's or the shadow root's cascade), right before it draws.
 */
import type { ChartTheme } from '../types';

const COLOUR_KEYS = ['text', 'mutedText', 'grid', 'background', 'primary', 'positive', 'negative'] as const;

/**
 * The computed colour of a CSS colour value where `within` is, e.g. 'rgb(230, 230, 230)'.
 *
 * @example
 * resolveCssColor(chartBody, 'var(--bi-color-text, #323232)'); // 'rgb(50, 50, 50)' in the light theme
 */
export function resolveCssColor(within: HTMLElement, value: string): string {
  if (!value.includes('var(')) return value;
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden';
  probe.style.color = value;
  within.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return resolved || value;
}

/**
 * The theme with concrete colours and font family, for canvas drawing.
 *
 * @example
 * const theme = resolveThemeColors(body, props.theme);
 * ctx.fillStyle = theme.text;
 */
export function resolveThemeColors(within: HTMLElement, theme: ChartTheme): ChartTheme {
  const resolved: ChartTheme = { ...theme };
  for (const key of COLOUR_KEYS) resolved[key] = resolveCssColor(within, theme[key]);
  if (theme.fontFamily.includes('var(')) resolved.fontFamily = getComputedStyle(within).fontFamily || theme.fontFamily;
  return resolved;
}
