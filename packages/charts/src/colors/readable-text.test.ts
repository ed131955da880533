import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART_THEME } from '../types';
import { DARK_LABEL, LIGHT_LABEL, readableTextOn, relativeLuminance } from './readable-text';

describe('readableTextOn', () => {
  it('puts dark labels on light marks and light labels on dark marks, whatever the page theme', () => {
    expect(readableTextOn('#FCC700')).toBe(DARK_LABEL);
    expect(readableTextOn('#1FA8C9')).toBe(DARK_LABEL);
    expect(readableTextOn('#454E7C')).toBe(LIGHT_LABEL);
    expect(readableTextOn('rgb(13, 92, 112)')).toBe(LIGHT_LABEL);
  });

  it('keeps the fallback for a colour it cannot read', () => {
    expect(readableTextOn('var(--x)', 'inherit')).toBe('inherit');
    expect(relativeLuminance('#fff')).toBe(1);
  });
});

describe('DEFAULT_CHART_THEME', () => {
  it('takes every colour from a --bi-* theme token, so charts follow the page theme', () => {
    for (const key of ['text', 'mutedText', 'grid', 'background', 'primary', 'positive', 'negative'] as const) {
      expect(DEFAULT_CHART_THEME[key]).toMatch(/^var\(--bi-color-[a-z-]+, #[0-9a-f]{6}\)$/);
    }
  });
});

describe('legibleOn', () => {
  it('keeps a colour that reads and lifts a dark one on a dark background to 3:1', async () => {
    const { contrastRatio, legibleOn } = await import('./readable-text');
    expect(legibleOn('#1FA8C9', 'rgb(34, 39, 46)')).toBe('#1FA8C9');
    const lifted = legibleOn('#454E7C', 'rgb(34, 39, 46)');
    expect(lifted).not.toBe('#454E7C');
    expect(contrastRatio(lifted, 'rgb(34, 39, 46)')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(legibleOn('#FDE380', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
