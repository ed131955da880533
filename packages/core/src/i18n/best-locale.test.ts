import { describe, expect, it } from 'vitest';
import { bestLocale } from './best-locale';

describe('bestLocale', () => {
  it('takes a shipped region as it is and an unshipped one as its language', () => {
    expect(bestLocale(['pt-BR'])).toBe('pt-BR');
    expect(bestLocale(['pt-PT'])).toBe('pt');
    expect(bestLocale(['zh-CN'])).toBe('zh');
    expect(bestLocale(['ZH-hant-TW'])).toBe('zh');
    expect(bestLocale(['en-US'])).toBe('en');
    expect(bestLocale(['pt_BR'])).toBe('pt-BR');
  });

  it('keeps the order of the wishes, skipping the languages the product does not ship', () => {
    expect(bestLocale(['sv-SE', 'da', 'nl-BE', 'en'])).toBe('nl');
    expect(bestLocale(['ja', 'ko'])).toBe('ja');
    expect(bestLocale(['*', 'sl-SI'])).toBe('sl');
  });

  it('answers null when no wish is shipped, leaving the fallback to the caller', () => {
    expect(bestLocale(['sv', 'fi-FI'])).toBeNull();
    expect(bestLocale([])).toBeNull();
  });
});
