import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeConfig, applyThemeMode } from './embedded-theme';

const root = document.documentElement;

afterEach(() => {
  applyThemeConfig({});
  applyThemeMode('default');
});

describe('the iframe route’s theme from the host', () => {
  it('takes a LumenTheme: its theme and its tokens, by camelCase key or raw --bi-* name', () => {
    applyThemeConfig({ theme: 'dark', colorText: '#fafafa', '--bi-radius': '0px', colorBgContainer: '#000' });
    expect(root.dataset.biTheme).toBe('dark');
    expect(root.style.getPropertyValue('--bi-color-text')).toBe('#fafafa');
    expect(root.style.getPropertyValue('--bi-radius')).toBe('0px');
    expect(root.style.getPropertyValue('--bi-color-bg-container')).toBe('');
  });

  it('clears the tokens of the previous config', () => {
    applyThemeConfig({ colorText: '#fafafa' });
    applyThemeConfig({ colorPrimary: '#7c3aed' });
    expect(root.style.getPropertyValue('--bi-color-text')).toBe('');
    expect(root.style.getPropertyValue('--bi-color-primary')).toBe('#7c3aed');
  });

  it('setThemeMode dark selects the dark theme', () => {
    applyThemeMode('dark');
    expect(root.dataset.biTheme).toBe('dark');
  });
});
