import { describe, expect, it } from 'vitest';
import { themeConfigProperties, themeTokenProperty } from '@lumen-bi/views';
import { applyElementThemeConfig, applyElementThemeMode, elementThemeConfig } from './element-theme';
import { elementStylesheet } from './element-styles';

describe('setThemeConfig on an element', () => {
  it('maps every key of a LumenTheme onto its --bi-* custom property', () => {
    expect(themeTokenProperty('colorTextOnPrimary')).toBe('--bi-color-text-on-primary');
    expect(themeTokenProperty('space1')).toBe('--bi-space-1');
    expect(themeConfigProperties({ theme: 'dark', colorText: '#111111', fontSizeSm: '11px', '--bi-radius': '0', colorBgContainer: '#fff', colorBorder: '' })).toEqual({
      '--bi-color-text': '#111111',
      '--bi-font-size-sm': '11px',
      '--bi-radius': '0',
    });
  });

  it('writes the tokens on the element, sets its theme, and clears them for the next config', () => {
    const element = document.createElement('div');
    applyElementThemeConfig(element, { theme: 'dark', colorPrimary: '#7c3aed', colorText: '#eeeeee' });
    expect(element.style.getPropertyValue('--bi-color-primary')).toBe('#7c3aed');
    expect(element.getAttribute('theme')).toBe('dark');
    expect(elementThemeConfig(element)).toMatchObject({ colorPrimary: '#7c3aed' });

    applyElementThemeConfig(element, { colorText: '#101010' });
    expect(element.style.getPropertyValue('--bi-color-primary')).toBe('');
    expect(element.style.getPropertyValue('--bi-color-text')).toBe('#101010');

    applyElementThemeConfig(element, null);
    expect(element.style.getPropertyValue('--bi-color-text')).toBe('');
    expect(elementThemeConfig(element)).toBeNull();
  });

  it('sets the theme mode attribute and refuses an unknown mode', () => {
    const element = document.createElement('div');
    applyElementThemeMode(element, 'system');
    expect(element.getAttribute('theme-mode')).toBe('system');
    expect(() => applyElementThemeMode(element, 'sepia' as never)).toThrow(/unknown theme mode/);
  });
});

describe('elementStylesheet', () => {
  it('resets what a host page would pass on by inheritance, then applies the theme', () => {
    const css = elementStylesheet();
    expect(css).toMatch(/:host \{ all: initial; display: block;[^}]*color: var\(--bi-color-text\)[^}]*--bi-color-primary: #20a7c9;/);
    expect(css).toMatch(/:host\(\[theme="dark"\]\), :host\(\[theme-mode="dark"\]\) \{[^}]*color-scheme: dark;/);
  });
});
