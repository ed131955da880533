import { describe, expect, it } from 'vitest';
import { THEMES, type ThemeName } from './theme-tokens';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** Text token on background token: the pairs the views draw. */
const TEXT_PAIRS: [string, string][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text-muted', 'bg'],
  ['text-muted', 'surface'],
  ['text-on-primary', 'primary'],
  // A hovered primary button: the surface colour on the deep tint (dark text there read at 3.15:1).
  ['surface', 'primary-dark'],
  ['positive', 'surface'],
  ['negative', 'surface'],
  ['text', 'primary-light'],
  ...(['primary', 'error', 'warning', 'success', 'info'].flatMap((c) => [
    [`${c}-dark`, 'surface'],
    [`${c}-dark`, 'bg'],
    [`${c}-dark`, `${c}-light`],
    ['text', `${c}-light`],
  ]) as [string, string][]),
];

describe('theme contrast (WCAG 2 AA, 4.5:1 for text)', () => {
  it.each(['default', 'dark', 'compact'] as ThemeName[])('every text colour of the %s theme reads on the backgrounds it is drawn on', (theme) => {
    const tokens = THEMES[theme];
    const failing = TEXT_PAIRS.map(([fg, bg]) => ({ pair: `${fg} on ${bg}`, ratio: contrast(tokens[`--bi-color-${fg}`], tokens[`--bi-color-${bg}`]) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
    expect(failing).toEqual([]);
  });
});
