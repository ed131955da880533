import { describe, expect, it } from 'vitest';
import { themeDeclarations, themeStylesheet } from './theme-stylesheet';
import { resolveTheme, THEMES } from './theme-tokens';

describe('theme tokens', () => {
  it('gives every colour a light and a dark tint in every theme', () => {
    for (const tokens of Object.values(THEMES)) {
      for (const colour of ['primary', 'error', 'warning', 'success', 'info']) {
        expect(tokens[`--bi-color-${colour}`]).toMatch(/^#[0-9a-f]{6}$/);
        expect(tokens[`--bi-color-${colour}-light`]).toMatch(/^#[0-9a-f]{6}$/);
        expect(tokens[`--bi-color-${colour}-dark`]).toMatch(/^#[0-9a-f]{6}$/);
      }
    }
  });

  it('defines the same token names in every theme, so switching never leaves a stale value', () => {
    const names = Object.keys(THEMES.default).sort();
    expect(Object.keys(THEMES.dark).sort()).toEqual(names);
    expect(Object.keys(THEMES.compact).sort()).toEqual(names);
  });

  it('builds a stylesheet keyed by data-bi-theme', () => {
    const css = themeStylesheet(':host');
    expect(css).toContain(':host, [data-bi-theme="default"] {');
    expect(css).toContain('[data-bi-theme="dark"] {');
    expect(css).toContain('[data-bi-theme="compact"] {');
    expect(themeDeclarations('default')).toContain('--bi-color-primary: #20a7c9;');
  });

  it('resolves modes', () => {
    expect(resolveTheme('compact', 'default', true)).toBe('compact');
    expect(resolveTheme('default', 'dark', false)).toBe('dark');
    expect(resolveTheme('default', 'system', true)).toBe('dark');
    expect(resolveTheme('compact', 'system', false)).toBe('compact');
  });
});
